// Spaces and axes (Scotty3D A4T2a): a three-bone arm described the
// "axes from the bone" way — each bone an extent from its parent's tip and
// a roll; the root at a base — and built by the core's preset
// (rig/convention-rigs.ts). The forearm is rolled a quarter turn, so that
// its x and z axes visibly differ from its parent's. The lesson's sliders
// rebuild it with other extents, rolls and base.
import { axesFromBoneRig, type AxesFromBoneDesc } from '../rig/convention-rigs.js';
import type { KinModule } from '../wasm/generated/kin.js';
import { boneTubes } from './convention-mesh.js';
import type { Lesson } from './lesson.js';

export const SPACES_BONES: readonly AxesFromBoneDesc[] = [
  { name: 'upper', parent: -1, extent: [0.3, 0.35, 0], roll: 0, base: [0, 0.55, 0] },
  { name: 'fore', parent: 0, extent: [0.4, 0, 0], roll: Math.PI / 2 },
  { name: 'hand', parent: 1, extent: [0.12, 0.06, 0.06], roll: 0 },
];

export function spacesLesson(module: KinModule, bones: readonly AxesFromBoneDesc[] = SPACES_BONES): Lesson {
  const rig = axesFromBoneRig(module, bones);
  return {
    bones: rig,
    mesh: boneTubes(module, rig, 0.045),
    poses: [
      { name: 'start', label: 'Bent (start)', angles: { fore: [0.5, 0, 0] }, rootOffset_ms: [0, 0, 0] },
      { name: 'bind', label: 'Bind pose', angles: {}, rootOffset_ms: [0, 0, 0] },
    ],
  };
}
