// The selected bone, drawn over the character: a tapered shaft from the
// joint to the tip and a ball on the joint, visible through the skin (no
// depth test) but under the target handles. It lives in the rig's model
// space, like the handles. show() allocates nothing: it runs whenever the
// selected bone moves.
import * as THREE from 'three';

const COLOR = 0xffd84d;
const SHAFT_RADIUS = 0.016;
const JOINT_RADIUS = 0.026;
// Under the handles (10 and 11), after the character and the grid.
const RENDER_ORDER = 9;
const UP = new THREE.Vector3(0, 1, 0);

export class BoneHighlight {
  readonly group = new THREE.Group();
  private readonly shaftGeometry = new THREE.CylinderGeometry(0.35, 1, 1, 12).translate(0, 0.5, 0);
  private readonly jointGeometry = new THREE.SphereGeometry(1, 16, 12);
  private readonly material = new THREE.MeshBasicMaterial({ color: COLOR, transparent: true, opacity: 0.9, depthTest: false, depthWrite: false });
  private readonly shaft = new THREE.Mesh(this.shaftGeometry, this.material);
  private readonly joint = new THREE.Mesh(this.jointGeometry, this.material);
  private readonly direction = new THREE.Vector3();

  constructor(scene: THREE.Scene) {
    this.group.name = 'bone-highlight';
    this.group.visible = false;
    this.shaft.renderOrder = RENDER_ORDER;
    this.joint.renderOrder = RENDER_ORDER;
    this.joint.scale.setScalar(JOINT_RADIUS);
    this.shaft.scale.set(SHAFT_RADIUS, 1, SHAFT_RADIUS);
    this.group.add(this.shaft, this.joint);
    scene.add(this.group);
  }

  /**
   * Draws the bone from its joint (the translation of its bone-to-model
   * matrix, 16 floats from `matrices_ms[m]`) to its tip (3 floats from
   * `tips_ms[t]`), in model space. Coordinates are read from the arrays and
   * written into the vectors here: passed as numbers to a call V8 does not
   * inline (three.js's set(), divideScalar()), each was a heap number per
   * frame while a clip plays with a bone selected.
   */
  show(matrices_ms: ArrayLike<number>, m: number, tips_ms: ArrayLike<number>, t: number): void {
    this.group.visible = true;
    const { position } = this.joint;
    position.x = matrices_ms[m + 12];
    position.y = matrices_ms[m + 13];
    position.z = matrices_ms[m + 14];
    this.shaft.position.copy(position);
    const direction = this.direction;
    direction.x = tips_ms[t] - position.x;
    direction.y = tips_ms[t + 1] - position.y;
    direction.z = tips_ms[t + 2] - position.z;
    const length = direction.length();
    // A bone without length is only its joint.
    this.shaft.visible = length > 1e-6;
    if (!this.shaft.visible) return;
    direction.x /= length;
    direction.y /= length;
    direction.z /= length;
    this.shaft.quaternion.setFromUnitVectors(UP, direction);
    this.shaft.scale.y = length;
  }

  hide(): void {
    this.group.visible = false;
  }

  dispose(): void {
    this.group.removeFromParent();
    this.shaftGeometry.dispose();
    this.jointGeometry.dispose();
    this.material.dispose();
  }
}
