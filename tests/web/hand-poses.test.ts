// The hand presets and finger sliders on the default character, through the
// built module: every preset lies within the fingers' limits; on both hands
// the right's angles are the left's mirrored bit for bit (x, −y, −z) and the
// palettes are mirror images (M · P · M, three.js matrices in mirror-check.ts);
// a fist's fingertips end inside a sphere around the palm and an open hand's
// outside it; curl and spread read back what they set; each edit is one undo
// step and travels in a link; bad names are refused naming the choices.
import { beforeAll, describe, expect, it } from 'vitest';
import { applyHandPreset, hasFingertipTargets, setFingerCurl, setFingertipTargets, setHandSpread } from '../../web/src/posing/hand-editing.js';
import { FINGERS, HAND_PRESETS, fingerCurl, handPreset, handSpread, hasFingers, withHandPreset } from '../../web/src/posing/hand-poses.js';
import { Rig } from '../../web/src/rig/rig.js';
import type { BoneDesc } from '../../web/src/rig/rig-desc.js';
import { decodePoseLink, encodePoseLink } from '../../web/src/share/pose-link.js';
import type { KinModule } from '../../web/src/wasm/generated/kin.js';
import { loadKinModuleNode } from '../../web/src/wasm/load-node.js';
import { bodyBones, defaultCharacterBones, defaultCharacterEditor } from './default-character.js';
import { mirrorGap } from './mirror-check.js';

type V3 = [number, number, number];
const distance = (a: V3, b: V3) => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);

