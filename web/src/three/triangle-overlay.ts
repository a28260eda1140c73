// The two-bone solver's triangle (lessons): shoulder, elbow and wrist
// joined by the bones' sides a and b (solid) and the third side c from the
// shoulder to the wrist (dashed) — the side the law of cosines turns into
// the elbow's angle — and a line from the elbow to its pole. Drawn through
// the skin; update() writes into fixed buffers.
import * as THREE from 'three';

const RENDER_ORDER = 12;

export class TriangleOverlay {
  readonly sides: THREE.LineSegments;
  readonly third: THREE.Line;
  private readonly sidePositions: THREE.BufferAttribute;
  private readonly thirdPositions: THREE.BufferAttribute;

  constructor(scene: THREE.Scene) {
    this.sidePositions = new THREE.BufferAttribute(new Float32Array(18), 3);
    const sides = new THREE.BufferGeometry();
    sides.setAttribute('position', this.sidePositions);
    this.sides = new THREE.LineSegments(sides, new THREE.LineBasicMaterial({ color: 0xffc857, transparent: true, depthTest: false, depthWrite: false }));
    this.sides.name = 'two-bone-triangle';
    this.thirdPositions = new THREE.BufferAttribute(new Float32Array(6), 3);
    const third = new THREE.BufferGeometry();
    third.setAttribute('position', this.thirdPositions);
    this.third = new THREE.Line(third, new THREE.LineDashedMaterial({ color: 0xffc857, dashSize: 0.03, gapSize: 0.02, transparent: true, depthTest: false, depthWrite: false }));
    this.third.name = 'two-bone-third-side';
    for (const line of [this.sides, this.third]) {
      line.renderOrder = RENDER_ORDER;
      line.frustumCulled = false;
      scene.add(line);
    }
  }

  /** Shoulder, elbow, wrist and pole, model space. */
  update(shoulder: ArrayLike<number>, elbow: ArrayLike<number>, wrist: ArrayLike<number>, pole: ArrayLike<number>): void {
    const s = this.sidePositions.array as Float32Array;
    const put = (out: Float32Array, offset: number, p: ArrayLike<number>): void => {
      out[offset] = p[0];
      out[offset + 1] = p[1];
      out[offset + 2] = p[2];
    };
    put(s, 0, shoulder);
    put(s, 3, elbow);
    put(s, 6, elbow);
    put(s, 9, wrist);
    put(s, 12, elbow);
    put(s, 15, pole);
    this.sidePositions.needsUpdate = true;
    const t = this.thirdPositions.array as Float32Array;
    put(t, 0, shoulder);
    put(t, 3, wrist);
    this.thirdPositions.needsUpdate = true;
    this.third.computeLineDistances();
  }

  dispose(): void {
    for (const line of [this.sides, this.third]) {
      line.removeFromParent();
      line.geometry.dispose();
      (line.material as THREE.Material).dispose();
    }
  }
}
