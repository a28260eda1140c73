// A contact of one character's hand on another's shoulder, on the real
// module through the page's pose editor: A's right hand held on B's left
// shoulder follows it within 1 mm through 100 seeded random poses of B
// (each within B's limits, set as the page sets a pose: one undo step on B),
// and through B moved and turned on the floor; A's pinned feet stay where they were and
// its angles within limits. Distances are measured with three.js's matrices,
// not the contacts' own arithmetic. Bad contacts are refused naming the
// field, changing nothing; removing a character removes its contacts.
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../web/src/posing/seeded-random.js';
import { type TwoCharacters, bonePoint_ws, pairMaker, tip_ws, withinLimits } from './contacts-scene.js';

const pairs = pairMaker();

function pair(distance = 0.45): TwoCharacters {
  return pairs.facing(distance);
}

const SHOULDER: [number, number, number] = [0, 0, 0];

/** A random pose of `rig` within its limits, each angle drawn from the middle `spread` of its range around zero. */
function randomAngles(rig: TwoCharacters['b']['session']['rig'], random: () => number, spread: number): Float32Array {
  const angles = new Float32Array(3 * rig.boneCount);
  for (let bone = 0; bone < rig.boneCount; bone++) {
    const { min, max } = rig.limits(bone);
    for (let k = 0; k < 3; k++) angles[3 * bone + k] = Math.min(max[k], Math.max(min[k], spread * (min[k] + random() * (max[k] - min[k]))));
  }
  return angles;
}

