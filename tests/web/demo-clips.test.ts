// The default character's demo clips, through the real module: they validate
// in the core, the walk's planted foot is where the stride path puts it (its
// height and track derived below from the stated stride, not from the
// builder's own targets), the cycles close, the wave's hand is above the
// head, and building is deterministic.
import { beforeAll, describe, expect, it } from 'vitest';
import type { ClipData } from '../../web/src/animation/clip.js';
import { WALK_DURATION, WALK_KEYS, WALK_LIFT, WALK_NAME, WALK_STRIDE, WAVE_DURATION, WAVE_NAME, buildDemoClips } from '../../web/src/animation/demo-clips.js';
import { applyStartPose } from '../../web/src/posing/start-pose.js';
import { Rig } from '../../web/src/rig/rig.js';
import type { BoneDesc, Vec3Tuple } from '../../web/src/rig/rig-desc.js';
import type { KinModule } from '../../web/src/wasm/generated/kin.js';
import { loadKinModuleNode } from '../../web/src/wasm/load-node.js';
import { defaultCharacterBones } from './default-character.js';

let module: KinModule;
let bones: BoneDesc[];
let rig: Rig;
let wave: ClipData;
let walk: ClipData;

beforeAll(async () => {
  module = await loadKinModuleNode();
  bones = await defaultCharacterBones();
  rig = Rig.create(module, bones);
  [wave, walk] = buildDemoClips(module, bones);
});

const tip = (bone: string): Vec3Tuple => {
  const b = rig.boneIndex(bone);
  const tips = rig.boneTips();
  return [tips[3 * b], tips[3 * b + 1], tips[3 * b + 2]];
};

const keyTimes = (clip: ClipData): number[] => clip.channels[0].keys.map((key) => key.time);

