// Seeded random one-character link states for the codec's tests: every
// character kind, bone counts up to MAX_BONES, goals with every flag, names
// from several scripts and positions at several scales up to the limit.
import { PROPORTION_KEYS, PROPORTION_SLIDERS, type ProportionKey, type Proportions } from '../../web/src/posing/proportions.js';
import { SOLVERS } from '../../web/src/rig/rig.js';
import type { Vec3Tuple } from '../../web/src/rig/rig-desc.js';
import { MAX_BONES, MAX_COORDINATE, MAX_NAME_BYTES, type PoseLinkCharacter, type PoseLinkGoal, type PoseLinkState } from '../../web/src/share/pose-link.js';
import { MAX_GOALS } from '../../web/src/posing/goal-set.js';
import { type LessonSettings, MAX_LESSON_SETTINGS, MAX_SETTING_KEY_LENGTH } from '../../web/src/lessons/lesson-settings.js';
import { uniform } from './seeded-random.js';

export type Random = () => number;

export const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)];
export const integer = (random: Random, lo: number, hi: number): number => lo + Math.floor(random() * (hi - lo + 1));
export const vec3 = (random: Random, range: number): Vec3Tuple => [uniform(random, -range, range), uniform(random, -range, range), uniform(random, -range, range)];

/** Letters from several scripts (1 to 4 UTF-8 bytes each), none of them control characters. */
const NAME_CHARACTERS = ['a', 'Z', '0', '-', '.', ' ', '<', '"', 'é', 'ß', '骨', '🦴', '\u00a0'];

function randomName(random: Random): string {
  let name = pick(random, NAME_CHARACTERS);
  while (random() < 0.95) {
    const next = name + pick(random, NAME_CHARACTERS);
    if (new TextEncoder().encode(next).length > MAX_NAME_BYTES) break;
    name = next;
  }
  return name;
}

const KEY_CHARACTERS = 'abzAZ09.-';

/** 1..MAX_LESSON_SETTINGS named numbers: names of 1..MAX_SETTING_KEY_LENGTH characters, values of any size. */
function randomSettings(random: Random): LessonSettings {
  const settings: LessonSettings = {};
  const count = random() < 0.1 ? MAX_LESSON_SETTINGS : integer(random, 1, 8);
  while (Object.keys(settings).length < count) {
    let key = pick(random, ['a', 'm', 'z']);
    const length = integer(random, 1, MAX_SETTING_KEY_LENGTH);
    while (key.length < length) key += pick(random, [...KEY_CHARACTERS]);
    settings[key] = uniform(random, -1, 1) * 10 ** integer(random, -300, 300);
  }
  return settings;
}

export function randomState(random: Random): PoseLinkState {
  const kind = pick(random, ['default', 'lesson', 'gltf'] as const);
  const boneCount = random() < 0.05 ? MAX_BONES : integer(random, 0, 64);
  const joints = Array.from({ length: boneCount }, () => integer(random, 0, 2 ** 32 - 1));
  const character: PoseLinkCharacter = kind === 'default' ? { kind } : kind === 'lesson' ? { kind, id: randomName(random), ...(random() < 0.5 && { settings: randomSettings(random) }) } : { kind, name: randomName(random), joints };
  // Positions at several scales, up to the limit itself.
  const range = pick(random, [1e-3, 1, 4, 100, MAX_COORDINATE]);
  return {
    character,
    boneCount,
    // Some angles outside [−π, π]: they wrap to the same rotation.
    angles: Array.from({ length: 3 * boneCount }, () => uniform(random, -Math.PI, Math.PI) * (random() < 0.1 ? 3 : 1)),
    rootOffset: vec3(random, range),
    goals: boneCount === 0 ? [] : Array.from({ length: integer(random, 0, MAX_GOALS) }, (): PoseLinkGoal => {
      const goal: PoseLinkGoal = { bone: integer(random, 0, boneCount - 1), target: vec3(random, range), pinned: random() < 0.5 };
      if (random() < 0.3) goal.movesRoot = true;
      if (random() < 0.3) {
        const q = [uniform(random, -1, 1), uniform(random, -1, 1), uniform(random, -1, 1), uniform(random, -1, 1)];
        const length = Math.hypot(...q) || 1;
        goal.orientation = q.map((v) => v / length) as [number, number, number, number];
      }
      if (random() < 0.3) goal.pole = vec3(random, range);
      return goal;
    }),
    solver: pick(random, SOLVERS),
    camera: { position: vec3(random, range), target: vec3(random, range) },
    ...(random() < 0.3 && { proportions: randomProportions(random) }),
  };
}

/** Some parts at random factors within their sliders' ranges (their ends included), the others 1. */
function randomProportions(random: Random): Proportions {
  const factor = (key: ProportionKey): number => {
    const { min, max } = PROPORTION_SLIDERS[key];
    return random() < 0.5 ? 1 : random() < 0.2 ? pick(random, [min, max]) : uniform(random, min, max);
  };
  return Object.fromEntries(PROPORTION_KEYS.map((key) => [key, factor(key)])) as Record<ProportionKey, number>;
}

