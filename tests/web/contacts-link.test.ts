// Contacts in share links (version 5 of scene-link.ts, contacts-link.ts):
// a scene of two characters with clasped hands shared through the page's
// capture and opened in a fresh editor brings both contacts (same bones, points within
// float32) and both characters' palettes within 1e-4, the contacts holding within 1 mm;
// a scene without contacts still writes version 4, byte for byte what it
// wrote before (the same state without the field); version-4 links open as
// they did; a contacts block breaking a rule is refused by name.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CHARACTER_PRESETS } from '../../web/src/posing/pose-presets.js';
import { PosingSession } from '../../web/src/posing/posing-session.js';
import { SceneContacts } from '../../web/src/posing/scene-contacts.js';
import { applyStartPose } from '../../web/src/posing/start-pose.js';
import { Rig } from '../../web/src/rig/rig.js';
import type { BoneDesc, Vec3Tuple } from '../../web/src/rig/rig-desc.js';
import { ORIGIN } from '../../web/src/scene/character-transform.js';
import { decodeBase64url, encodeBase64url } from '../../web/src/share/base64url.js';
import { type LinkContact } from '../../web/src/share/contacts-link.js';
import { type SceneLinkState, decodeShareLink, encodeSceneLink, tryEncodeSceneLink } from '../../web/src/share/scene-link.js';
import { type LinkHost, captureSceneState } from '../../web/src/share/share-link.js';
import { type SceneLinkPage, applySceneLink } from '../../web/src/share/share-scene.js';
import type { KinModule } from '../../web/src/wasm/generated/kin.js';
import { loadKinModuleNode } from '../../web/src/wasm/load-node.js';
import { type TwoCharacters, claspedPair, tip_ws } from './contacts-scene.js';
import { defaultCharacterBones, defaultCharacterEditor } from './default-character.js';

let module: KinModule;
let bones: BoneDesc[];
const disposers: (() => void)[] = [];

beforeAll(async () => {
  module = await loadKinModuleNode();
  bones = await defaultCharacterBones();
});
afterAll(() => {
  for (const dispose of disposers) dispose();
});

const camera = { position: [0, 1.2, 3] as Vec3Tuple, target: [0, 1, 0] as Vec3Tuple };

function hostOf(pair: Pick<TwoCharacters, 'editor' | 'contacts'>): LinkHost {
  return { editor: pair.editor, contacts: pair.contacts, camera: () => camera, setCamera: () => {} };
}

function clasped(): TwoCharacters {
  const pair = claspedPair(module, bones);
  disposers.push(() => pair.editor.dispose());
  return pair;
}

/** A fresh editor with contacts, adding default characters as the page does. */
function freshPage(): { editor: TwoCharacters['editor']; contacts: SceneContacts; scenePage: SceneLinkPage } {
  const editor = defaultCharacterEditor(module, bones);
  disposers.push(() => editor.dispose());
  const contacts = new SceneContacts(editor);
  const scenePage: SceneLinkPage = {
    builtInBones: () => bones.length,
    addBuiltIn: () => {
      const rig = Rig.create(module, bones);
      applyStartPose(rig);
      editor.addCharacter(new PosingSession(rig), { source: { kind: 'default' }, presets: DEFAULT_CHARACTER_PRESETS }, ORIGIN);
    },
  };
  return { editor, contacts, scenePage };
}

