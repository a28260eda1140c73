// The skeleton drawn over the character, for seeing what the skin hides:
// each bone an octahedron from its joint to its tip (Blender's bone shape:
// wide near the joint, pointed at the tip), and at each joint its three
// rotation axes — the columns of the joint frame as posed, x red, y green,
// z blue — the axes the bone's Euler angles turn about. Drawn through the
// skin (no depth test), under the handles. update() follows the pose from
// the rig's model matrices and tips; it allocates nothing.
import * as THREE from 'three';
import type { QuatTuple } from '../rig/rig-desc.js';

// Under the bone highlight (9) and the handles (10, 11), over the character.
const RENDER_ORDER = 8;
/** The octahedron's widest ring: this far along the bone, this wide (fractions of its length). */
const RING_AT = 0.12;
const RING_HALF_WIDTH = 0.08;
/** Joint axes are this fraction of the bone's length, and no shorter than MIN_AXIS (model units). */
const AXIS_FRACTION = 0.35;
const MIN_AXIS = 0.03;
const AXIS_COLORS = [new THREE.Color(0xff5a5a), new THREE.Color(0x6ee06e), new THREE.Color(0x5a8cff)];

/** A unit bone along +y with flat-shaded faces (lighter facing up); placeBone() stretches it from a joint to a tip. */
export function boneGeometry(): THREE.BufferGeometry {
  const head = [0, 0, 0];
  const tail = [0, 1, 0];
  const ring = [
    [RING_HALF_WIDTH, RING_AT, 0],
    [0, RING_AT, RING_HALF_WIDTH],
    [-RING_HALF_WIDTH, RING_AT, 0],
    [0, RING_AT, -RING_HALF_WIDTH],
  ];
  const positions: number[] = [];
  const colors: number[] = [];
  for (let k = 0; k < 4; k++) {
    const a = ring[k];
    const b = ring[(k + 1) % 4];
    // Outward winding: head faces below the ring, tail faces above it.
    for (const [face, shade] of [[[head, b, a], 0.55], [[a, b, tail], 0.85 - 0.1 * (k % 2)]] as const) {
      for (const vertex of face) {
        positions.push(...vertex);
        colors.push(shade, shade, shade);
      }
    }
  }
  const geometry = new THREE.BufferGeometry();
  geometry.setAttribute('position', new THREE.Float32BufferAttribute(positions, 3));
  geometry.setAttribute('color', new THREE.Float32BufferAttribute(colors, 3));
  return geometry;
}

const boneRotation = new THREE.Quaternion();
const boneScale = new THREE.Vector3();

/**
 * The instance matrix (into `out`) that stretches boneGeometry() from
 * `origin_ms` to the tip (x, y, z), model space; returns the bone's length.
 * A bone without length is scaled to nothing. Allocation-free: plain
 * arithmetic rather than Vector3 calls, whose double results a caller not
 * yet optimised would box.
 */
export function placeBone(out: THREE.Matrix4, origin_ms: THREE.Vector3, tipX: number, tipY: number, tipZ: number): number {
  const dx = tipX - origin_ms.x;
  const dy = tipY - origin_ms.y;
  const dz = tipZ - origin_ms.z;
  const length = Math.sqrt(dx * dx + dy * dy + dz * dz);
  if (length > 1e-6) {
    // The shortest turn from +y to d / |d|: axis +y × d = (dz, 0, −dx), w = |d| + d·(+y), normalised
    // (half-angle form). Pointing straight down, any half turn about a horizontal axis: about z.
    const w = length + dy;
    if (w > 1e-9 * length) {
      const norm = Math.sqrt(dz * dz + dx * dx + w * w);
      boneRotation.set(dz / norm, 0, -dx / norm, w / norm);
    } else boneRotation.set(0, 0, 1, 0);
  }
  boneScale.set(length, length, length);
  out.compose(origin_ms, boneRotation, boneScale);
  return length;
}

export class SkeletonOverlay {
  readonly group = new THREE.Group();
  private readonly bones: THREE.InstancedMesh;
  private readonly axes: THREE.LineSegments;
  private readonly axisPositions: THREE.BufferAttribute;
  private readonly frames_bs: THREE.Quaternion[];
  private readonly matrix = new THREE.Matrix4();
  private readonly model_ms = new THREE.Matrix4();
  private readonly origin_ms = new THREE.Vector3();
  private readonly direction = new THREE.Vector3();
  private readonly rotation = new THREE.Quaternion();
  private readonly scale = new THREE.Vector3();
  private readonly axis = new THREE.Vector3();

