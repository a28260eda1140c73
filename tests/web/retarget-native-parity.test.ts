// A clip retargeted through the module equals the native result: CMU-named
// BVH clips (a walk, a stance with a planted foot) go onto the default
// character and onto a seeded re-proportioned copy of the CMU skeleton,
// through the module's Retargeter (web/src/rig/retarget.ts) and through
// build/native's kin_retarget_reference (the same core calls compiled by
// g++), by rotation and by IK; the clips, the bone maps and the reports agree.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseBvh } from '../../web/src/import/bvh/bvh-parse.js';
import { bvhRig } from '../../web/src/import/bvh/bvh-rig.js';
import type { ClipData } from '../../web/src/rig/clip-data.js';
import { RETARGET_MODES, type RetargetMode, type RetargetReport, Retargeter } from '../../web/src/rig/retarget.js';
import type { BoneDesc, Vec3Tuple } from '../../web/src/rig/rig-desc.js';
import { Rig } from '../../web/src/rig/rig.js';
import type { KinModule } from '../../web/src/wasm/generated/kin.js';
import { loadKinModuleNode } from '../../web/src/wasm/load-node.js';
import { defaultCharacterBones } from './default-character.js';
import { clipLines, nameLine, rigLines } from './native-input.js';
import { cmuStanceBvh, cmuWalkBvh } from './retarget-fixtures.js';
import { seededRandom, uniform } from './seeded-random.js';

const REFERENCE = 'build/native/tests/cpp/kin_retarget_reference';
const DEG = 180 / Math.PI;
// The façade leaves out an angle slot that stays within this of zero (retarget.ts's UNMOVED_RAD).
const UNMOVED_RAD = 1e-7;

// Tolerances, relative to max(1, |native value|) (radians, metres, limb
// fractions, seconds). Both builds run the same float code on the same input
// bits; only libm differs: the sin/cos/acos/atan2 of Emscripten's musl and of
// glibc differ in the last ulp (1.2e-7 at 1, 2.4e-7 at π). Rotation mode
// composes quaternions bone by bone down each chain (8 bones from the hips to
// a hand) and turns them back into Euler angles, a few ulps per step: measured up to 2.3e-7 in the clip and
// 1.0e-6 in the report (an angle error is an acos near 1, which spreads an
// ulp of its argument), over re-proportioned seeds 1–12; 2e-6 leaves twice
// that. IK mode also runs the two-bone solver on every limb (the law of
// cosines: acos again, near a straight limb) and the locked legs' solves:
// measured up to 1.9e-6 in both; 5e-6.
const TOLERANCE: Record<RetargetMode, number> = { rotation: 2e-6, ik: 5e-6 };

interface Run {
  mode: RetargetMode;
  contactLocks: boolean;
  fps: number;
}

interface NativeRun {
  times: number[];
  angles: number[];
  roots: number[];
  boneError: number[];
  limbError: number[];
  /** foot slide l r, contact frames l r, mean and max angle (rad), mean and max limb error, max foot slide. */
  summary: number[];
}

/** The reference's answer: AutoMap's map, then one entry per run. */
function runNative(sourceBones: BoneDesc[], clip: ClipData, targetBones: BoneDesc[], map: Int32Array, runs: Run[]): { automap: number[]; runs: NativeRun[] } {
  if (!existsSync(REFERENCE)) throw new Error(`${REFERENCE} is missing: build it with scripts/build-native.sh`);
  const input = [
    ...rigLines(sourceBones), nameLine(sourceBones),
    ...rigLines(targetBones), nameLine(targetBones),
    ...clipLines(clip),
    Array.from(map).join(' '),
    new Array(3 * sourceBones.length).fill(0).join(' '), // the source's reference: its rest (as the façade's default)
    String(runs.length),
    ...runs.map((r) => `${RETARGET_MODES.indexOf(r.mode)} ${r.contactLocks ? 1 : 0} ${Math.fround(r.fps)}`),
  ];
  const lines = execFileSync(REFERENCE, { input: input.join('\n') + '\n', encoding: 'utf8', maxBuffer: 1 << 28 }).trim().split('\n');
  const take = (label: string): number[] => {
    const [head, ...rest] = lines.shift()!.split(' ');
    expect(head, 'reference output').toBe(label);
    // %.9g reads back as the very float; "nan" (unmapped bones, missing limbs) as NaN.
    return rest.map((v) => Math.fround(Number(v)));
  };
  const automap = take('automap');
  const out = runs.map(() => {
    const [frames] = take('frames');
    const run = { times: take('times'), angles: take('angles'), roots: take('roots'), boneError: take('bone_error'), limbError: take('limb_error'), summary: take('summary') };
    expect(run.times.length).toBe(frames);
    return run;
  });
  expect(lines).toEqual([]);
  return { automap, runs: out };
}