describe('contacts in scene links', () => {
  it('travel in a version-5 link and hold in the page that opens it', () => {
    const pair = clasped();
    const state = captureSceneState(hostOf(pair));
    const hand = bones.findIndex((b) => b.name === 'hand_r');
    expect(state.contacts?.map((c) => [c.from.character, c.from.bone, c.to.character, c.to.bone])).toEqual([[0, hand, 1, hand], [1, hand, 0, hand]]);
    const link = encodeSceneLink(state);
    expect(decodeBase64url(link)![1]).toBe(5);
    const decoded = decodeShareLink(link);
    if (!decoded.ok || decoded.link.kind !== 'scene') throw new Error('not a scene link');

    const opened = freshPage();
    const outcome = applySceneLink({ editor: opened.editor, contacts: opened.contacts, camera: () => camera, setCamera: () => {} }, opened.scenePage, decoded.link.scene);
    expect(outcome).toEqual({ ok: true, note: null });
    const [a, b] = opened.editor.scene.characters;
    expect(opened.contacts.contacts.map((c) => [c.from.character, c.from.bone, c.to.character, c.to.bone])).toEqual([[a.id, 'hand_r', b.id, 'hand_r'], [b.id, 'hand_r', a.id, 'hand_r']]);
    pair.contacts.contacts.forEach((c, k) => c.to.point_bs.forEach((v, i) => expect(opened.contacts.contacts[k].to.point_bs[i]).toBe(Math.fround(v))));
    // The poses as shared (the palettes, measured against the shared page's), the hands still together.
    [pair.a, pair.b].forEach((c, k) => {
      const shared = c.session.rig.palette();
      const got = opened.editor.scene.characters[k].session.rig.palette();
      expect(Math.max(...Array.from(got, (v, i) => Math.abs(v - shared[i])))).toBeLessThan(1e-4);
    });
    expect(tip_ws(a, 'hand_r').distanceTo(tip_ws(b, 'hand_r'))).toBeLessThan(1e-3);
    for (const c of opened.contacts.contacts) expect(opened.contacts.distance(c.id)).toBeLessThan(1e-3);
  });

  it('a scene without contacts writes version 4 byte for byte as before; version-4 links open as they did', () => {
    const pair = clasped();
    const withContacts = captureSceneState(hostOf(pair));
    const { contacts: _contacts, ...before } = withContacts;
    const four = encodeSceneLink(before);
    expect(decodeBase64url(four)![1]).toBe(4);
    expect(encodeSceneLink({ ...before, contacts: [] })).toBe(four);
    // The version-5 link is the version-4 one with the version byte 5 and the block after it.
    const five = decodeBase64url(encodeSceneLink(withContacts))!;
    const fourBytes = decodeBase64url(four)!;
    expect(Array.from(five.slice(2, fourBytes.length))).toEqual(Array.from(fourBytes.slice(2)));
    expect(five.length - fourBytes.length).toBe(1 + 2 * (1 + 2 + 1 + 2 + 12));
    const decoded = decodeShareLink(four);
    if (!decoded.ok || decoded.link.kind !== 'scene') throw new Error('not a scene link');
    expect(decoded.link.scene.contacts).toBeUndefined();
    // Opening it on a page with contacts takes them away: the scene is the link's.
    const opened = freshPage();
    opened.scenePage.addBuiltIn({ kind: 'default' });
    opened.contacts.add({ from: { character: opened.editor.scene.characters[0].id, bone: 'hand_l' }, to: { character: opened.editor.scene.characters[1].id, bone: 'chest' } });
    expect(applySceneLink({ editor: opened.editor, contacts: opened.contacts, camera: () => camera, setCamera: () => {} }, opened.scenePage, decoded.link.scene).ok).toBe(true);
    expect(opened.contacts.contacts).toEqual([]);
  });

  it('refuses a contacts block that breaks a rule, naming it', () => {
    const pair = clasped();
    const state = captureSceneState(hostOf(pair));
    const good = state.contacts![0];
    const broken = (change: (c: LinkContact) => LinkContact): SceneLinkState => ({ ...state, contacts: [change(structuredClone(good))] });
    const cases: [SceneLinkState, RegExp][] = [
      [broken((c) => ({ ...c, to: { ...c.to, character: 0 } })), /contact 0 ties character 0 to itself/],
      [broken((c) => ({ ...c, from: { ...c.from, character: 2 } })), /contact 0: from character 2 out of range \(2 characters\)/],
      [broken((c) => ({ ...c, to: { ...c.to, bone: bones.length } })), new RegExp(`contact 0: to bone ${bones.length} out of range`)],
      [broken((c) => ({ ...c, to: { ...c.to, point_bs: [0, Number.NaN, 0] } })), /contact 0: its point is not three finite numbers/],
      [broken((c) => ({ ...c, to: { ...c.to, point_bs: [50, 0, 0] } })), /contact 0: its point is farther than 10/],
      [{ ...state, contacts: Array.from({ length: 17 }, () => good) }, /contact count 17 is not within 1\.\.16/],
    ];
    for (const [scene, message] of cases) {
      const encoded = tryEncodeSceneLink(scene);
      expect(encoded.ok).toBe(false);
      if (!encoded.ok) expect(encoded.error).toMatch(message);
    }
    // The decoder refuses the same: a link forged with a contact tying character 1 to itself.
    const bytes = decodeBase64url(encodeSceneLink(state))!;
    const block = bytes.length - 2 * 18;
    const forged = bytes.slice();
    forged[block + 3] = forged[block]; // the first contact's to character = its from character
    expect(decodeShareLink(encodeBase64url(forged))).toEqual({ ok: false, error: 'contact 0 ties character 0 to itself' });
    const truncated = bytes.slice(0, bytes.length - 5);
    expect(decodeShareLink(encodeBase64url(truncated)).ok).toBe(false);
    const zero = bytes.slice(0, block);
    zero[block - 1] = 0;
    expect(decodeShareLink(encodeBase64url(zero))).toEqual({ ok: false, error: 'contact count 0 is not within 1..16' });
  });
});
