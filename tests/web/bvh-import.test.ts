// BVH import: a file written here with mixed channel orders, a position
// channel on a non-root joint, two ROOTs and End Sites, read into our rig and
// clip and sampled through the core, puts the joints where a hand
// computation of the BVH meaning (R = product of the rotation channels in
// the order listed) puts them. Units are guessed from the height. Bad files
// give a message naming the line, and never a rig.
import { beforeAll, describe, expect, it } from 'vitest';
import { BvhError, MAX_BVH_JOINTS, parseBvh } from '../../web/src/import/bvh/bvh-parse.js';
import { bvhRig } from '../../web/src/import/bvh/bvh-rig.js';
import { bvhCharacter } from '../../web/src/import/bvh/bvh-importer.js';
import { guessBvhUnit } from '../../web/src/import/bvh/bvh-units.js';
import { Rig } from '../../web/src/rig/rig.js';
import type { KinModule } from '../../web/src/wasm/generated/kin.js';
import { loadKinModuleNode } from '../../web/src/wasm/load-node.js';

// Channels per frame: Hips 6, Chest 3, Head 6, Prop 3 = 18.
const HIERARCHY = `HIERARCHY
ROOT Hips
{
  OFFSET 1 2 3
  CHANNELS 6 Xposition Yposition Zposition Zrotation Xrotation Yrotation
  JOINT Chest
  {
    OFFSET 0 10 0
    CHANNELS 3 Xrotation Yrotation Zrotation
    JOINT Head
    {
      OFFSET 0 5 0
      CHANNELS 6 Xposition Yposition Zposition Yrotation Xrotation Zrotation
      End Site
      {
        OFFSET 0 2 0
      }
    }
  }
}
ROOT Prop
{
  OFFSET 20 0 0
  CHANNELS 3 Zrotation Yrotation Xrotation
  End Site
  {
    OFFSET 1 0 0
  }
}
MOTION
Frames: 2
Frame Time: 0.5
`;
// Frame 0 is the rest pose (positions equal to the OFFSETs); frame 1:
//   Hips  position (4, 2, 3), Z 90 X 0 Y 90   → R_h = Rz(90)·Rx(0)·Ry(90)
//   Chest X 90 Y 90 Z 0                         → R_c = Rx(90)·Ry(90)
//   Head  position (0, 5, 1), Y 90 X 90 Z 0   → R_d = Ry(90)·Rx(90)
//   Prop  Z 90 Y 0 X 90                         → R_p = Rz(90)·Ry(0)·Rx(90)
const FRAMES = `1 2 3 0 0 0  0 0 0  0 5 0 0 0 0  0 0 0
4 2 3 90 0 90  90 90 0  0 5 1 90 90 0  90 0 90
`;
const FILE = HIERARCHY + FRAMES;

// Rotations by 90° (right-handed): Rx: (x, y, z) → (x, −z, y);
// Ry: (x, y, z) → (z, y, −x); Rz: (x, y, z) → (−y, x, z).
// Frame 1 by hand, metres = file units (metresPerUnit 1):
// - Hips at its position channels (4, 2, 3) (they replace the OFFSET).
// - Chest = Hips + R_h·(0, 10, 0): Ry → (0, 10, 0), Rz → (−10, 0, 0); so (−6, 2, 3).
// - Head = Chest + R_h·R_c·(0, 5, 1) (its position channels replace its OFFSET):
//   Ry(0, 5, 1) = (1, 5, 0), Rx → (1, 0, 5); then R_h: Ry → (5, 0, −1), Rz → (0, 5, −1); so (−6, 7, 2).
//   (Taking the channels in the other order, Ry·Rx, would give (5, −1, 0) first: a different point.)
// - Head's tip = Head + R_h·R_c·R_d·(0, 2, 0): Rx(0, 2, 0) = (0, 0, 2), Ry → (2, 0, 0);
//   R_c: Ry → (0, 0, −2), Rx → (0, 2, 0); R_h: Ry → (0, 2, 0), Rz → (−2, 0, 0); so (−8, 7, 2).
// - Prop has no position channels: it stays at its OFFSET (20, 0, 0) while Hips moves.
// - Prop's tip = (20, 0, 0) + Rz·Ry(0)·Rx·(1, 0, 0): Rx → (1, 0, 0), Rz → (0, 1, 0); so (20, 1, 0).
const EXPECTED_ORIGINS: Record<string, number[]> = { Hips: [4, 2, 3], Chest: [-6, 2, 3], Head: [-6, 7, 2], Prop: [20, 0, 0] };
const EXPECTED_TIPS: Record<string, number[]> = { Head: [-8, 7, 2], Prop: [20, 1, 0] };

