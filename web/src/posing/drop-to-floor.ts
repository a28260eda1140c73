// Drop to floor: the character moved straight down (or up) so that the
// lowest point of its skinned mesh, in the pose on screen, touches y = 0 —
// the skin, not the bones, so a foot's sole or a sitting body's seat lands
// on the floor. One undo step (the root offset; the angles stay).
import type { PoseEditor } from './pose-editor.js';
import type { Rig } from '../rig/rig.js';

/** One skinned mesh in bind space: xyz per vertex, and `per` joints and weights per vertex (rig bone indices). */
export interface BindMesh {
  positions: ArrayLike<number>;
  joints: ArrayLike<number>;
  weights: ArrayLike<number>;
  per: number;
}

/**
 * The lowest y of the meshes skinned by linear blending with `palette` (16
 * floats per bone, column-major: model ← bind): Σ w·(P·v) per vertex.
 */
export function lowestSkinnedY(palette: ArrayLike<number>, meshes: readonly BindMesh[]): number {
  let lowest = Infinity;
  for (const { positions, joints, weights, per } of meshes) {
    const count = positions.length / 3;
    for (let v = 0; v < count; v++) {
      const [x, y, z] = [positions[3 * v], positions[3 * v + 1], positions[3 * v + 2]];
      let skinnedY = 0;
      for (let k = 0; k < per; k++) {
        const w = weights[per * v + k];
        if (w === 0) continue;
        const m = 16 * joints[per * v + k];
        // Row 1 of the column-major matrix times (x, y, z, 1).
        skinnedY += w * (palette[m + 1] * x + palette[m + 5] * y + palette[m + 9] * z + palette[m + 13]);
      }
      if (skinnedY < lowest) lowest = skinnedY;
    }
  }
  return lowest;
}

/** The lowest y of the character: of its skin when it has meshes, else of its bones' origins and tips. */
export function lowestPointY(rig: Rig, meshes: readonly BindMesh[]): number {
  if (meshes.length > 0) return lowestSkinnedY(rig.palette(), meshes);
  const model_ms = rig.modelMatrices();
  const tips_ms = rig.boneTips();
  let lowest = Infinity;
  for (let b = 0; b < rig.boneCount; b++) lowest = Math.min(lowest, model_ms[16 * b + 13], tips_ms[3 * b + 1]);
  return lowest;
}

/** Moves the editor's character so that its lowest skinned point is on the floor; returns how far it moved (metres, up positive). */
export function dropToFloor(editor: PoseEditor, meshes: readonly BindMesh[]): number {
  const { rig } = editor.session;
  const lowest = lowestSkinnedY(rig.palette(), meshes);
  if (!Number.isFinite(lowest)) throw new Error('kin: this character has no skinned mesh to drop onto the floor');
  const [x, y, z] = rig.rootOffset;
  editor.setPose(rig.pose(), [x, y - lowest, z]);
  return -lowest;
}