describe('hand poses on the default character', () => {
  let module: KinModule;
  let bones: BoneDesc[];
  let rig: Rig;
  beforeAll(async () => {
    module = await loadKinModuleNode();
    bones = await defaultCharacterBones();
    rig = Rig.create(module, bones);
  });

  const tip = (name: string): V3 => {
    const b = rig.boneIndex(name);
    const tips = rig.boneTips();
    return [tips[3 * b], tips[3 * b + 1], tips[3 * b + 2]];
  };
  /** The palm's middle: halfway from the wrist (the forearm's tip) to the middle finger's knuckle (the hand's tip). */
  const palm = (side: 'l' | 'r'): V3 => {
    const [wrist, knuckle] = [tip(`forearm_${side}`), tip(`hand_${side}`)];
    return [0, 1, 2].map((k) => (wrist[k] + knuckle[k]) / 2) as V3;
  };
  const fingertips = (side: 'l' | 'r') => FINGERS.map((finger) => tip(`${finger}_3_${side}`));

  it('offers the ten presets an artist asks for', () => {
    expect(HAND_PRESETS.map((p) => p.id)).toEqual(['relaxed', 'fist', 'open', 'spread', 'point', 'pinch', 'grip', 'peace', 'thumbs-up', 'claw']);
  });

  for (const preset of HAND_PRESETS) {
    it(`${preset.id}: within every finger's limits, the right hand the left's mirror bit for bit`, () => {
      const requested = withHandPreset(rig, new Float32Array(3 * rig.boneCount), preset, 'both');
      rig.setPose(requested);
      // The rig clamps to the limits: a preset within them comes back as it went in.
      expect(Array.from(rig.pose())).toEqual(Array.from(requested));
      for (const finger of FINGERS) {
        for (const k of [1, 2, 3]) {
          const [left, right] = [rig.getAngles(rig.boneIndex(`${finger}_${k}_l`)), rig.getAngles(rig.boneIndex(`${finger}_${k}_r`))];
          expect(right, `${finger}_${k}`).toEqual([left[0], left[1] === 0 ? 0 : -left[1], left[2] === 0 ? 0 : -left[2]]);
        }
      }
      const palette = Float32Array.from(rig.palette());
      // Only the hands differ from the bind pose: the whole palette is its own mirror image.
      expect(mirrorGap(palette, palette, rig.mirrorPartners())).toBeLessThan(1e-6);
    });
  }

  it("a fist's fingertips end within 8 cm of the palm's middle, an open hand's beyond it", () => {
    for (const [id, inside] of [['fist', true], ['open', false], ['spread', false]] as const) {
      rig.setPose(withHandPreset(rig, new Float32Array(3 * rig.boneCount), handPreset(id), 'both'));
      for (const side of ['l', 'r'] as const) {
        for (const [f, point] of fingertips(side).entries()) {
          const d = distance(point, palm(side));
          if (inside) expect(d, `${id} ${FINGERS[f]}_${side}`).toBeLessThan(0.08);
          else expect(d, `${id} ${FINGERS[f]}_${side}`).toBeGreaterThan(0.08);
        }
      }
    }
  });

  it("a pinch brings the thumb's tip to the index finger's, 1–2.5 cm between the bones' ends (the pads touch)", () => {
    rig.setPose(withHandPreset(rig, new Float32Array(3 * rig.boneCount), handPreset('pinch'), 'both'));
    for (const side of ['l', 'r'] as const) {
      const gap = distance(tip(`thumb_3_${side}`), tip(`index_3_${side}`));
      expect(gap).toBeGreaterThan(0.01);
      expect(gap).toBeLessThan(0.025);
    }
  });

  it('curl and spread read back what they set, on one hand only', () => {
    const editor = defaultCharacterEditor(module, bones);
    const { rig: own } = editor.session;
    const before = Float32Array.from(own.pose());
    setFingerCurl(editor, 'left', ['index'], 0.5);
    expect(fingerCurl(own, own.pose(), 'left', 'index')).toBeCloseTo(0.5, 6);
    expect(own.getAngles(own.boneIndex('index_2_l'))[2]).toBeCloseTo(-0.5 * 1.7, 6);
    setHandSpread(editor, 'left', 0.5);
    expect(handSpread(own, own.pose(), 'left')).toBeCloseTo(0.5, 6);
    // The right hand and the body are as they were.
    own.boneNames.forEach((name, bone) => {
      if (name.endsWith('_l') && /^(thumb|index|middle|ring|little)_/.test(name)) return;
      expect(own.getAngles(bone), name).toEqual([before[3 * bone], before[3 * bone + 1], before[3 * bone + 2]]);
    });
    editor.session.rig.dispose();
  });

  it('each edit is one undo step, and undo puts the fingers back exactly', () => {
    const editor = defaultCharacterEditor(module, bones);
    const before = Float32Array.from(editor.session.rig.pose());
    const depth = editor.undo.depths.undo;
    applyHandPreset(editor, 'fist', 'both');
    setFingerCurl(editor, 'right', FINGERS, 0.3);
    setHandSpread(editor, 'both', -0.5);
    expect(editor.undo.depths.undo).toBe(depth + 3);
    for (let k = 0; k < 3; k++) editor.undo.undo();
    expect(Array.from(editor.session.rig.pose())).toEqual(Array.from(before));
    editor.session.rig.dispose();
  });

  it('travels in a link: the fingers come back within the link’s angle step', () => {
    const editor = defaultCharacterEditor(module, bones);
    applyHandPreset(editor, 'peace', 'left');
    applyHandPreset(editor, 'grip', 'right');
    const { rig: own } = editor.session;
    const angles = Array.from(own.pose());
    const decoded = decodePoseLink(
      encodePoseLink({ character: { kind: 'default' }, boneCount: own.boneCount, angles, rootOffset: own.rootOffset, goals: [], solver: 'dls', camera: { position: [0, 1, 3], target: [0, 1, 0] } }),
    );
    if (!decoded.ok) throw new Error(decoded.error);
    decoded.state.angles.forEach((angle, k) => expect(Math.abs(angle - angles[k]), `angle ${k}`).toBeLessThan(1e-6));
    own.dispose();
  });

  it('refuses an unknown preset, hand or finger by name, and a rig without fingers', () => {
    const editor = defaultCharacterEditor(module, bones);
    const before = editor.undo.depths.undo;
    expect(() => applyHandPreset(editor, 'wave', 'left')).toThrow('kin: no hand preset "wave"; the presets are relaxed, fist, open, spread, point, pinch, grip, peace, thumbs-up, claw');
    expect(() => applyHandPreset(editor, 'fist', 'middle' as never)).toThrow(`kin: a hand is 'left', 'right' or 'both', not "middle"`);
    expect(() => setFingerCurl(editor, 'left', ['index'], Number.NaN)).toThrow('kin: a curl is a number from 0 to 1, not NaN');
    expect(editor.undo.depths.undo).toBe(before);
    const body = Rig.create(module, bodyBones(bones));
    expect(hasFingers(body)).toBe(false);
    expect(() => withHandPreset(body, body.pose(), handPreset('fist'), 'left')).toThrow(/this character has no fingers/);
    body.dispose();
    editor.session.rig.dispose();
  });
});

