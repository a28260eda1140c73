// The props' scene-file section: what it saves (a chair standing, a file's
// prop held by a hand, its bytes through the sink) applies to another scene
// as it was — the held prop back on the same hand with the same offset, the
// standing one where it stood; and its check refuses each field wrong in
// turn, naming it by its path, with the scene's props untouched.
import { beforeAll, describe, expect, it } from 'vitest';
import { propsSection } from '../../web/src/scene/props-section.js';
import type { PropTransform } from '../../web/src/scene/prop-transform.js';
import type { BoneDesc } from '../../web/src/rig/rig-desc.js';
import type { KinModule } from '../../web/src/wasm/generated/kin.js';
import { loadKinModuleNode } from '../../web/src/wasm/load-node.js';
import { defaultCharacterBones, defaultCharacterEditor } from './default-character.js';
import { sceneFileCharacters } from './scene-file-characters.js';

let module: KinModule;
let bones: BoneDesc[];

beforeAll(async () => {
  module = await loadKinModuleNode();
  bones = await defaultCharacterBones();
});

const AT: PropTransform = { position: [0.5, 0, -0.2], rotation: [0, 0.4, 0], scale: [1, 1, 1] };
const SWORD = new Uint8Array([1, 2, 3, 4, 5]);

/** A scene with a chair standing and a file's prop in the right hand, saved; the bytes the sink was given. */
function savedScene() {
  const editor = defaultCharacterEditor(module, bones);
  const { props } = editor.scene;
  props.add({ kind: 'chair', transform: AT, name: 'Seat' });
  const sword = props.add({ kind: 'file', file: { name: 'sword.glb', bytes: SWORD }, transform: { position: [-0.7, 1.2, 0.1], rotation: [0.1, 0.2, 0.3], scale: [2, 2, 2] } });
  props.attach(sword.id, { character: editor.active.id, bone: 'hand_r' });
  props.setFlags(sword.id, { locked: true });
  const bytes = new Map<string, Uint8Array>();
  const saved = propsSection(editor.scene).save({ add: (hint, b) => (bytes.set(`files/${hint}`, b), `files/${hint}`) });
  return { editor, saved: JSON.parse(JSON.stringify(saved)) as unknown[], bytes };
}

describe('the props section of a scene file', () => {
  it('saves and applies the props as they were', () => {
    const { editor, saved, bytes } = savedScene();
    expect(bytes.get('files/sword.glb')).toBe(SWORD);
    const other = defaultCharacterEditor(module, bones);
    const section = propsSection(other.scene);
    section.apply(section.check(saved, 'scene.props', bytes, sceneFileCharacters(other)));
    const [was, now] = [editor.scene.props, other.scene.props];
    expect(now.all.map((p) => [p.name, p.kind, p.locked, p.hidden, p.attachment?.bone ?? null, p.file?.name ?? null])).toEqual([
      ['Seat', 'chair', false, false, null, null],
      ['Model 1', 'file', true, false, 'hand_r', 'sword.glb'],
    ]);
    expect(now.all[1].attachment!.character).toBe(other.active.id);
    expect(now.all[1].file!.bytes).toBe(SWORD);
    for (let i = 0; i < 2; i++) {
      const [a, b] = [was.worldMatrix(was.all[i], new Float64Array(16)), now.worldMatrix(now.all[i], new Float64Array(16))];
      expect(Math.max(...Array.from(a, (v, k) => Math.abs(v - b[k])))).toBeLessThan(1e-9);
    }
    editor.dispose();
    other.dispose();
  });

  it('refuses each field wrong in turn, naming it, and changes nothing', () => {
    const { editor, saved, bytes } = savedScene();
    const section = propsSection(editor.scene);
    const before = JSON.stringify(editor.scene.props.all);
    const wrong: [string, (props: any[]) => void, RegExp][] = [
      ['not an array', (p) => p.splice(0, 2, 'x'), /scene\.props\[0\] must be an object/],
      ['name', (p) => (p[0].name = 7), /scene\.props\[0\]\.name must be a non-empty string/],
      ['kind', (p) => (p[0].kind = 'teapot'), /scene\.props\[0\]\.kind must be one of box/],
      ['file of a chair', (p) => (p[0].file = { name: 'a.glb', ref: 'files/sword.glb' }), /scene\.props\[0\]\.file must be null for a chair/],
      ['file ref', (p) => (p[1].file.ref = 'files/none.glb'), /scene\.props\[1\]\.file\.ref must name a file the scene file holds/],
      ['file name', (p) => (p[1].file.name = ''), /scene\.props\[1\]\.file\.name must be a non-empty string/],
      ['position', (p) => (p[0].transform.position[2] = 'far'), /scene\.props\[0\]\.transform\.position\[2\] must be a finite number/],
      ['rotation', (p) => (p[0].transform.rotation = [0, 0]), /scene\.props\[0\]\.transform\.rotation must be 3 numbers/],
      ['scale', (p) => (p[0].transform.scale[0] = -1), /scene\.props\[0\]\.transform\.scale\[0\] must be a finite number from 0\.001/],
      ['transform missing', (p) => delete p[0].transform, /scene\.props\[0\]\.transform must be an object/],
      ['hidden', (p) => (p[0].hidden = 'no'), /scene\.props\[0\]\.hidden must be true or false/],
      ['locked', (p) => (p[1].locked = 1), /scene\.props\[1\]\.locked must be true or false/],
      ['attachment', (p) => (p[1].attachment = 'hand'), /scene\.props\[1\]\.attachment must be an object/],
      ['attachment character', (p) => (p[1].attachment.character = 8), /scene\.props\[1\]\.attachment\.character must be a character's place/],
      ['attachment bone', (p) => (p[1].attachment.bone = ''), /scene\.props\[1\]\.attachment\.bone must be a bone's name/],
      ['a holder the file lacks', (p) => (p[1].attachment.character = 3), /scene\.props\[1\]\.attachment\.character = 3: the scene has 1 characters/],
      ['a bone the holder lacks', (p) => (p[1].attachment.bone = 'claw'), /scene\.props\[1\]\.attachment\.bone 'claw' is no bone of character 0 \(Mannequin\)/],
      ['attachment offset', (p) => (p[1].attachment.offset.scale[1] = Number.NaN), /scene\.props\[1\]\.attachment\.offset\.scale\[1\]/],
      ['unknown field', (p) => (p[0].colour = 'red'), /scene\.props\[0\] has no field "colour"/],
    ];
    for (const [what, spoil, message] of wrong) {
      const copy = JSON.parse(JSON.stringify(saved));
      spoil(copy);
      expect(() => section.check(copy, 'scene.props', bytes, sceneFileCharacters(editor)), what).toThrow(message);
      expect(JSON.stringify(editor.scene.props.all)).toBe(before);
    }
    expect(() => section.check({}, 'scene.props', bytes, sceneFileCharacters(editor))).toThrow(/scene\.props must be an array of props/);
    expect(() => section.check(Array.from({ length: 65 }, () => saved[0]), 'scene.props', bytes, sceneFileCharacters(editor))).toThrow(/holds 65 props; a scene holds at most 64/);
    editor.dispose();
  });
});
