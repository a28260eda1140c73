// Paths of bone tips over a clip (lessons): one polyline per bone, from
// tip positions sampled by the core, each in its own colour. Rebuilt when
// the clip changes, not per frame.
import * as THREE from 'three';

const RENDER_ORDER = 11;

export class TipTrails {
  readonly group = new THREE.Group();

  constructor(scene: THREE.Scene) {
    this.group.name = 'tip-trails';
    scene.add(this.group);
  }

  /** One trail per entry: its points (3 floats each, model space) and colour. */
  show(trails: readonly { points: ArrayLike<number>; color: number }[]): void {
    this.clear();
    for (const { points, color } of trails) {
      const geometry = new THREE.BufferGeometry();
      geometry.setAttribute('position', new THREE.BufferAttribute(Float32Array.from(points), 3));
      const line = new THREE.Line(geometry, new THREE.LineBasicMaterial({ color, transparent: true, opacity: 0.9, depthTest: false, depthWrite: false }));
      line.name = 'tip-trail';
      line.renderOrder = RENDER_ORDER;
      line.frustumCulled = false;
      this.group.add(line);
    }
  }

  dispose(): void {
    this.clear();
    this.group.removeFromParent();
  }

  private clear(): void {
    for (const child of [...this.group.children]) {
      child.removeFromParent();
      const line = child as THREE.Line;
      line.geometry.dispose();
      (line.material as THREE.Material).dispose();
    }
  }
}
