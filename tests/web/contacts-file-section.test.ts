// The contacts' section of a scene file (posing/contacts-file-section.ts):
// saved as JSON, checked and applied to a fresh scene of two characters it
// gives the same contacts (the characters by their place in the scene); each
// field wrong in turn is refused by check() naming it; what only the
// characters can tell (a bone they lack, a bone without a goal) is refused
// by check() against the file's characters, by name, the contacts as they were.
import { describe, expect, it } from 'vitest';
import { checkContactsJson, contactsFileSection } from '../../web/src/posing/contacts-file-section.js';
import { type TwoCharacters, pairMaker } from './contacts-scene.js';
import { sceneFileCharacters } from './scene-file-characters.js';

const pairs = pairMaker();

function pair(): TwoCharacters {
  return pairs.facing(0.45);
}

const NO_BYTES = new Map<string, Uint8Array>();
const sink = { add: () => 'unused' };

describe("the contacts' scene file section", () => {
  it('round-trips through JSON onto a fresh scene', () => {
    const saved = pair();
    saved.contacts.add({ from: { character: saved.a.id, bone: 'hand_r' }, to: { character: saved.b.id, bone: 'upper_arm_l', point_bs: [0, 0.04, 0.01] } });
    saved.contacts.add({ from: { character: saved.b.id, bone: 'hand_l' }, to: { character: saved.a.id, bone: 'chest' } });
    const section = contactsFileSection(saved.editor, saved.contacts);
    expect(section.key).toBe('contacts');
    const json = JSON.parse(JSON.stringify(section.save(sink)));
    expect(json[0]).toEqual({ from: { character: 0, bone: 'hand_r' }, to: { character: 1, bone: 'upper_arm_l', point_bs: [0, 0.04, 0.01] } });

    const opened = pair();
    const target = contactsFileSection(opened.editor, opened.contacts);
    target.apply(target.check(json, 'scene.contacts', NO_BYTES, sceneFileCharacters(opened.editor)));
    const strip = (t: TwoCharacters) => t.contacts.contacts.map(({ from, to }) => ({ from: { ...from, character: t.editor.scene.characters.findIndex((c) => c.id === from.character) }, to: { ...to, character: t.editor.scene.characters.findIndex((c) => c.id === to.character) } }));
    expect(strip(opened)).toEqual(strip(saved));
    for (const c of opened.contacts.contacts) expect(opened.contacts.distance(c.id)).toBeLessThan(1e-3);
    // Opened again over the same contacts: they are replaced, not held twice.
    target.apply(target.check(json, 'scene.contacts', NO_BYTES, sceneFileCharacters(opened.editor)));
    expect(strip(opened)).toEqual(strip(saved));
  });

  it('refuses each field wrong in turn, naming it', () => {
    const good = () => [{ from: { character: 0, bone: 'hand_r' }, to: { character: 1, bone: 'upper_arm_l', point_bs: [0, 0, 0] } }];
    type C = ReturnType<typeof good>[0];
    const one = (change: (c: C) => unknown) => [change(good()[0])];
    const cases: [unknown, RegExp][] = [
      [{}, /^scene\.contacts must be an array of contacts$/],
      [Array.from({ length: 17 }, () => good()[0]), /^scene\.contacts holds 17 contacts; a scene holds at most 16$/],
      [[7], /^scene\.contacts\[0\] must be an object$/],
      [one((c) => ({ ...c, extra: 1 })), /^scene\.contacts\[0\]\.extra is not a field of a contact/],
      [one((c) => ({ ...c, from: null })), /^scene\.contacts\[0\]\.from must be an object$/],
      [one((c) => ({ ...c, from: { ...c.from, character: -1 } })), /^scene\.contacts\[0\]\.from\.character must be a character's index in the scene, 0\.\.7 \(got -1\)$/],
      [one((c) => ({ ...c, from: { ...c.from, character: '0' } })), /^scene\.contacts\[0\]\.from\.character must be a character's index/],
      [one((c) => ({ ...c, from: { ...c.from, bone: '' } })), /^scene\.contacts\[0\]\.from\.bone must be a bone's name/],
      [one((c) => ({ ...c, from: { ...c.from, bone: 'x'.repeat(300) } })), /^scene\.contacts\[0\]\.from\.bone must be a bone's name/],
      [one((c) => ({ ...c, from: { ...c.from, goal: 1 } })), /^scene\.contacts\[0\]\.from\.goal is not a field/],
      [one((c) => ({ ...c, to: [] })), /^scene\.contacts\[0\]\.to must be an object$/],
      [one((c) => ({ ...c, to: { ...c.to, character: 0 } })), /^scene\.contacts\[0\]\.to\.character is the from character \(0\)/],
      [one((c) => ({ ...c, to: { ...c.to, character: 8 } })), /^scene\.contacts\[0\]\.to\.character must be a character's index/],
      [one((c) => ({ ...c, to: { ...c.to, bone: 3 } })), /^scene\.contacts\[0\]\.to\.bone must be a bone's name/],
      [one((c) => ({ ...c, to: { ...c.to, point_bs: [0, 0, null] } })), /^scene\.contacts\[0\]\.to\.point_bs\[2\] must be a finite number/],
      [one((c) => ({ ...c, to: { ...c.to, point_bs: [0, 0] } })), /^scene\.contacts\[0\]\.to\.point_bs must be three numbers/],
      [one((c) => ({ ...c, to: { ...c.to, point_bs: [0, 1e9, 0] } })), /^scene\.contacts\[0\]\.to\.point_bs is farther than 10/],
      [[...good(), good()[0]], /^scene\.contacts\[1\]\.from holds character 0's 'hand_r', as scene\.contacts\[0\] does already$/],
    ];
    for (const [value, message] of cases) expect(() => checkContactsJson(value, 'scene.contacts'), String(message)).toThrow(message);
    expect(checkContactsJson(good(), 'scene.contacts')).toEqual(good());
  });

  it('refuses what only the characters tell, changing nothing', () => {
    const { editor, contacts, a, b } = pair();
    contacts.add({ from: { character: a.id, bone: 'hand_l' }, to: { character: b.id, bone: 'chest' } });
    const before = contacts.contacts;
    const section = contactsFileSection(editor, contacts);
    const apply = (json: unknown) => () => section.apply(section.check(json, 'scene.contacts', NO_BYTES, sceneFileCharacters(editor)));
    expect(apply([{ from: { character: 0, bone: 'hand_r' }, to: { character: 1, bone: 'wing', point_bs: [0, 0, 0] } }])).toThrow(/^scene\.contacts\[0\]\.to\.bone 'wing' is no bone of character 1 \(Mannequin 2\)/);
    expect(apply([{ from: { character: 0, bone: 'spine' }, to: { character: 1, bone: 'chest', point_bs: [0, 0, 0] } }])).toThrow(/^scene\.contacts\[0\]\.from\.bone 'spine' has no goal on character 0 \(Mannequin\)/);
    expect(apply([{ from: { character: 0, bone: 'hand_r' }, to: { character: 2, bone: 'chest', point_bs: [0, 0, 0] } }])).toThrow(/^scene\.contacts\[0\]\.to\.character = 2: the scene has 2 characters/);
    expect(contacts.contacts).toBe(before);
  });
});
