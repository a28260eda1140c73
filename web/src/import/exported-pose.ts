// The rig of a glTF skin, posed as the file shows it. A file this page
// exported (export/joint-nodes.ts) keeps its rig's rest pose and angles in
// the joints' extras.kin, and skinned-mesh-rig.ts builds the rig from that
// rest: it opens as the same rig (limits, angles and Reset mean what they
// meant before) in the pose it was exported in. If the rig so posed does
// not put its bones where the file's nodes are, the file was changed after
// the export (in another tool): the extras are stale, the rig is built
// again with the nodes' pose as its rest, and the page says so.
import type * as THREE from 'three';
import { BIND_POSE, type PosePreset } from '../posing/pose-presets.js';
import { Rig } from '../rig/rig.js';
import type { Vec3Tuple } from '../rig/rig-desc.js';
import type { KinModule } from '../wasm/generated/kin.js';
import { type SkinnedMeshRig, rigFromSkeleton } from './skinned-mesh-rig.js';

// How far (relative to the matrices' size) a bone may sit from its node:
// the export writes the nodes from float32 matrices, an edit moves them by
// far more.
const NODE_TOLERANCE = 1e-4;

export interface PosedSkinRig {
  rig: Rig;
  /** The description the rig was built from (its jointToBone maps the meshes' joints). */
  desc: SkinnedMeshRig;
  /** The character's poses: the file's first (its start pose, what Reset applies) when it has one, then the bind pose. */
  presets: PosePreset[];
  /** What to tell the user when the file's extras were stale. */
  warning: string | null;
}

/** The first rig bone whose posed model matrix is not its node's world matrix, or null. */
function boneOffItsNode(rig: Rig, nodes: readonly THREE.Object3D[]): string | null {
  const model_ms = rig.modelMatrices();
  for (let bone = 0; bone < rig.boneCount; bone++) {
    nodes[bone].updateWorldMatrix(true, false);
    const world = nodes[bone].matrixWorld.elements;
    const size = Math.max(1, ...world.map(Math.abs));
    if (world.some((value, k) => Math.abs(value - model_ms[16 * bone + k]) > NODE_TOLERANCE * size)) return rig.boneNames[bone];
  }
  return null;
}

function filePose(rig: Rig, angles: readonly number[], rootOffset_ms: Vec3Tuple): PosePreset {
  const table = Object.fromEntries(rig.boneNames.map((name, bone) => [name, [angles[3 * bone], angles[3 * bone + 1], angles[3 * bone + 2]] as const]));
  return { name: 'file', label: 'As in the file', angles: table, rootOffset_ms };
}

/** Builds the rig of `skeleton` from `desc` (rigFromSkeleton's), posed as the file's nodes; throws a Rig error naming a bad input. */
export function posedSkinRig(module: KinModule, skeleton: THREE.Skeleton, desc: SkinnedMeshRig): PosedSkinRig {
  const rig = Rig.create(module, desc.bones);
  if (desc.pose === null) return { rig, desc, presets: [BIND_POSE], warning: null };
  rig.setPose(desc.pose.angles, desc.pose.rootOffset);
  const off = boneOffItsNode(rig, desc.nodes);
  if (off === null) return { rig, desc, presets: [filePose(rig, desc.pose.angles, desc.pose.rootOffset), BIND_POSE], warning: null };
  rig.dispose();
  const fromNodes = rigFromSkeleton(skeleton, { kinRest: false });
  return {
    rig: Rig.create(module, fromNodes.bones),
    desc: fromNodes,
    presets: [BIND_POSE],
    warning: `Its joints' rest pose and angles (extras.kin, as this page exports them) do not give its nodes' pose (bone '${off}' differs; was it changed in another tool?): the nodes' pose is its rest pose.`,
  };
}
