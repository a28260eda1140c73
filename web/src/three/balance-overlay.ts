// The balance on the floor while Keep balance is on: a small marker on the
// centre of mass, a line down to its floor projection and a cross there,
// and the support polygon of the planted feet as an outline on the floor.
// Drawn through the skin like the pole lines, in the rig's model space as
// the handles are; update() reads the rig's balance buffer (centre, then
// (x, z) vertices) and allocates nothing.
import * as THREE from 'three';

// With the pole lines (10), under the handles (11).
const RENDER_ORDER = 10;
// Just above the floor, so the ground does not hide the outline.
const FLOOR_Y = 0.002;
/** The most vertices the core's support polygon has (kMaxSupportVertices). */
const MAX_VERTICES = 16;
const CROSS = 0.04;
const COLOR = 0xffb347;

export class BalanceOverlay {
  readonly group = new THREE.Group();
  private readonly polygon: THREE.LineLoop;
  private readonly polygonPositions: THREE.BufferAttribute;
  private readonly plumb: THREE.LineSegments;
  private readonly plumbPositions: THREE.BufferAttribute;
  private readonly marker: THREE.Mesh;

  constructor(scene: THREE.Scene) {
    const material = new THREE.LineBasicMaterial({ color: COLOR, transparent: true, opacity: 0.9, depthTest: false, depthWrite: false });
    this.polygonPositions = new THREE.BufferAttribute(new Float32Array(3 * MAX_VERTICES), 3);
    const polygonGeometry = new THREE.BufferGeometry();
    polygonGeometry.setAttribute('position', this.polygonPositions);
    this.polygon = new THREE.LineLoop(polygonGeometry, material);
    // The line from the centre down, then the cross on the floor: three segments.
    this.plumbPositions = new THREE.BufferAttribute(new Float32Array(18), 3);
    const plumbGeometry = new THREE.BufferGeometry();
    plumbGeometry.setAttribute('position', this.plumbPositions);
    this.plumb = new THREE.LineSegments(plumbGeometry, material);
    this.marker = new THREE.Mesh(
      new THREE.SphereGeometry(0.025, 12, 8),
      new THREE.MeshBasicMaterial({ color: COLOR, depthTest: false, depthWrite: false }),
    );
    for (const part of [this.polygon, this.plumb, this.marker]) {
      part.renderOrder = RENDER_ORDER;
      part.frustumCulled = false;
      this.group.add(part);
    }
    this.group.name = 'balance-overlay';
    this.group.visible = false;
    scene.add(this.group);
  }

  get visible(): boolean {
    return this.group.visible;
  }

  set visible(shown: boolean) {
    this.group.visible = shown;
  }

  /** Follows a rig's balance buffer (Rig.balance()): the centre of mass, then the polygon's (x, z) vertices. */
  update(balance: Float32Array): void {
    const x = balance[0], y = balance[1], z = balance[2];
    this.marker.position.set(x, y, z);
    const p = this.plumbPositions;
    p.setXYZ(0, x, y, z);
    p.setXYZ(1, x, FLOOR_Y, z);
    p.setXYZ(2, x - CROSS, FLOOR_Y, z);
    p.setXYZ(3, x + CROSS, FLOOR_Y, z);
    p.setXYZ(4, x, FLOOR_Y, z - CROSS);
    p.setXYZ(5, x, FLOOR_Y, z + CROSS);
    p.needsUpdate = true;
    const count = Math.min((balance.length - 3) >> 1, MAX_VERTICES);
    for (let i = 0; i < count; i++) this.polygonPositions.setXYZ(i, balance[3 + 2 * i], FLOOR_Y, balance[4 + 2 * i]);
    this.polygonPositions.needsUpdate = true;
    this.polygon.geometry.setDrawRange(0, count);
    this.polygon.visible = count > 0;
  }

  dispose(): void {
    this.group.removeFromParent();
    this.polygon.geometry.dispose();
    this.plumb.geometry.dispose();
    this.marker.geometry.dispose();
    (this.polygon.material as THREE.Material).dispose();
    (this.marker.material as THREE.Material).dispose();
  }
}
