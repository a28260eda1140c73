// A body for a rig built in a seed convention: one closed tube per bone,
// from its bind-pose origin to its tip (bones may point anywhere and need
// not continue their parents), skinned wholly to that bone. The bind pose
// comes from the module (a throwaway rig), so the mesh fits whatever
// extents, rolls and rest transforms the lesson was given.
import { Rig } from '../rig/rig.js';
import type { BoneDesc, Vec3Tuple } from '../rig/rig-desc.js';
import type { KinModule } from '../wasm/generated/kin.js';
import { limbTubes } from './limb-tubes.js';
import type { LessonMesh } from './skinned-tube.js';

const MIN_LENGTH = 1e-3;

export function boneTubes(module: KinModule, bones: readonly BoneDesc[], radius: number): LessonMesh {
  const rig = Rig.create(module, bones);
  try {
    const bind = rig.bindMatrices();
    const tips = rig.boneTips();
    const chains = bones.flatMap((_, bone) => {
      const start_ms: Vec3Tuple = [bind[16 * bone + 12], bind[16 * bone + 13], bind[16 * bone + 14]];
      const along = [tips[3 * bone] - start_ms[0], tips[3 * bone + 1] - start_ms[1], tips[3 * bone + 2] - start_ms[2]];
      const length = Math.hypot(along[0], along[1], along[2]);
      if (length < MIN_LENGTH) return [];
      const direction: Vec3Tuple = [along[0] / length, along[1] / length, along[2] / length];
      // Narrower toward the tip, so that the bone's direction reads.
      return [{ start_ms, direction, bones: [bone], lengths: [length], radius: (d: number) => radius * (1 - (0.45 * d) / length) }];
    });
    return limbTubes(chains);
  } finally {
    rig.dispose();
  }
}