describe('fingertip targets', () => {
  let module: KinModule;
  let bones: BoneDesc[];
  beforeAll(async () => {
    module = await loadKinModuleNode();
    bones = await defaultCharacterBones();
  });

  const ARM = ['clavicle_l', 'upper_arm_l', 'forearm_l', 'hand_l', 'hips', 'spine', 'chest'];

  /**
   * Drags the left index fingertip's target 2 cm toward a point under the palm's middle (the way
   * a finger curls) over 10 solves; returns how far the arm's and trunk's angles moved and the
   * fingertip's miss.
   */
  function dragIndexTip(holdArm: boolean): { armTurn: number; miss: number; names: readonly string[] } {
    const editor = defaultCharacterEditor(module, bones);
    const { session } = editor;
    const { rig } = session;
    setFingertipTargets(editor, 'left', true, holdArm);
    const before = Float32Array.from(rig.pose());
    const goal = session.goalIndex('index_3_l');
    const start = [...session.target_ms(goal)];
    const tips = rig.boneTips();
    const [wrist, knuckle] = [rig.boneIndex('forearm_l'), rig.boneIndex('hand_l')];
    const under = [0, 1, 2].map((k) => (tips[3 * wrist + k] + tips[3 * knuckle + k]) / 2 - (k === 1 ? 0.03 : 0));
    const toward = under.map((c, k) => c - start[k]);
    const length = Math.hypot(...toward);
    const at = (step: number) => start.map((c, k) => c + (0.002 * step * toward[k]) / length);
    editor.beginGesture();
    for (let step = 1; step <= 10; step++) editor.moveGoal(goal, at(step)[0], at(step)[1], at(step)[2]);
    editor.endGesture();
    const b = rig.boneIndex('index_3_l');
    const end = at(10);
    const miss = Math.hypot(tips[3 * b] - end[0], tips[3 * b + 1] - end[1], tips[3 * b + 2] - end[2]);
    let armTurn = 0;
    for (const name of ARM) for (let k = 0; k < 3; k++) armTurn = Math.max(armTurn, Math.abs(rig.pose()[3 * rig.boneIndex(name) + k] - before[3 * rig.boneIndex(name) + k]));
    const names = [...session.goalNames];
    rig.dispose();
    return { armTurn, miss, names };
  }

  it('holding the arm, a fingertip dragged 2 cm bends the finger onto its target and leaves the arm where it was', () => {
    const { armTurn, miss, names } = dragIndexTip(true);
    for (const tip of ['thumb_3_l', 'index_3_l', 'middle_3_l', 'ring_3_l', 'little_3_l']) expect(names).toContain(tip);
    expect(miss).toBeLessThan(0.002);
    expect(armTurn).toBeLessThan(1e-3);
  });

  it('not holding it, the same drag turns the arm too', () => {
    const { armTurn, miss } = dragIndexTip(false);
    expect(miss).toBeLessThan(0.002);
    expect(armTurn).toBeGreaterThan(1e-3);
  });

  it('takes the targets away again in one undo step, and is refused for a hand that is not one', () => {
    const editor = defaultCharacterEditor(module, bones);
    const goals = [...editor.session.goalNames];
    setFingertipTargets(editor, 'both', true, true);
    expect(hasFingertipTargets(editor, 'both')).toBe(true);
    const depth = editor.undo.depths.undo;
    setFingertipTargets(editor, 'both', false, true);
    expect(editor.undo.depths.undo).toBe(depth + 1);
    expect(hasFingertipTargets(editor, 'left')).toBe(false);
    expect(editor.session.goalNames.filter((name) => !goals.includes(name))).toEqual([]);
    expect(() => setFingertipTargets(editor, 'up' as never, true, true)).toThrow(`kin: a hand is 'left', 'right' or 'both', not "up"`);
    editor.session.rig.dispose();
  });
});