describe('a hand contact on another character', () => {
  it("follows B's shoulder within 1 mm through 100 random poses of B; A's feet stay pinned and its angles within limits", () => {
    const { editor, contacts, a, b } = pair();
    const id = contacts.add({ from: { character: a.id, bone: 'hand_r' }, to: { character: b.id, bone: 'upper_arm_l', point_bs: SHOULDER } }).id;
    const feet = [tip_ws(a, 'foot_l'), tip_ws(a, 'foot_r')];
    expect(tip_ws(a, 'hand_r').distanceTo(bonePoint_ws(b, 'upper_arm_l', SHOULDER))).toBeLessThan(1e-3);
    const random = seededRandom(25);
    editor.setActiveCharacter(b.id);
    let shoulderTravel = 0;
    const firstShoulder = bonePoint_ws(b, 'upper_arm_l', SHOULDER);
    let worst = 0;
    for (let i = 0; i < 100; i++) {
      editor.setPose(randomAngles(b.session.rig, random, 0.3), [0, 0, 0]);
      const shoulder = bonePoint_ws(b, 'upper_arm_l', SHOULDER);
      shoulderTravel = Math.max(shoulderTravel, shoulder.distanceTo(firstShoulder));
      worst = Math.max(worst, tip_ws(a, 'hand_r').distanceTo(shoulder));
      expect(withinLimits(a)).toBe(true);
      expect(tip_ws(a, 'foot_l').distanceTo(feet[0])).toBeLessThan(1e-3);
      expect(tip_ws(a, 'foot_r').distanceTo(feet[1])).toBeLessThan(1e-3);
    }
    expect(worst).toBeLessThan(1e-3);
    // The poses moved the shoulder by centimetres, so following was needed.
    expect(shoulderTravel).toBeGreaterThan(0.05);
    expect(contacts.distance(id)).toBeLessThan(1e-3);
  });

  it('follows B moved and turned on the floor', () => {
    const { editor, contacts, a, b } = pair();
    contacts.add({ from: { character: a.id, bone: 'hand_r' }, to: { character: b.id, bone: 'upper_arm_l', point_bs: SHOULDER } });
    const before = tip_ws(a, 'hand_r');
    editor.placeCharacter(b.id, { x: 0.08, z: 0.42, heading: Math.PI - 0.2 });
    const shoulder = bonePoint_ws(b, 'upper_arm_l', SHOULDER);
    expect(tip_ws(a, 'hand_r').distanceTo(before)).toBeGreaterThan(0.03);
    expect(tip_ws(a, 'hand_r').distanceTo(shoulder)).toBeLessThan(1e-3);
  });

  it('holds the goal where it is when the point is left out, and adding and removing are one undo step each', () => {
    const { editor, contacts, a, b } = pair();
    const hand = tip_ws(a, 'hand_l');
    const contact = contacts.add({ from: { character: a.id, bone: 'hand_l' }, to: { character: b.id, bone: 'chest' } });
    // Where the hand is now, in B's chest's frame (three.js's inverse of the chest's world matrix).
    const chest = bonePoint_ws(b, 'chest', contact.to.point_bs);
    expect(chest.distanceTo(hand)).toBeLessThan(1e-5);
    expect(editor.undo.depths.undo).toBe(1);
    contacts.remove(contact.id);
    expect(contacts.contacts).toEqual([]);
    expect(editor.undo.depths.undo).toBe(2);
    editor.undo.undo();
    expect(contacts.contacts.map((c) => c.id)).toEqual([contact.id]);
    editor.undo.undo();
    expect(contacts.contacts).toEqual([]);
    editor.undo.redo();
    expect(contacts.contacts.map((c) => c.id)).toEqual([contact.id]);
  });

  it('refuses a bad contact naming the field, changing nothing', () => {
    const { editor, contacts, a, b } = pair();
    const good = () => ({ from: { character: a.id, bone: 'hand_r' }, to: { character: b.id, bone: 'upper_arm_l', point_bs: [0, 0, 0] as number[] } });
    const cases: [(c: ReturnType<typeof good>) => unknown, RegExp][] = [
      [() => null, /^contact must be an object/],
      [(c) => ({ ...c, from: 3 }), /^contact\.from must be an object/],
      [(c) => ({ ...c, from: { ...c.from, character: 99 } }), /^contact\.from\.character = 99 is no character/],
      [(c) => ({ ...c, from: { ...c.from, character: 1.5 } }), /^contact\.from\.character must be a character id/],
      [(c) => ({ ...c, from: { ...c.from, bone: 'chest' } }), /^contact\.from\.bone 'chest' has no goal on character 1; its goals are hand_l, hand_r/],
      [(c) => ({ ...c, from: { ...c.from, bone: 7 } }), /^contact\.from\.bone must be a bone's name/],
      [(c) => ({ ...c, to: { ...c.to, character: a.id } }), /^contact\.to\.character is the from character/],
      [(c) => ({ ...c, to: { ...c.to, bone: 'tail' } }), /^contact\.to\.bone 'tail' is no bone of character 2/],
      [(c) => ({ ...c, to: { ...c.to, point_bs: [0, Number.NaN, 0] } }), /^contact\.to\.point_bs\[1\] must be a finite number/],
      [(c) => ({ ...c, to: { ...c.to, point_bs: [0, 0] } }), /^contact\.to\.point_bs must be three numbers/],
      [(c) => ({ ...c, to: { ...c.to, point_bs: [1e6, 0, 0] } }), /^contact\.to\.point_bs is farther than 10/],
    ];
    const palette = Float32Array.from(a.session.rig.palette());
    for (const [broken, message] of cases) expect(() => contacts.add(broken(good())), String(message)).toThrow(message);
    expect(contacts.contacts).toEqual([]);
    expect(editor.undo.depths.undo).toBe(0);
    expect(Float32Array.from(a.session.rig.palette())).toEqual(palette);
    contacts.add(good());
    expect(() => contacts.add({ ...good(), to: { ...good().to, bone: 'chest' } })).toThrow(/^contact\.from: character 1's goal 'hand_r' is held by contact \d+ already/);
    expect(() => contacts.remove(12345)).toThrow(/no contact 12345; the contacts are \d+/);
  });

  it("removing a character removes its contacts", () => {
    const { editor, contacts, a, b } = pair();
    contacts.add({ from: { character: a.id, bone: 'hand_r' }, to: { character: b.id, bone: 'upper_arm_l', point_bs: SHOULDER } });
    let told = 0;
    contacts.onChange(() => told++);
    editor.removeCharacter(b.id);
    expect(contacts.contacts).toEqual([]);
    expect(told).toBe(1);
  });
});
