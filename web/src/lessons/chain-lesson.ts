// The tentacle: ten short ball-jointed segments standing up from the ground,
// narrowing toward the tip. Each joint swings at most SWING from its rest
// direction and twists a little about its own axis (its y, the one along
// the segment), so long reaches spread over many joints: where CCD, FABRIK
// and the Jacobian methods differ most visibly.
import type { BoneDesc, Vec3Tuple } from '../rig/rig-desc.js';
import type { Lesson } from './lesson.js';
import { skinnedTube } from './skinned-tube.js';

const SEGMENTS = 10;
const SEGMENT_LENGTH = 0.14;
const BASE_MS: Vec3Tuple = [0, 0.05, 0];
const SWING = 0.6;
const TWIST = 0.35;

function segmentName(k: number): string {
  return `segment_${String(k + 1).padStart(2, '0')}`;
}

export function chainLesson(): Lesson {
  const bones: BoneDesc[] = Array.from({ length: SEGMENTS }, (_, k) => ({
    name: segmentName(k),
    parent: k - 1,
    restT: k === 0 ? BASE_MS : [0, SEGMENT_LENGTH, 0],
    tip: [0, SEGMENT_LENGTH, 0],
    min: [-SWING, -TWIST, -SWING],
    max: [SWING, TWIST, SWING],
    swingMax: SWING,
    twistMin: -TWIST,
    twistMax: TWIST,
  }));
  const total = SEGMENTS * SEGMENT_LENGTH;
  const mesh = skinnedTube({
    start_ms: BASE_MS,
    axis: 'y',
    lengths: bones.map(() => SEGMENT_LENGTH),
    radius: (along) => 0.07 - (0.045 * along) / total,
    segments: 16,
    spacing: 0.02,
  });
  const everyJoint = (angles: (k: number) => [number, number, number]) => Object.fromEntries(bones.map((b, k) => [b.name, angles(k)]));
  const poses = [
    // A gentle curl toward −X, so that the first drag bends rather than straightens.
    { name: 'start', label: 'Gentle curl (start)', angles: everyJoint(() => [0, 0, 0.12]), rootOffset_ms: [0, 0, 0] as Vec3Tuple },
    { name: 'straight', label: 'Straight', angles: {}, rootOffset_ms: [0, 0, 0] as Vec3Tuple },
    { name: 'coiled', label: 'Coiled (every joint at its swing limit)', angles: everyJoint(() => [0, 0, SWING]), rootOffset_ms: [0, 0, 0] as Vec3Tuple },
    { name: 's-curve', label: 'S-curve', angles: everyJoint((k) => [0, 0, k < SEGMENTS / 2 ? 0.35 : -0.35]), rootOffset_ms: [0, 0, 0] as Vec3Tuple },
  ];
  return { bones, mesh, poses };
}