  /** `frames_bs`: each bone's joint frame F (x y z w), whose columns are its rotation axes. */
  constructor(scene: THREE.Scene, frames_bs: readonly QuatTuple[]) {
    const count = frames_bs.length;
    this.frames_bs = frames_bs.map((f) => new THREE.Quaternion().fromArray(f));
    const boneMaterial = new THREE.MeshBasicMaterial({ color: 0xd6dbe4, vertexColors: true, transparent: true, opacity: 0.75, depthTest: false, depthWrite: false });
    this.bones = new THREE.InstancedMesh(boneGeometry(), boneMaterial, count);
    this.bones.renderOrder = RENDER_ORDER;
    this.bones.frustumCulled = false;
    this.axisPositions = new THREE.BufferAttribute(new Float32Array(3 * 6 * count), 3);
    const axisColors = new Float32Array(3 * 6 * count);
    for (let b = 0; b < count; b++) {
      for (let k = 0; k < 3; k++) {
        for (let end = 0; end < 2; end++) AXIS_COLORS[k].toArray(axisColors, 3 * (6 * b + 2 * k + end));
      }
    }
    const axisGeometry = new THREE.BufferGeometry();
    axisGeometry.setAttribute('position', this.axisPositions);
    axisGeometry.setAttribute('color', new THREE.BufferAttribute(axisColors, 3));
    this.axes = new THREE.LineSegments(axisGeometry, new THREE.LineBasicMaterial({ vertexColors: true, transparent: true, depthTest: false, depthWrite: false }));
    this.axes.renderOrder = RENDER_ORDER;
    this.axes.frustumCulled = false;
    this.group.name = 'skeleton-overlay';
    this.group.visible = false;
    this.group.add(this.bones, this.axes);
    scene.add(this.group);
  }

  get visible(): boolean {
    return this.group.visible;
  }

  set visible(shown: boolean) {
    this.group.visible = shown;
  }

  /** Follows the pose: bone-to-model matrices (16 floats per bone) and tips (3 per bone), model space. */
  update(model_ms: Float32Array, tips_ms: Float32Array): void {
    const positions = this.axisPositions.array as Float32Array;
    for (let b = 0; b < this.frames_bs.length; b++) {
      this.model_ms.fromArray(model_ms, 16 * b);
      this.origin_ms.setFromMatrixPosition(this.model_ms);
      // A bone without length is drawn as nothing but its axes.
      const length = placeBone(this.matrix, this.origin_ms, tips_ms[3 * b], tips_ms[3 * b + 1], tips_ms[3 * b + 2]);
      this.bones.setMatrixAt(b, this.matrix);
      // The joint's axes: the bone's model rotation (scale taken out) times its frame.
      this.model_ms.decompose(this.direction, this.rotation, this.scale);
      this.rotation.multiply(this.frames_bs[b]);
      const axisLength = Math.max(AXIS_FRACTION * length, MIN_AXIS);
      for (let k = 0; k < 3; k++) {
        this.axis.set(k === 0 ? 1 : 0, k === 1 ? 1 : 0, k === 2 ? 1 : 0).applyQuaternion(this.rotation).multiplyScalar(axisLength);
        const at = 3 * (6 * b + 2 * k);
        positions[at] = this.origin_ms.x;
        positions[at + 1] = this.origin_ms.y;
        positions[at + 2] = this.origin_ms.z;
        positions[at + 3] = this.origin_ms.x + this.axis.x;
        positions[at + 4] = this.origin_ms.y + this.axis.y;
        positions[at + 5] = this.origin_ms.z + this.axis.z;
      }
    }
    this.bones.instanceMatrix.needsUpdate = true;
    this.axisPositions.needsUpdate = true;
  }

  dispose(): void {
    this.group.removeFromParent();
    this.bones.geometry.dispose();
    (this.bones.material as THREE.Material).dispose();
    this.bones.dispose();
    this.axes.geometry.dispose();
    (this.axes.material as THREE.Material).dispose();
  }
}
