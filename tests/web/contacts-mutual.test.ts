// Clasped hands: A's right hand held on B's and B's on A's, on the real
// module through the page's pose editor and its drag path (a gesture of 8
// handle moves). After a drag of either character's hand both contacts hold
// within 1 mm (measured with three.js's matrices), the feet stay pinned and
// the angles within limits, and the alternating settle (scene-contacts.ts)
// takes few rounds; one undo brings both characters back, bit for bit.
// Hands a centimetre apart when clasped meet (each held on the other's own
// point) and stay together through long drags.
import { describe, expect, it } from 'vitest';
import * as THREE from 'three';
import { MAX_ROUNDS } from '../../web/src/posing/scene-contacts.js';
import { type TwoCharacters, bonePoint_ws, dragTo, pairMaker, tip_ws, toModel_ms, withinLimits } from './contacts-scene.js';

const pairs = pairMaker();

/** Both right hands dragged to meet between the two characters, then held on each other (each contact's point where the other's hand is). */
function clasped(): TwoCharacters & { ids: number[] } {
  return pairs.clasped(({ a, b }) => expect(tip_ws(a, 'hand_r').distanceTo(tip_ws(b, 'hand_r'))).toBeLessThan(1e-3));
}

/** How far each character's right hand is from the point its contact holds it to, by three.js. */
function gaps({ contacts, a, b }: TwoCharacters): number[] {
  const [onB, onA] = contacts.contacts;
  return [tip_ws(a, 'hand_r').distanceTo(bonePoint_ws(b, 'hand_r', onB.to.point_bs)), tip_ws(b, 'hand_r').distanceTo(bonePoint_ws(a, 'hand_r', onA.to.point_bs))];
}

describe('clasped hands of two characters', () => {
  for (const dragged of ['a', 'b'] as const) {
    it(`both hold within 1 mm after a drag of ${dragged.toUpperCase()}'s hand, pins and limits holding; undo brings both back`, () => {
      const pair = clasped();
      const { editor, contacts } = pair;
      const mover = pair[dragged];
      const other = dragged === 'a' ? pair.b : pair.a;
      const feet = [pair.a, pair.b].flatMap((c) => [tip_ws(c, 'foot_l'), tip_ws(c, 'foot_r')]);
      const before = [pair.a, pair.b].map((c) => Float32Array.from(c.session.rig.palette()));
      const otherHand = tip_ws(other, 'hand_r');
      editor.setActiveCharacter(mover.id);
      // Up and toward the mover's side: the other's hand must come along.
      const to = tip_ws(mover, 'hand_r').add(new THREE.Vector3(0.06, 0.12, 0.03));
      dragTo(editor, 'hand_r', toModel_ms(mover, to));
      for (const gap of gaps(pair)) expect(gap).toBeLessThan(1e-3);
      expect(tip_ws(other, 'hand_r').distanceTo(otherHand)).toBeGreaterThan(0.05);
      expect(contacts.lastSettle.rounds).toBeLessThan(MAX_ROUNDS);
      console.log(`clasped hands, drag of ${dragged}: last settle ${contacts.lastSettle.rounds} rounds, ${contacts.lastSettle.solves} solves, worst ${(contacts.lastSettle.worst * 1e3).toFixed(4)} mm`);
      [pair.a, pair.b].flatMap((c) => [tip_ws(c, 'foot_l'), tip_ws(c, 'foot_r')]).forEach((foot, i) => expect(foot.distanceTo(feet[i])).toBeLessThan(1e-3));
      expect(withinLimits(pair.a) && withinLimits(pair.b)).toBe(true);

      expect(editor.undo.undo()).toBe(true);
      expect(Float32Array.from(pair.a.session.rig.palette())).toEqual(before[0]);
      expect(Float32Array.from(pair.b.session.rig.palette())).toEqual(before[1]);
      expect(contacts.contacts.map((c) => c.id)).toEqual(pair.ids);
      expect(editor.undo.redo()).toBe(true);
      for (const gap of gaps(pair)) expect(gap).toBeLessThan(1e-3);
    });
  }

  it('hands apart when clasped meet, and stay together through long drags of B', () => {
    const pair = pairs.facing(0, { x: 0.6, z: 0, heading: -Math.PI / 2 });
    const { editor, contacts, a, b } = pair;
    editor.placeCharacter(a.id, { x: 0, z: 0, heading: Math.PI / 2 });
    const meet = new THREE.Vector3(0.3, 1.4, 0);
    editor.setActiveCharacter(a.id);
    dragTo(editor, 'hand_r', toModel_ms(a, meet));
    editor.setActiveCharacter(b.id);
    dragTo(editor, 'hand_r', toModel_ms(b, meet.clone().add(new THREE.Vector3(0.006, 0, 0.007))));
    expect(tip_ws(a, 'hand_r').distanceTo(tip_ws(b, 'hand_r'))).toBeGreaterThan(0.008);
    const first = contacts.add({ from: { character: a.id, bone: 'hand_r' }, to: { character: b.id, bone: 'hand_r' } });
    // Alone, the first holds A's hand where it is, 9 mm from B's.
    expect(tip_ws(a, 'hand_r').distanceTo(tip_ws(b, 'hand_r'))).toBeGreaterThan(0.008);
    contacts.add({ from: { character: b.id, bone: 'hand_r' }, to: { character: a.id, bone: 'hand_r' } });
    expect(contacts.contacts[0].id).toBe(first.id);
    expect(tip_ws(a, 'hand_r').distanceTo(tip_ws(b, 'hand_r'))).toBeLessThan(1e-3);
    for (const offset of [[0.06, 0.12, 0.03], [0.1, 0.15, 0.1], [-0.15, -0.1, -0.1], [0, 0.2, 0]]) {
      dragTo(editor, 'hand_r', toModel_ms(b, tip_ws(b, 'hand_r').add(new THREE.Vector3(offset[0], offset[1], offset[2]))), 10);
      for (const gap of gaps(pair)) expect(gap).toBeLessThan(1e-3);
      expect(tip_ws(a, 'hand_r').distanceTo(tip_ws(b, 'hand_r'))).toBeLessThan(1e-3);
    }
    // The second add was one step: undoing it leaves the first contact, the hands apart again.
    editor.undo.undo();
    editor.undo.undo();
    editor.undo.undo();
    editor.undo.undo();
    editor.undo.undo();
    expect(contacts.contacts.map((c) => c.id)).toEqual([first.id]);
    expect(contacts.contacts[0].to.point_bs).toEqual(first.to.point_bs);
    expect(tip_ws(a, 'hand_r').distanceTo(tip_ws(b, 'hand_r'))).toBeGreaterThan(0.008);
  });
});
