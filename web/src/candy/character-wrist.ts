// The candy wrapper on the default character: its left hand twisted about
// the bone's own axis relative to the forearm, so the wrist's blended
// vertices show the same collapse as the cylinder. The comparison ignores
// the wrist's twist limit (it shows what the skinning does, not what the
// joint allows). Volumes are of the whole closed body: only the vertices
// the hand moves change, so the difference from the rest volume is the
// wrist's loss.
import type * as THREE from 'three';
import type { BoneDesc, Vec3Tuple } from '../rig/rig-desc.js';
import { rigFromSkinnedMesh } from '../import/skinned-mesh-rig.js';

export const TWISTED_BONE = 'hand_l';
// The arm shown: triangles with any of these bones' influence.
const SHOWN_BONES = ['upper_arm_l', 'forearm_l', 'hand_l'];

export interface CharacterWrist {
  bones: BoneDesc[];
  positions: ArrayLike<number>;
  normals: ArrayLike<number>;
  /** Rig bone indices, four per vertex. */
  joints: Uint16Array;
  weights: ArrayLike<number>;
  /** Every triangle of the closed body (for its volume). */
  triangles: Uint32Array;
  /** The triangles of the left arm (for drawing). */
  armTriangles: Uint32Array;
  /** Slot of the hand's Euler order that turns about its own axis (+X). */
  twistSlot: number;
}

export function characterWrist(mesh: THREE.SkinnedMesh): CharacterWrist {
  const { bones, jointToBone } = rigFromSkinnedMesh(mesh);
  const hand = bones.findIndex((b) => b.name === TWISTED_BONE);
  if (hand < 0) throw new Error(`Candy wrapper: the character has no bone '${TWISTED_BONE}'`);
  const twistSlot = (bones[hand].order ?? 'XYZ').indexOf('X');
  const min: Vec3Tuple = [...(bones[hand].min ?? [-Math.PI, -Math.PI, -Math.PI])];
  const max: Vec3Tuple = [...(bones[hand].max ?? [Math.PI, Math.PI, Math.PI])];
  min[twistSlot] = -Math.PI;
  max[twistSlot] = Math.PI;
  const unlimited = bones.map((b, i) => (i === hand ? { ...b, min, max, swingMax: undefined, twistMin: undefined, twistMax: undefined } : b));

  const geometry = mesh.geometry;
  const skinIndex = geometry.getAttribute('skinIndex');
  const skinWeight = geometry.getAttribute('skinWeight');
  const joints = new Uint16Array(4 * skinIndex.count);
  for (let k = 0; k < joints.length; k++) joints[k] = jointToBone[skinIndex.array[k]];
  const index = geometry.getIndex();
  if (index === null) throw new Error('Candy wrapper: the character mesh has no index');
  const triangles = Uint32Array.from(index.array);

  const shown = new Set(SHOWN_BONES.map((name) => bones.findIndex((b) => b.name === name)));
  const inArm = (v: number) => [0, 1, 2, 3].some((k) => skinWeight.array[4 * v + k] > 0 && shown.has(joints[4 * v + k]));
  const arm: number[] = [];
  for (let t = 0; t < triangles.length; t += 3) {
    if (inArm(triangles[t]) || inArm(triangles[t + 1]) || inArm(triangles[t + 2])) arm.push(triangles[t], triangles[t + 1], triangles[t + 2]);
  }
  return {
    bones: unlimited,
    positions: geometry.getAttribute('position').array,
    normals: geometry.getAttribute('normal').array,
    joints,
    weights: skinWeight.array,
    triangles,
    armTriangles: Uint32Array.from(arm),
    twistSlot,
  };
}
