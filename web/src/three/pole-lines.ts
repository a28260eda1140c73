// Lines from each bending joint (an elbow, a knee) to its pole
// handle, so that it reads which joint a pole pulls. Drawn through the skin
// like the handles; update() follows the pose and the poles and allocates
// nothing.
import * as THREE from 'three';

// With the handles' outlines (10), under the handles themselves (11).
const RENDER_ORDER = 10;

export class PoleLines {
  readonly lines: THREE.LineSegments;
  private readonly positions: THREE.BufferAttribute;

  /** One line per pole; `count` poles at most. */
  constructor(scene: THREE.Scene, private readonly count: number) {
    this.positions = new THREE.BufferAttribute(new Float32Array(6 * Math.max(count, 1)), 3);
    const geometry = new THREE.BufferGeometry();
    geometry.setAttribute('position', this.positions);
    this.lines = new THREE.LineSegments(geometry, new THREE.LineBasicMaterial({ color: 0xdfe3ea, transparent: true, opacity: 0.6, depthTest: false, depthWrite: false }));
    this.lines.name = 'pole-lines';
    this.lines.renderOrder = RENDER_ORDER;
    this.lines.frustumCulled = false;
    this.lines.visible = count > 0;
    scene.add(this.lines);
  }

  /**
   * Line `k` from bone `joints[k]`'s origin (bone-to-model matrices, 16 floats
   * per bone) to the pole at `poles_ms[3 · poleGoals[k]]`.
   */
  update(model_ms: Float32Array, joints: Int32Array, poles_ms: Float64Array, poleGoals: Int32Array): void {
    const p = this.positions.array as Float32Array;
    for (let k = 0; k < this.count; k++) {
      const m = 16 * joints[k];
      const q = 3 * poleGoals[k];
      p[6 * k] = model_ms[m + 12];
      p[6 * k + 1] = model_ms[m + 13];
      p[6 * k + 2] = model_ms[m + 14];
      p[6 * k + 3] = poles_ms[q];
      p[6 * k + 4] = poles_ms[q + 1];
      p[6 * k + 5] = poles_ms[q + 2];
    }
    this.positions.needsUpdate = true;
  }

  dispose(): void {
    this.lines.removeFromParent();
    this.lines.geometry.dispose();
    (this.lines.material as THREE.Material).dispose();
  }
}