describe('demo clips', () => {
  it('are a wave and a walk cycle that the core accepts', () => {
    expect([wave.name, wave.duration, walk.name, walk.duration]).toEqual([WAVE_NAME, WAVE_DURATION, WALK_NAME, WALK_DURATION]);
    for (const clip of [wave, walk]) {
      expect(() => rig.clips.setClip(clip)).not.toThrow();
      expect(rig.clips.hasClip).toBe(true);
      // Every angle of every bone and the root, Catmull-Rom.
      expect(clip.channels).toHaveLength(3 * rig.boneCount + 1);
      expect(clip.channels.every((channel) => channel.keys.every((key) => key.interpolation === 'catmull-rom'))).toBe(true);
    }
  });

  it('are the same every time they are built', () => {
    expect(buildDemoClips(module, bones)).toEqual([wave, walk]);
  });

  it("walk: at the keys, the planted foot is on its stride path within 1 cm, and the lifted one is off the ground", () => {
    // Standing: the start pose's ankles (the shins' tips) and balls of the feet (the feet's tips).
    applyStartPose(rig);
    const standing = { ankle: [tip('shin_l'), tip('shin_r')], ball: [tip('foot_l'), tip('foot_r')] };
    rig.clips.setClip(walk);
    const times = keyTimes(walk);
    expect(times).toHaveLength(WALK_KEYS + 1);
    let planted = 0;
    times.forEach((time, k) => {
      rig.clips.sampleClip(time, 'clamp');
      ['l', 'r'].forEach((side, s) => {
        // Each leg's own phase; the right leg half a cycle behind the left.
        const phase = (time / WALK_DURATION + 0.5 * s) % 1;
        const ankle = tip(`shin_${side}`);
        const ball = tip(`foot_${side}`);
        const where = `key ${k} (${time} s), foot ${side}, phase ${phase}`;
        if (phase <= 0.5) {
          planted++;
          // Planted: ankle and ball at their standing heights (on the ground); the ankle slides
          // back from WALK_STRIDE / 2 in front of where it stands to as far behind, linearly
          // over the half cycle: z = z0 + stride/2 − stride · (phase / 0.5).
          const z = standing.ankle[s][2] + WALK_STRIDE / 2 - WALK_STRIDE * (phase / 0.5);
          const expected = [standing.ankle[s][0], standing.ankle[s][1], z];
          expect(Math.hypot(...ankle.map((v, i) => v - expected[i])), where).toBeLessThan(0.01);
          expect(Math.abs(ball[1] - standing.ball[s][1]), where).toBeLessThan(0.01);
        } else {
          // Swinging: lifted, WALK_LIFT · sin(π (phase − 0.5) / 0.5) above the ground.
          const lift = WALK_LIFT * Math.sin((Math.PI * (phase - 0.5)) / 0.5);
          expect(Math.abs(ankle[1] - standing.ankle[s][1] - lift), where).toBeLessThan(0.01);
        }
      });
    });
    // Each foot is planted at 6 of the 9 keys: own phases 0, ⅛, ¼, ⅜, ½, and the last key repeating the first.
    expect(planted).toBe(12);
  });

  it('walk: the hips are lowest with both feet down and highest over one foot; each hand swings against its leg', () => {
    rig.clips.setClip(walk);
    const at = (phase: number) => {
      rig.clips.sampleClip(phase * WALK_DURATION, 'clamp');
      return { hips: rig.rootOffset[1], ankles: [tip('shin_l')[2], tip('shin_r')[2]], hands: [tip('hand_l')[2], tip('hand_r')[2]] };
    };
    const [down, over, downAgain, overAgain] = [0, 0.25, 0.5, 0.75].map(at);
    expect(over.hips).toBeGreaterThan(down.hips + 0.02);
    expect(overAgain.hips).toBeGreaterThan(downAgain.hips + 0.02);
    for (const pose of [down, downAgain]) {
      // The leg in front (larger z) has its hand behind where it is when the legs pass each
      // other (phase ¼, the arms hanging), and the other hand in front.
      const front = pose.ankles[0] > pose.ankles[1] ? 0 : 1;
      expect(pose.hands[front]).toBeLessThan(over.hands[front] - 0.05);
      expect(pose.hands[1 - front]).toBeGreaterThan(over.hands[1 - front] + 0.05);
    }
  });

  for (const [label, clip] of [['walk', () => walk], ['wave', () => wave]] as const) {
    it(`${label}: the cycle closes (the pose at 0 equals the pose at the end within 1e-4, and looping runs on smoothly)`, () => {
      rig.clips.setClip(clip());
      const duration = clip().duration;
      const poseAt = (time: number, loop: 'clamp' | 'loop'): number[] => {
        rig.clips.sampleClip(time, loop);
        return [...rig.pose(), ...rig.rootOffset];
      };
      const start = poseAt(0, 'clamp');
      const end = poseAt(duration, 'clamp');
      expect(Math.max(...start.map((v, i) => Math.abs(v - end[i])))).toBeLessThan(1e-4);
      const looped = poseAt(duration, 'loop');
      expect(Math.max(...start.map((v, i) => Math.abs(v - looped[i])))).toBeLessThan(1e-4);
      // Just before the end, looping, the pose is already close to the start: no jump at the wrap
      // (a millisecond before, the joints move by at most a few milliradians).
      const before = poseAt(duration - 1e-3, 'loop');
      expect(Math.max(...start.map((v, i) => Math.abs(v - before[i])))).toBeLessThan(1e-2);
    });
  }

  it("wave: the right hand is above the head at every key", () => {
    rig.clips.setClip(wave);
    const times = keyTimes(wave);
    expect(times.length).toBeGreaterThanOrEqual(9);
    for (const time of times) {
      rig.clips.sampleClip(time, 'loop');
      expect(tip('hand_r')[1], `at ${time} s`).toBeGreaterThan(tip('head')[1]);
    }
    // And it waves: the hand's sideways reach spans more than 20 cm over the keys.
    const xs = times.map((time) => (rig.clips.sampleClip(time, 'loop'), tip('hand_r')[0]));
    expect(Math.max(...xs) - Math.min(...xs)).toBeGreaterThan(0.2);
  });
});
