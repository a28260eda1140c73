// Rigs described in the two seed conventions of DESIGN.md ("The kinematic
// model"), turned into the joint model by the core's own presets
// (wasm/include/kin/presets.h) so that the rule for joint frames lives in one
// place. The results are BoneDesc[] for Rig.create().
//
// Axes from the bone (Scotty3D-style): a bone starts at its parent's tip (a
// root at `base`) and ends at + extent, in axes aligned with its parent's;
// y_b = normalize(extent), x_b = +X made perpendicular to y_b (+Z if
// parallel) then rolled by `roll` about y_b, z_b = x_b × y_b; the pose turns
// about x_b, then y_b, then z_b. Scotty3D's "base offset" (the skeleton's
// translation) is the pose's root offset, which every rig already has
// (Rig.setRootOffset, setPose's rootOffset): a root sits at base + offset.
//
// Canonical bone: each bone lies along +X of its own frame with `length`;
// restT / restQ place that frame in the parent's; the pose is a twist about
// x, a bend about z, then a twist about x (Euler order XZX).
import type { AxesFromBoneDesc, CanonicalBoneDesc, KinModule, PresetResult } from '../wasm/generated/kin.js';
import type { BoneDesc } from './rig-desc.js';

export type { AxesFromBoneDesc, CanonicalBoneDesc } from '../wasm/generated/kin.js';

/** The joint model of bones in the axes-from-the-bone convention; throws Error('Rig: …') naming the bone and field. */
export function axesFromBoneRig(module: KinModule, bones: readonly AxesFromBoneDesc[]): BoneDesc[] {
  return presetBones(module.axesFromBoneRig(bones));
}

/** The joint model of bones in the canonical-bone convention; throws Error('Rig: …') naming the bone and field. */
export function canonicalBoneRig(module: KinModule, bones: readonly CanonicalBoneDesc[]): BoneDesc[] {
  return presetBones(module.canonicalBoneRig(bones));
}

function presetBones(result: PresetResult): BoneDesc[] {
  if (result.error !== '') throw new Error(`Rig: ${result.error}`);
  // The core writes only its own Euler order names (EULER_ORDERS).
  return result.bones as BoneDesc[];
}
