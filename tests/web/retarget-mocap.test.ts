// Motion-capture takes as people download them (mocap-takes.ts: both public
// naming schemes, their units, a walk that turns the hips past 90° with each
// foot planted while it carries the body), read by the page's BVH importer
// and retargeted onto the default character by the module. The units are
// guessed right, every body bone is mapped by role, the error report stays
// within the bounds the README states, and the result turns the character's
// hips as the take turns its own (the heading the take was written with, an
// independent reference).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bvhCharacter } from '../../web/src/import/bvh/bvh-importer.js';
import { Retargeter } from '../../web/src/rig/retarget.js';
import { Rig } from '../../web/src/rig/rig.js';
import type { KinModule } from '../../web/src/wasm/generated/kin.js';
import { loadKinModuleNode } from '../../web/src/wasm/load-node.js';
import { defaultCharacterBones } from './default-character.js';
import { type MocapScheme, walkingTake } from './mocap-takes.js';

const CMU_UNIT = 0.0254 / 0.45;

/** The body's source bones per scheme, in the character's bone order (hips … toes_r). */
const EXPECTED: Record<MocapScheme, string[]> = {
  cmu: ['Hips', 'LowerBack', 'Spine1', 'Neck', 'Head', 'LeftShoulder', 'LeftArm', 'LeftForeArm', 'LeftHand', 'RightShoulder', 'RightArm', 'RightForeArm', 'RightHand',
    'LeftUpLeg', 'LeftLeg', 'LeftFoot', 'LeftToeBase', 'RightUpLeg', 'RightLeg', 'RightFoot', 'RightToeBase'],
  older: ['Hips', 'Spine', 'Chest', 'Neck', 'Head', 'LeftCollar', 'LeftShoulder', 'LeftElbow', 'LeftWrist', 'RightCollar', 'RightShoulder', 'RightElbow', 'RightWrist',
    'LeftHip', 'LeftKnee', 'LeftAnkle', 'LeftToe', 'RightHip', 'RightKnee', 'RightAnkle', 'RightToe'],
};

const TAKES = [
  { scheme: 'cmu', metresPerUnit: CMU_UNIT, unitName: "the CMU conversion's units", turn_deg: 150 },
  { scheme: 'cmu', metresPerUnit: CMU_UNIT, unitName: "the CMU conversion's units", turn_deg: -240 },
  { scheme: 'older', metresPerUnit: 0.01, unitName: 'centimetres', turn_deg: 150 },
  { scheme: 'older', metresPerUnit: 0.0254, unitName: 'inches', turn_deg: -200 },
] as const;

describe('motion-capture takes retargeted onto the default character', () => {
  let module: KinModule;
  let target: Rig;
  let retargeter: Retargeter;
  const figures: string[] = [];
  beforeAll(async () => {
    module = await loadKinModuleNode();
    target = Rig.create(module, await defaultCharacterBones());
    retargeter = Retargeter.create(module);
  });
  afterAll(() => {
    retargeter.dispose();
    target.dispose();
    console.log(`retarget figures (mean°, max°, reach, slide mm):\n${figures.join('\n')}`);
  });

  for (const take of TAKES) {
    const what = `${take.scheme} names in ${take.unitName}, turning ${take.turn_deg}°`;
    it(`${what}: units guessed, bones mapped, report within bounds, the hips turned with the take`, () => {
      const written = walkingTake(take);
      expect(written.largestTurn_deg).toBeGreaterThanOrEqual(Math.min(90, Math.abs(take.turn_deg)));
      const { parts, metresPerUnit, units } = bvhCharacter(module, written.text, 'take.bvh');
      const source = parts.rig;
      try {
        expect(metresPerUnit).toBe(take.metresPerUnit);
        expect(units).toContain(take.unitName);
        const map = retargeter.autoMap(source, target);
        const body = EXPECTED[take.scheme];
        expect(Array.from(map.slice(0, body.length), (s) => (s < 0 ? null : source.boneNames[s]))).toEqual(body);
        expect(retargeter.validate(source, target, map)).toEqual([]);
        const plantedFrames = [0, 1].map((k) => written.planted.filter((p) => p[k]).length);
        for (const mode of ['ik', 'rotation'] as const) {
          const { clip, report } = retargeter.retarget(source, target, map, { mode, contactLocks: true, fps: 0 });
          figures.push(`${what}, ${mode}: ${report.meanAngle_deg.toFixed(2)} ${report.maxAngle_deg.toFixed(2)} ${(100 * report.maxLimbError).toFixed(2)} % ${(1000 * report.maxFootSlide).toFixed(2)}`);
          expect(report.frames).toBe(written.planted.length);
          expect(report.meanAngle_deg, mode).toBeLessThanOrEqual(2);
          expect(report.maxAngle_deg, mode).toBeLessThanOrEqual(10);
          expect(report.maxLimbError, mode).toBeLessThanOrEqual(0.02);
          expect(report.maxFootSlide, mode).toBeLessThanOrEqual(0.005);
          // Contacts are found where the take plants its feet (a frame at each end of a stance may read as moving).
          for (const k of [0, 1]) {
            expect(report.contactFrames[k]).toBeLessThanOrEqual(plantedFrames[k]);
            expect(report.contactFrames[k]).toBeGreaterThan(0.85 * plantedFrames[k]);
          }
          // The character's hips face where the take's do, frame by frame, the turn past 90° included.
          target.clips.setClip(clip);
          const hips = target.boneIndex('hips');
          let worst = 0;
          report.times.forEach((time, f) => {
            target.clips.sampleClip(time, 'clamp');
            const m = target.modelMatrices();
            const heading = Math.atan2(m[16 * hips + 8], m[16 * hips + 10]);
            const d = heading - written.hipsHeading[f];
            worst = Math.max(worst, Math.abs(d - 2 * Math.PI * Math.round(d / (2 * Math.PI))));
          });
          expect(worst * (180 / Math.PI), mode).toBeLessThan(2);
        }
      } finally {
        source.dispose();
      }
    });
  }
});