/**
 * The largest difference of `actual` from `expected` relative to
 * max(1, |expected|); NaN must meet NaN, and the lengths must match.
 */
function maxDifference(actual: ArrayLike<number>, expected: ArrayLike<number>, what: string): number {
  expect(actual.length, `${what}: length`).toBe(expected.length);
  let worst = 0;
  for (let i = 0; i < expected.length; i++) {
    if (Number.isNaN(expected[i]) || Number.isNaN(actual[i])) {
      if (!(Number.isNaN(expected[i]) && Number.isNaN(actual[i]))) throw new Error(`${what}[${i}]: wasm ${actual[i]} vs native ${expected[i]}`);
      continue;
    }
    worst = Math.max(worst, Math.abs(actual[i] - expected[i]) / Math.max(1, Math.abs(expected[i])));
  }
  return worst;
}

/**
 * The clip's keys against the native frames: each angle channel's keys are
 * its slot's values at the frame times, a slot without a channel stays
 * within UNMOVED_RAD of zero, and the root channel holds the root offsets.
 * Returns the largest difference; the clip must move some slot far from rest.
 */
function clipDifference(clip: ClipData, native: NativeRun, bones: number, what: string): number {
  const frames = native.times.length;
  let worst = 0;
  let furthest = 0;
  const keyed = new Set<number>();
  for (const channel of clip.channels) {
    expect(channel.keys.map((k) => k.time), `${what}: key times`).toEqual(native.times.map(Math.fround));
    const values = channel.keys.flatMap((k) => k.value);
    if (channel.target === 'root') {
      worst = Math.max(worst, maxDifference(values, native.roots, `${what} root`));
      continue;
    }
    expect(channel.target, what).toBe('angle');
    const slot = 3 * channel.bone + channel.slot;
    keyed.add(slot);
    const expected = Array.from({ length: frames }, (_, f) => native.angles[3 * bones * f + slot]);
    worst = Math.max(worst, maxDifference(values, expected, `${what} bone ${channel.bone} slot ${channel.slot}`));
    for (const v of expected) furthest = Math.max(furthest, Math.abs(v));
  }
  expect(clip.channels.filter((c) => c.target === 'root').length, what).toBe(1);
  for (let slot = 0; slot < 3 * bones; slot++) {
    if (keyed.has(slot)) continue;
    for (let f = 0; f < frames; f++) worst = Math.max(worst, Math.abs(native.angles[3 * bones * f + slot]) - UNMOVED_RAD, 0);
  }
  // Not the rest pose: some joint turns by more than 0.3 rad (the walk's thighs swing 25°, the stance's knee bends more).
  expect(furthest, `${what}: largest angle`).toBeGreaterThan(0.3);
  return worst;
}

function reportDifference(report: RetargetReport, native: NativeRun, what: string): number {
  const [slideL, slideR, contactL, contactR, meanAngle, maxAngle, meanLimb, maxLimb, maxSlide] = native.summary;
  expect(Array.from(report.contactFrames), `${what}: contact frames`).toEqual([contactL, contactR]);
  return Math.max(
    maxDifference(report.times, native.times, `${what} times`),
    maxDifference(report.boneAngleError_rad, native.boneError, `${what} bone angle error`),
    maxDifference(report.limbError, native.limbError, `${what} limb error`),
    maxDifference(report.footSlide, [slideL, slideR], `${what} foot slide`),
    maxDifference(
      [report.meanAngle_deg, report.maxAngle_deg, report.meanLimbError, report.maxLimbError, report.maxFootSlide],
      [meanAngle * DEG, maxAngle * DEG, meanLimb, maxLimb, maxSlide],
      `${what} summary`,
    ),
  );
}

