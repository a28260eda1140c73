// Lines between the two points of each contact (a hand and the shoulder it
// holds), so that it reads which goal is held where, in the view's space
// (the active character's model space, as the handles). Drawn through the
// skin like the pole lines, in the contacts' own colour; set() writes the
// points in place and allocates nothing.
import * as THREE from 'three';

// With the handles' outlines, as the pole lines.
const RENDER_ORDER = 10;
const CONTACT_COLOR = 0xff7ab8;

export class ContactLines {
  readonly lines: THREE.LineSegments;
  private readonly positions: THREE.BufferAttribute;

  /** Room for `capacity` contacts. */
  constructor(scene: THREE.Object3D, private readonly capacity: number) {
    this.positions = new THREE.BufferAttribute(new Float32Array(6 * capacity), 3);
    const geometry = new THREE.BufferGeometry();
    geometry.setAttribute('position', this.positions);
    geometry.setDrawRange(0, 0);
    this.lines = new THREE.LineSegments(geometry, new THREE.LineBasicMaterial({ color: CONTACT_COLOR, depthTest: false, depthWrite: false, transparent: true, opacity: 0.9 }));
    this.lines.name = 'contact-lines';
    this.lines.renderOrder = RENDER_ORDER;
    this.lines.frustumCulled = false;
    this.lines.visible = false;
    scene.add(this.lines);
  }

  /** Line `k` from (ax, ay, az) to (bx, by, bz); k below the capacity. */
  set(k: number, a: ArrayLike<number>, b: ArrayLike<number>): void {
    const p = this.positions.array as Float32Array;
    p[6 * k] = a[0];
    p[6 * k + 1] = a[1];
    p[6 * k + 2] = a[2];
    p[6 * k + 3] = b[0];
    p[6 * k + 4] = b[1];
    p[6 * k + 5] = b[2];
  }

  /** Draws the first `count` lines set. */
  show(count: number): void {
    const n = Math.min(count, this.capacity);
    this.lines.geometry.setDrawRange(0, 2 * n);
    this.lines.visible = n > 0;
    this.positions.needsUpdate = true;
  }

  dispose(): void {
    this.lines.removeFromParent();
    this.lines.geometry.dispose();
    (this.lines.material as THREE.Material).dispose();
  }
}
