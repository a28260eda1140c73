// The clip API of the Rig façade through the built module: setClip names the
// bad channel and key, sampleClip writes the pose FK expects (hand-derived
// values, compared with setPose of the same angles), sampleChannel is the
// same sampling as sampleClip, sampleGhost leaves the pose alone, and
// nothing leaks.
import { beforeAll, describe, expect, it } from 'vitest';
import type { ClipData } from '../../web/src/animation/clip.js';
import { CHANNEL_TARGETS, INTERPOLATIONS, LOOP_MODES, Rig } from '../../web/src/rig/rig.js';
import type { BoneDesc } from '../../web/src/rig/rig-desc.js';
import type { KinModule } from '../../web/src/wasm/generated/kin.js';
import { loadKinModuleNode } from '../../web/src/wasm/load-node.js';

/** Three bones along +Y, each 1 long; the middle one is a hinge limited to [0, 2.5] on slot 0. */
function arm(): BoneDesc[] {
  return [
    { name: 'shoulder', parent: -1, tip: [0, 1, 0] },
    { name: 'elbow', parent: 0, restT: [0, 1, 0], tip: [0, 1, 0], min: [0, 0, 0], max: [2.5, 0, 0] },
    { name: 'wrist', parent: 1, restT: [0, 1, 0], tip: [0, 0.5, 0] },
  ];
}

/**
 * Elbow slot 0: Catmull-Rom keys 0 @ 0 s, 1 @ 1 s, 0 @ 3 s (uneven spacing).
 * Shoulder rotation: slerp from 0.4 rad to 0.8 rad about x over [0, 1] s.
 * Root: linear from 0 to (1, 2, 3) over [0, 1] s.
 */
function clip(): ClipData {
  const aboutX = (angle: number) => [Math.sin(angle / 2), 0, 0, Math.cos(angle / 2)];
  return {
    name: 'test',
    duration: 3,
    fps: 30,
    channels: [
      {
        target: 'angle', bone: 1, slot: 0,
        keys: [
          { time: 0, value: [0], interpolation: 'catmull-rom' },
          { time: 1, value: [1], interpolation: 'catmull-rom' },
          { time: 3, value: [0], interpolation: 'catmull-rom' },
        ],
      },
      {
        target: 'rotation', bone: 0, slot: 0,
        keys: [
          { time: 0, value: aboutX(0.4), interpolation: 'linear' },
          { time: 1, value: aboutX(0.8), interpolation: 'linear' },
        ],
      },
      {
        target: 'root', bone: 0, slot: 0,
        keys: [
          { time: 0, value: [0, 0, 0], interpolation: 'linear' },
          { time: 1, value: [1, 2, 3], interpolation: 'linear' },
        ],
      },
    ],
  };
}

