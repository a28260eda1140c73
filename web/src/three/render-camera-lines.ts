// The render camera drawn in the orbit view (the frame guide outside the
// look-through view): lines from where it stands to the corners of its
// frame in the plane through its target, the frame itself and a tick on its
// top edge, in the world. An overlay: clean pictures leave it out.
import * as THREE from 'three';

type Point = readonly number[];

const SEGMENTS = 10;

export class RenderCameraLines {
  readonly lines: THREE.LineSegments<THREE.BufferGeometry, THREE.LineBasicMaterial>;
  private readonly positions = new Float32Array(SEGMENTS * 2 * 3);

  constructor(parent: THREE.Object3D) {
    const geometry = new THREE.BufferGeometry();
    geometry.setAttribute('position', new THREE.BufferAttribute(this.positions, 3));
    this.lines = new THREE.LineSegments(geometry, new THREE.LineBasicMaterial({ color: 0xffc94d, depthTest: false, transparent: true, opacity: 0.85 }));
    this.lines.name = 'render-camera-lines';
    this.lines.userData.overlay = true;
    this.lines.frustumCulled = false;
    this.lines.renderOrder = 10;
    parent.add(this.lines);
  }

  set visible(shown: boolean) {
    this.lines.visible = shown;
  }

  /** From `position` to the frame's `corners` (world space: top left, top right, bottom right, bottom left). */
  place(position: Point, corners: readonly Point[]): void {
    const top = corners[0].map((v, i) => (v + corners[1][i]) / 2);
    const lift = corners[0].map((v, i) => ((v - corners[3][i]) * 0.08 + top[i]));
    const points = [
      ...corners.flatMap((c) => [position, c]),
      ...corners.flatMap((c, i) => [c, corners[(i + 1) % 4]]),
      corners[0].map((v, i) => (v + top[i]) / 2), lift,
      lift, corners[1].map((v, i) => (v + top[i]) / 2),
    ];
    points.forEach((p, k) => this.positions.set(p, 3 * k));
    (this.lines.geometry.getAttribute('position') as THREE.BufferAttribute).needsUpdate = true;
  }

  dispose(): void {
    this.lines.geometry.dispose();
    this.lines.material.dispose();
    this.lines.removeFromParent();
  }
}