/**
 * The CMU skeleton with other proportions: each bone's length and its
 * children's offsets scaled by a seeded factor in [0.75, 1.3] (the limbs'
 * upper and lower ratios change, the hips sit at another height).
 */
function reproportioned(bones: readonly BoneDesc[], seed: number): BoneDesc[] {
  const random = seededRandom(seed);
  const factor = bones.map(() => uniform(random, 0.75, 1.3));
  const scaled = (v: Vec3Tuple | undefined, k: number): Vec3Tuple => (v ?? [0, 0, 0]).map((x) => x * k) as Vec3Tuple;
  return bones.map((b, i) => ({ ...b, restT: scaled(b.restT, b.parent < 0 ? 1 : factor[b.parent]), tip: scaled(b.tip, factor[i]) }));
}

const SOURCES = { walk: cmuWalkBvh, stance: cmuStanceBvh };
const RUNS: Record<RetargetMode, Run[]> = {
  rotation: [
    { mode: 'rotation', contactLocks: false, fps: 0 },
    { mode: 'rotation', contactLocks: true, fps: 24 },
  ],
  ik: [
    { mode: 'ik', contactLocks: true, fps: 30 },
    { mode: 'ik', contactLocks: false, fps: 0 },
  ],
};

describe('a clip retargeted through the module equals the native result', () => {
  let module: KinModule;
  let characterBones: BoneDesc[];
  beforeAll(async () => {
    module = await loadKinModuleNode();
    characterBones = await defaultCharacterBones();
  });

  it('native reference tool is built', () => {
    expect(existsSync(REFERENCE), `${REFERENCE} (built by scripts/build-native.sh)`).toBe(true);
  });

  for (const [sourceName, bvh] of Object.entries(SOURCES)) {
    for (const targetName of ['the default character', 'a re-proportioned CMU skeleton (seed 13)']) {
      for (const mode of RETARGET_MODES) {
        it(`${sourceName} onto ${targetName}, by ${mode}`, () => {
          const { bones: sourceBones, clip } = bvhRig(parseBvh(bvh()), sourceName);
          const targetBones = targetName.startsWith('the default') ? characterBones : reproportioned(sourceBones, 13);
          // The text input carries no swing-twist limits: the rigs must have none.
          for (const b of [...sourceBones, ...targetBones]) expect(b.swingMax ?? b.twistMin ?? b.twistMax, b.name).toBeUndefined();
          const source = Rig.create(module, sourceBones);
          const target = Rig.create(module, targetBones);
          const retargeter = Retargeter.create(module);
          try {
            source.clips.setClip(clip);
            const map = retargeter.autoMap(source, target);
            const native = runNative(sourceBones, clip, targetBones, map, RUNS[mode]);
            expect(Array.from(map), 'auto map').toEqual(native.automap);
            let worstClip = 0;
            let worstReport = 0;
            RUNS[mode].forEach((run, r) => {
              const what = `${mode} locks ${run.contactLocks} fps ${run.fps}`;
              const { clip: result, report } = retargeter.retarget(source, target, map, run);
              expect(report.frames, what).toBe(native.runs[r].times.length);
              expect(report.frames, what).toBeGreaterThan(20);
              worstClip = Math.max(worstClip, clipDifference(result, native.runs[r], target.boneCount, what));
              worstReport = Math.max(worstReport, reportDifference(report, native.runs[r], what));
              // The stance's left foot stands for 0.6 s: its contact (and, locked, the legs' re-solve) is compared too.
              if (sourceName === 'stance') expect(report.contactFrames[0], what).toBeGreaterThan(10);
            });
            console.log(`${sourceName} → ${targetName} (${mode}): clip ${worstClip.toExponential(2)}, report ${worstReport.toExponential(2)}`);
            expect(worstClip).toBeLessThanOrEqual(TOLERANCE[mode]);
            expect(worstReport).toBeLessThanOrEqual(TOLERANCE[mode]);
          } finally {
            retargeter.dispose();
            source.dispose();
            target.dispose();
          }
        });
      }
    }
  }
});
