// Canonical bones and FK: the same three-bone arm described the
// canonical-bone way — each bone lies along +X of its own frame with a
// length, and a rest transform (translation, rotation) places that frame in
// its parent's — posed by twist (x), bend (z), twist (x), and built by the
// core's preset (rig/convention-rigs.ts). The lesson's sliders rebuild it
// with other lengths and rest rotations.
import { canonicalBoneRig, type CanonicalBoneDesc } from '../rig/convention-rigs.js';
import type { QuatTuple } from '../rig/rig-desc.js';
import type { KinModule } from '../wasm/generated/kin.js';
import { boneTubes } from './convention-mesh.js';
import type { Lesson } from './lesson.js';

/** A rotation about z by `angle` radians (x y z w). */
export function aboutZ(angle: number): QuatTuple {
  return [0, 0, Math.sin(angle / 2), Math.cos(angle / 2)];
}

export const CANONICAL_BONES: readonly CanonicalBoneDesc[] = [
  { name: 'upper', parent: -1, restT: [0, 0.55, 0], restQ: aboutZ(0.86), length: 0.46 },
  { name: 'fore', parent: 0, restT: [0.46, 0, 0], restQ: aboutZ(-0.86), length: 0.4 },
  { name: 'hand', parent: 1, restT: [0.4, 0, 0], restQ: aboutZ(0.4), length: 0.14 },
];

export function canonicalLesson(module: KinModule, bones: readonly CanonicalBoneDesc[] = CANONICAL_BONES): Lesson {
  const rig = canonicalBoneRig(module, bones);
  return {
    bones: rig,
    mesh: boneTubes(module, rig, 0.045),
    poses: [
      { name: 'start', label: 'Bent (start)', angles: { fore: [0, 0.5, 0] }, rootOffset_ms: [0, 0, 0] },
      { name: 'rest', label: 'Rest', angles: {}, rootOffset_ms: [0, 0, 0] },
    ],
  };
}