function origin(rig: Rig, bone: number): number[] {
  const m = rig.modelMatrices();
  return [m[16 * bone + 12], m[16 * bone + 13], m[16 * bone + 14]];
}

function tip(rig: Rig, bone: number): number[] {
  return Array.from(rig.boneTips().subarray(3 * bone, 3 * bone + 3));
}

describe('BVH import', () => {
  let module: KinModule;
  beforeAll(async () => {
    module = await loadKinModuleNode();
  });

  it('reads the hierarchy: joints, per-joint channel orders, two roots, End Sites, frames', () => {
    const doc = parseBvh(FILE);
    expect(doc.joints.map((j) => [j.name, j.parent])).toEqual([['Hips', -1], ['Chest', 0], ['Head', 1], ['Prop', -1]]);
    expect(doc.joints.map((j) => j.firstChannel)).toEqual([0, 6, 9, 15]);
    expect(doc.joints[2].channels).toEqual(['Xposition', 'Yposition', 'Zposition', 'Yrotation', 'Xrotation', 'Zrotation']);
    expect(doc.joints.map((j) => j.endSite)).toEqual([null, null, [0, 2, 0], [1, 0, 0]]);
    expect([doc.frameCount, doc.frameTime, doc.channelCount]).toEqual([2, 0.5, 18]);
    expect(doc.motion[18 + 3]).toBe(90);
  });

  it('makes each joint order the channels reversed (slot 0 is applied first) and keeps the file units when told', () => {
    const { bones, clip, metresPerUnit } = bvhRig(parseBvh(FILE), 'test', { metresPerUnit: 1 });
    expect(metresPerUnit).toBe(1);
    expect(bones.map((b) => b.order)).toEqual(['YXZ', 'ZYX', 'ZXY', 'XYZ']);
    expect(bones.map((b) => b.tip)).toEqual([[0, 10, 0], [0, 5, 0], [0, 2, 0], [1, 0, 0]]);
    expect([clip.duration, clip.fps]).toEqual([0.5, 2]);
    // Hips root offset = position − OFFSET: (0, 0, 0) then (3, 0, 0).
    const root = clip.channels.find((c) => c.target === 'root')!;
    expect(root.keys.map((k) => k.value)).toEqual([[0, 0, 0], [3, 0, 0]]);
    // Prop, the second root, holds its OFFSET against the root offset the core adds to every root.
    const prop = clip.channels.find((c) => c.target === 'translation' && c.bone === 3)!;
    expect(prop.keys.map((k) => k.value)).toEqual([[20, 0, 0], [17, 0, 0]]);
  });

  it('frame 1 sampled through the core puts the joints where the hand computation does', () => {
    const { bones, clip } = bvhRig(parseBvh(FILE), 'test', { metresPerUnit: 1 });
    const rig = Rig.create(module, bones);
    try {
      rig.clips.setClip(clip);
      rig.clips.sampleClip(0.5, 'clamp');
      for (const [name, expected] of Object.entries(EXPECTED_ORIGINS)) {
        origin(rig, rig.boneIndex(name)).forEach((v, k) => expect(v, `${name}[${k}]`).toBeCloseTo(expected[k], 5));
      }
      for (const [name, expected] of Object.entries(EXPECTED_TIPS)) {
        tip(rig, rig.boneIndex(name)).forEach((v, k) => expect(v, `${name} tip[${k}]`).toBeCloseTo(expected[k], 5));
      }
      // Frame 0 is the rest pose: Hips at its OFFSET, Head's tip straight above.
      rig.clips.sampleClip(0, 'clamp');
      origin(rig, 0).forEach((v, k) => expect(v).toBeCloseTo([1, 2, 3][k], 6));
      tip(rig, 2).forEach((v, k) => expect(v).toBeCloseTo([1, 19, 3][k], 6));
    } finally {
      rig.dispose();
    }
  });

  // A person is 1.4–2.0 m: the first unit (centimetres, metres, inches, the
  // CMU conversion's 1/0.45 in, millimetres, feet) that makes the figure so.
  it.each([
    [170, 'centimetres', 0.01],
    [1.75, 'metres', 1],
    [67, 'inches', 0.0254],
    [30, "the CMU conversion's units (1/0.45 in)", 0.0254 / 0.45],
    [1750, 'millimetres', 0.001],
    [5.6, 'feet', 0.3048],
  ])('guesses a figure %s units tall is in %s', (extent, name, metres) => {
    const guess = guessBvhUnit(extent);
    expect(guess.unit).toEqual({ name, metresPerUnit: metres });
    expect(guess.human).toBe(true);
    expect(guess.extent_m).toBeCloseTo(extent * metres, 12);
  });

  it('takes the nearest unit for a figure no unit makes a person, and says so; a caller\'s unit wins', () => {
    // FILE's bind pose spans 20 units (Prop's root 20 along x): 1.13 m in the CMU unit is the nearest to 1.4–2.0 m.
    const guessed = bvhRig(parseBvh(FILE), 'test');
    expect(guessed.metresPerUnit).toBeCloseTo(0.0254 / 0.45, 12);
    expect(guessed.units).toBe("lengths guessed to be in the CMU conversion's units (1/0.45 in) (the bind pose 1.13 m at its largest, the nearest any unit comes to a person's size)");
    const asked = bvhRig(parseBvh(FILE), 'test', { metresPerUnit: 0.01 });
    expect(asked.metresPerUnit).toBe(0.01);
    expect(asked.bones[1].restT).toEqual([0, 0.1, 0]);
    expect(asked.units).toBe('lengths in centimetres (as asked)');
    expect(bvhRig(parseBvh(FILE), 'test', { metresPerUnit: 0.5 }).units).toBe('lengths in units of 0.5 m (as asked)');
    for (const bad of [0, -1, NaN, Infinity]) {
      expect(() => bvhRig(parseBvh(FILE), 'test', { metresPerUnit: bad })).toThrow(`BVH: metres per unit ${bad} must be a finite number > 0`);
    }
  });

  it('widens a limit that an unwrapped spin passes (the core clamps into limits)', () => {
    const spin = `HIERARCHY\nROOT A\n{\n  OFFSET 0 0 0\n  CHANNELS 1 Yrotation\n  End Site\n  {\n    OFFSET 1 0 0\n  }\n}\nMOTION\nFrames: 3\nFrame Time: 1\n170\n-170\n-100\n`;
    const { bones, clip } = bvhRig(parseBvh(spin), 'spin');
    // Unwrapped: 170°, 190°, 260°.
    expect(bones[0].max![0]).toBeGreaterThan((260 * Math.PI) / 180);
    const rig = Rig.create(module, bones);
    try {
      rig.clips.setClip(clip);
      rig.clips.sampleClip(2, 'clamp');
      // Ry(260°)·(1, 0, 0) = (cos 260°, 0, −sin 260°).
      const a = (260 * Math.PI) / 180;
      tip(rig, 0).forEach((v, k) => expect(v).toBeCloseTo([Math.cos(a), 0, -Math.sin(a)][k], 5));
    } finally {
      rig.dispose();
    }
  });

  it('makes the page character: a rig with the clip set and a skinned mesh of every bone', () => {
    const { parts, clip } = bvhCharacter(module, FILE, 'walk.bvh');
    try {
      expect(parts.rig.clips.hasClip).toBe(true);
      expect(parts.clips).toEqual([clip]);
      const skinIndex = parts.meshes[0].mesh.geometry.getAttribute('skinIndex');
      const used = new Set(Array.from({ length: skinIndex.count }, (_, v) => skinIndex.getX(v)));
      expect([...used].sort()).toEqual([0, 1, 2, 3]);
    } finally {
      parts.rig.dispose();
    }
  });

  const bad: [string, string, RegExp][] = [
    ['garbage', 'hello world\n', /^line 1: expected 'HIERARCHY'/],
    ['a truncated hierarchy', HIERARCHY.slice(0, HIERARCHY.indexOf('JOINT Head')), /^line 10: the file ends where/],
    ['truncated frames', HIERARCHY + FRAMES.split('\n')[0] + '\n', /^line 34: the file ends after 1 of its 2 frames/],
    ['a frame with too few numbers', HIERARCHY + FRAMES.replace('90 0 90\n', '90 0\n'), /^line 34: frame 1 has 17 numbers; the hierarchy has 18 channels/],
    ['a CHANNELS count that does not match its list', FILE.replace('CHANNELS 3 Xrotation Yrotation Zrotation', 'CHANNELS 3 Xrotation Yrotation'), /^line 9: Chest: CHANNELS says 3 but lists 2/],
    ['an unknown channel', FILE.replace('Xrotation Yrotation Zrotation', 'Xrotation Yrotation Wrotation'), /^line 9: Chest: 'Wrotation' is not a channel/],
    ['NaN in a frame', HIERARCHY + FRAMES.replace('90 90 0', 'NaN 90 0'), /^line 34: frame 1, channel 6 \(Chest Xrotation\) is 'NaN', not a finite number/],
    ['Infinity in an OFFSET', FILE.replace('OFFSET 0 10 0', 'OFFSET 0 Infinity 0'), /^line 8: Chest's OFFSET y is 'Infinity', not a finite number/],
    ['an absurd frame count', FILE.replace('Frames: 2', 'Frames: 100000000'), /^line 31: 100000000 frames × 18 channels .* more than the 1000000/],
    ['a frame time of 0', FILE.replace('Frame Time: 0.5', 'Frame Time: 0'), /^line 32: the frame time 0 s is not in \(0, 10\]/],
    ['more frames than announced', FILE + FRAMES, /^line 35: more lines follow the 2 frames/],
    ['a joint name longer than a bone name may be', FILE.replace('JOINT Chest', `JOINT ${'c'.repeat(200)}`), /^line 6: JOINT: its name is 200 bytes long, more than the 128 a bone name may have \(it starts 'c{24}…'\)$/],
    ['a missing closing brace', FILE.replace('  }\n}\nROOT Prop', '  }\nROOT Prop'), /^line \d+: expected JOINT, End Site or '}' in Hips, found 'ROOT'/],
  ];
  it.each(bad)('rejects %s with a message naming the line', (_, text, message) => {
    expect(() => parseBvh(text)).toThrow(BvhError);
    expect(() => parseBvh(text)).toThrow(message);
  });

  it(`rejects more than ${MAX_BVH_JOINTS} joints at the joint past the cap, and does not hang on deep nesting`, () => {
    const depth = MAX_BVH_JOINTS + 1;
    const open = Array.from({ length: depth }, (_, k) => `${k === 0 ? 'ROOT' : 'JOINT'} j${k}\n{\nOFFSET 0 1 0\nCHANNELS 1 Zrotation\n`).join('');
    const text = `HIERARCHY\n${open}${'}\n'.repeat(depth)}MOTION\nFrames: 1\nFrame Time: 1\n${'0 '.repeat(depth)}\n`;
    // Joint k starts on line 2 + 4k.
    expect(() => parseBvh(text)).toThrow(new RegExp(`^line ${2 + 4 * MAX_BVH_JOINTS}: more than ${MAX_BVH_JOINTS} joints`));
  });

  it('a bad file makes no rig (the page keeps what it had)', () => {
    const before = module.liveRigs();
    expect(() => bvhCharacter(module, FILE.replace('Frame Time: 0.5', 'Frame Time: x'), 'bad.bvh')).toThrow(/^line 32: the frame time is 'x'/);
    expect(module.liveRigs()).toBe(before);
  });
});