describe('Rig clips', () => {
  let module: KinModule;
  beforeAll(async () => {
    module = await loadKinModuleNode();
  });

  it('the names are the contract\'s, in the core\'s order', () => {
    expect(INTERPOLATIONS).toEqual(['step', 'linear', 'catmull-rom', 'tcb', 'cubic-spline']);
    expect(CHANNEL_TARGETS).toEqual(['angle', 'rotation', 'root', 'translation', 'scale']);
    expect(LOOP_MODES).toEqual(['clamp', 'loop']);
  });

  it.each([
    ['a time that does not increase', (c: ClipData) => (c.channels[0].keys[2].time = 1),
      /Rig: clip: channel 0 \(bone 1 'elbow', angle, slot 0\): key 2: time 1 is not after key 1's 1/],
    ['a NaN value', (c: ClipData) => (c.channels[2].keys[1].value = [1, NaN, 3]), /Rig: clip: channel 2 \(root\): key 1: value is not finite/],
    ['a bone out of range', (c: ClipData) => (c.channels[1].bone = 7), /Rig: clip: channel 1 \(bone 7, rotation, slot 0\): bone index 7 is out of range \[0, 3\)/],
    ['a slot out of range', (c: ClipData) => (c.channels[0].slot = 3), /Rig: clip: channel 0 \(bone 1 'elbow', angle, slot 3\): slot 3 is not 0, 1 or 2/],
    ['a zero quaternion', (c: ClipData) => (c.channels[1].keys[0].value = [0, 0, 0, 0]), /channel 1 \(bone 0 'shoulder', rotation, slot 0\): key 0: rotation is a zero quaternion/],
    ['a time past the duration', (c: ClipData) => (c.duration = 2), /channel 0 .*key 2: time 3 is outside \[0, 2\]/],
    ['no duration', (c: ClipData) => (c.duration = 0), /Rig: clip: duration 0 must be finite and > 0/],
    ['an unknown interpolation', (c: ClipData) => ((c.channels[0].keys[1] as { interpolation: string }).interpolation = 'cubic'),
      /Rig: clip: channel 0 \(bone 1 'elbow', angle, slot 0\): key 1: interpolation 'cubic' is not one of step, linear/],
    ['a value of the wrong length', (c: ClipData) => (c.channels[2].keys[0].value = [0, 0]), /Rig: clip: channel 2 \(root\): key 0: value has 2 numbers, expected 3/],
    ['a tension outside [-1, 1]', (c: ClipData) => Object.assign(c.channels[0].keys[1], { interpolation: 'tcb', tension: 3 }),
      /Rig: clip: channel 0 \(bone 1 'elbow', angle, slot 0\): key 1: tension 3, continuity 0, bias 0: each must be within \[-1, 1\]/],
    ['a root whose keys move it beyond ±100 km', (c: ClipData) => (c.channels[2].keys[1].value = [2e5, 0, 0]),
      /Rig: clip: channel 2 \(root\): its curve reaches 200000 at or between its keys, beyond ±100000/],
    ['scales that multiply past the chain bound', (c: ClipData) => c.channels.push(...[0, 1, 2].map((bone) => ({
      target: 'scale' as const, bone, slot: 0, keys: [{ time: 0, value: [400, 400, 400], interpolation: 'step' as const }],
    }))), /Rig: clip: bone 1 'elbow': its animated scales multiply to 160000 along its chain, over 100000/],
  ])('setClip rejects %s, naming the channel and key, and keeps the clip it had', (_, breaks, message) => {
    const rig = Rig.create(module, arm());
    try {
      rig.clips.setClip(clip());
      const broken = clip();
      breaks(broken);
      expect(() => rig.clips.setClip(broken)).toThrow(message);
      expect(rig.clips.hasClip).toBe(true);
      rig.clips.sampleClip(0.5, 'clamp');
      expect(rig.pose()[3]).toBeCloseTo(0.625, 6);
    } finally {
      rig.dispose();
    }
  });

  it('sampleClip writes the pose FK expects: hand-derived values, the same palette as setPose', () => {
    const rig = Rig.create(module, arm());
    const reference = Rig.create(module, arm());
    try {
      rig.clips.setClip(clip());
      rig.clips.sampleClip(0.5, 'clamp');
      // Elbow, Catmull-Rom on [0, 1] (h = 1): m0 = (1 − 0) / (1 − 0) = 1 by the
      // mirrored end rule; m1 = (0 − 0) / (3 − 0) = 0. Hermite at s = ½:
      // ½·0 + ⅛·1 + ½·1 − ⅛·0 = 0.625.
      // Shoulder: slerp halfway between 0.4 and 0.8 rad about x = 0.6 rad on slot 0 (order XYZ).
      // Root: halfway to (1, 2, 3).
      const angles = [0.6, 0, 0, 0.625, 0, 0, 0, 0, 0];
      const pose = Array.from(rig.pose());
      angles.forEach((a, i) => expect(pose[i], `angle ${i}`).toBeCloseTo(a, 6));
      expect(rig.rootOffset.map((v) => Number(v.toFixed(6)))).toEqual([0.5, 1, 1.5]);
      reference.setPose(pose, [0.5, 1, 1.5]);
      expect(Array.from(rig.palette())).toEqual(Array.from(reference.palette()));
      // Past the end: clamp holds the last keys; loop wraps 3.5 s to 0.5 s.
      rig.clips.sampleClip(10, 'clamp');
      expect(rig.pose()[3]).toBe(0);
      expect(rig.pose()[0]).toBeCloseTo(0.8, 6);
      rig.clips.sampleClip(3.5, 'loop');
      expect(rig.pose()[3]).toBeCloseTo(0.625, 6);
    } finally {
      rig.dispose();
      reference.dispose();
    }
  });

  it('a rotation keyed from a pose samples back to that pose, inside tight limits', () => {
    // The pose's rotation has two Euler solutions; the other one, (0.3 + π,
    // π − 0.9, −0.5 + π), lies outside these limits and would be clamped to a
    // corner of them.
    const bones: BoneDesc[] = [{ name: 'ball', parent: -1, tip: [1, 0, 0], min: [-1.4, -1.5, -1.4], max: [1.4, 1.5, 1.4] }];
    const rig = Rig.create(module, bones);
    try {
      rig.setAngles(0, 0.3, 0.9, -0.5);
      const q = rig.clips.poseRotation(0);
      rig.setAngles(0, 0, 0, 0);
      rig.clips.setClip({ name: 'key', duration: 1, fps: 30, channels: [{ target: 'rotation', bone: 0, slot: 0, keys: [{ time: 0, value: q, interpolation: 'linear' }] }] });
      rig.clips.sampleClip(0, 'clamp');
      [0.3, 0.9, -0.5].forEach((a, i) => expect(rig.pose()[i], `slot ${i}`).toBeCloseTo(a, 5));
    } finally {
      rig.dispose();
    }
  });

  it('translation (glTF cubic spline) and scale (step) channels move the bones as FK places them', () => {
    const rig = Rig.create(module, arm());
    try {
      rig.clips.setClip({
        name: 'stretch', duration: 3, fps: 30,
        channels: [
          {
            // y: 2 @ 1 s with out-tangent 1.5/s, 5 @ 3 s with in-tangent −0.5/s. At 1.5 s
            // (s = ¼, h = 2): 0.84375·2 + 0.140625·2·1.5 + 0.15625·5 − 0.046875·2·(−0.5) = 2.9375.
            target: 'translation', bone: 1, slot: 0,
            keys: [
              { time: 1, value: [0, 2, 0], interpolation: 'cubic-spline', inTangent: [0, 0, 0], outTangent: [0, 1.5, 0] },
              { time: 3, value: [0, 5, 0], interpolation: 'cubic-spline', inTangent: [0, -0.5, 0], outTangent: [0, 0, 0] },
            ],
          },
          {
            target: 'scale', bone: 2, slot: 0,
            keys: [{ time: 0, value: [2, 2, 2], interpolation: 'step' }, { time: 2, value: [3, 3, 3], interpolation: 'step' }],
          },
        ],
      });
      rig.clips.sampleClip(1.5, 'clamp');
      // The wrist sits 1 above the elbow, which sits 2.9375 above the shoulder; its tip is 2 × 0.5 further.
      const tips = rig.boneTips();
      expect(tips[3 * 1 + 1]).toBeCloseTo(2.9375 + 1, 5);
      expect(tips[3 * 2 + 1]).toBeCloseTo(2.9375 + 1 + 2 * 0.5, 5);
      rig.clips.sampleClip(2.5, 'clamp');
      expect(rig.boneTips()[3 * 2 + 1] - rig.boneTips()[3 * 1 + 1]).toBeCloseTo(3 * 0.5, 5);
      // Clearing the clip puts the rest back: tips at 1, 2, 2.5.
      rig.clips.clearClip();
      expect(Array.from(rig.boneTips()).filter((_, i) => i % 3 === 1)).toEqual([1, 2, 2.5]);
    } finally {
      rig.dispose();
    }
  });

  it('sampleChannel matches sampleClip at the same times', () => {
    const rig = Rig.create(module, arm());
    try {
      rig.clips.setClip(clip());
      const count = 7;
      const elbow = Float32Array.from(rig.clips.sampleChannel(0, 0, 3, count));
      const root = Float32Array.from(rig.clips.sampleChannel(2, 0, 3, count));
      expect(elbow.length).toBe(count);
      expect(root.length).toBe(3 * count);
      for (let i = 0; i < count; ++i) {
        rig.clips.sampleClip((3 * i) / (count - 1), 'clamp');
        expect(elbow[i], `sample ${i}`).toBeCloseTo(rig.pose()[3], 6);
        expect(root[3 * i + 1], `sample ${i}`).toBeCloseTo(rig.rootOffset[1], 6);
      }
      const rotation = rig.clips.sampleChannel(1, 0.5, 0.5, 1);
      expect(rotation[0]).toBeCloseTo(Math.sin(0.3), 6);
      expect(rotation[3]).toBeCloseTo(Math.cos(0.3), 6);
      expect(() => rig.clips.sampleChannel(3, 0, 1, 2)).toThrow(/Rig: channel 3 is out of range \[0, 3\)/);
      expect(() => rig.clips.sampleChannel(0, 0, 1, rig.contract.maxChannelSamples + 1)).toThrow(/sample count \d+ is outside/);
    } finally {
      rig.dispose();
    }
  });

  it('a spin keyed 0°, −360°, 0° turns the wrist a full turn and back, in the pose and in the curve', () => {
    // The wrist free to spin about its length (slot 1, about +Y): its keys as course data has them.
    const bones = arm();
    bones[2] = { ...bones[2], min: [-Math.PI, -7, -Math.PI], max: [Math.PI, 7, Math.PI] };
    const rig = Rig.create(module, bones);
    try {
      const turn = 2 * Math.PI;
      rig.clips.setClip({
        name: 'spin', duration: 2, fps: 30,
        channels: [{ target: 'angle', bone: 2, slot: 1, keys: [0, -turn, 0].map((value, k) => ({ time: k, value: [value], interpolation: 'linear' as const })) }],
      });
      for (const [time, angle] of [[0.25, -turn / 4], [0.5, -turn / 2], [1, -turn], [1.5, -turn / 2]]) {
        rig.clips.sampleClip(time, 'clamp');
        expect(rig.pose()[3 * 2 + 1], `t = ${time}`).toBeCloseTo(angle, 5);
      }
      // The curve view's samples: down to −2π and back up, not a flat line.
      const curve = rig.clips.sampleChannel(0, 0, 2, 9);
      expect(Array.from(curve, (v) => Number(v.toFixed(4)))).toEqual([0, 0.25, 0.5, 0.75, 1, 0.75, 0.5, 0.25, 0].map((f) => Number((-f * turn).toFixed(4))));
    } finally {
      rig.dispose();
    }
  });

  it('sampleGhost fills the ghost buffers and leaves the pose alone', () => {
    const rig = Rig.create(module, arm());
    try {
      rig.clips.setClip(clip());
      rig.clips.sampleClip(0.5, 'clamp');
      const pose = Array.from(rig.pose());
      const palette = Array.from(rig.palette());
      rig.clips.sampleGhost(2, 'clamp');
      expect(Array.from(rig.pose())).toEqual(pose);
      expect(Array.from(rig.palette())).toEqual(palette);
      const ghost = Array.from(rig.clips.ghostPalette());
      const ghostPose = Array.from(rig.clips.ghostPose());
      rig.clips.sampleClip(2, 'clamp');
      expect(ghost).toEqual(Array.from(rig.palette()));
      expect(ghostPose).toEqual(Array.from(rig.pose()));
      expect(Array.from(rig.clips.ghostModel())).toEqual(Array.from(rig.modelMatrices()));
    } finally {
      rig.dispose();
    }
  });

  it('poseRotation is E(θ) of the current angles; clearClip and errors without a clip', () => {
    const rig = Rig.create(module, arm());
    try {
      rig.setAngles(0, 0.5, 0, 0);
      const [x, y, z, w] = rig.clips.poseRotation(0);
      expect([x, y, z, w].map((v) => Number(v.toFixed(6)))).toEqual([Number(Math.sin(0.25).toFixed(6)), 0, 0, Number(Math.cos(0.25).toFixed(6))]);
      expect(() => rig.clips.poseRotation(5)).toThrow(/Rig: bone index 5 is out of range/);
      expect(() => rig.clips.sampleClip(0, 'clamp')).toThrow(/Rig: no clip set/);
      rig.clips.setClip(clip());
      expect(() => rig.clips.sampleClip(0, 'bounce' as 'loop')).toThrow(/Rig: unknown loop mode 'bounce'/);
      rig.clips.clearClip();
      expect(rig.clips.hasClip).toBe(false);
      expect(() => rig.clips.sampleGhost(0, 'clamp')).toThrow(/Rig: no clip set/);
    } finally {
      rig.dispose();
    }
  });

  it('leaks no rig handle', () => {
    const before = module.liveRigs();
    const rig = Rig.create(module, arm());
    rig.clips.setClip(clip());
    rig.clips.sampleClip(1, 'loop');
    rig.dispose();
    expect(module.liveRigs()).toBe(before);
  });
});
