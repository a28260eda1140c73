// Scene files in Node on the built module, through the page's own editor,
// the characters' section and the file container: a scene of four
// characters (two default ones, a lesson rig and a user's GLB file, each
// posed, placed, named, flagged, with proportions and a clip) saved and
// opened on another editor comes back bit for bit — angles, targets, the
// palettes, the clip — and saves again to the same JSON and files; a file
// with any one field wrong, a file of another format or version, a zip that
// claims to unpack huge, one with too many entries or a stray entry, and a
// deeply nested JSON are each refused naming the problem, the scene on the
// editor left exactly as it was.
import { readFileSync } from 'node:fs';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CharactersPage, type SceneCharacterHost } from '../../web/src/app/scene-file-characters.js';
import type { PreparedCharacter, SceneCharacterRecord } from '../../web/src/app/page-characters.js';
import { SceneFiles } from '../../web/src/app/scene-files.js';
import { BuiltInCharacters } from '../../web/src/import/built-in-characters.js';
import type { CharacterParts } from '../../web/src/import/character-parts.js';
import { GltfImporter } from '../../web/src/import/gltf-importer.js';
import { ModelLoader } from '../../web/src/import/model-loader.js';
import { rigFromSkinnedMesh } from '../../web/src/import/skinned-mesh-rig.js';
import { PoseEditor } from '../../web/src/posing/pose-editor.js';
import { PosingSession } from '../../web/src/posing/posing-session.js';
import type { Vec3Tuple } from '../../web/src/rig/rig-desc.js';
import { CharacterMeshes } from '../../web/src/three/character-meshes.js';
import type { KinModule } from '../../web/src/wasm/generated/kin.js';
import { loadKinModuleNode } from '../../web/src/wasm/load-node.js';
import { randomClip } from './clip-playback.js';
import { loadDefaultCharacter } from './default-character.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- scene.json as the file has it, to break field by field */
type Json = any;

let module: KinModule;
let builtIns: BuiltInCharacters;
const glb = readFileSync(new URL('../../assets/character.glb', import.meta.url));
const pages: Page[] = [];

/**
 * The page's characters without their drawing: each prepared character's
 * session and meshes (CharacterMeshes, as the page makes them), the
 * editor's scene swapped as PageCharacters swaps it.
 */
class Characters implements SceneCharacterHost {
  readonly parts = new Map<number, CharacterParts>();
  constructor(private readonly editor: () => PoseEditor) {}
  prepare(parts: CharacterParts): PreparedCharacter {
    return { session: new PosingSession(parts.rig, parts.layouts(parts.rig)), meshes: new CharacterMeshes(parts.meshes, parts.jointToBone), parts };
  }
  discard(prepared: PreparedCharacter): void {
    prepared.meshes.dispose();
    prepared.session.rig.dispose();
  }
  replaceScene(prepared: readonly PreparedCharacter[], records: readonly SceneCharacterRecord[], active: number): void {
    this.editor().replaceScene(records.map((record, k) => ({ ...record, session: prepared[k].session, info: prepared[k].parts.info })), active);
    this.parts.clear();
    for (const [k, record] of records.entries()) this.parts.set(record.id, prepared[k].parts);
  }
  of(id: number): { parts: CharacterParts } {
    return { parts: this.parts.get(id)! };
  }
}

interface Page {
  editor: PoseEditor;
  characters: Characters;
  files: SceneFiles;
  loader: ModelLoader;
  camera: { position: Vec3Tuple; target: Vec3Tuple };
}

function newPage(): Page {
  const first = builtIns.parts({ kind: 'default' });
  const editor = new PoseEditor(new PosingSession(first.rig, first.layouts(first.rig)), first.info);
  const characters = new Characters(() => editor);
  characters.parts.set(editor.active.id, first);
  const loader = new ModelLoader([new GltfImporter(module)], { report: () => {}, chooseSkin: () => Promise.resolve(0), showCharacter: () => {}, applyPose: () => '' });
  const page: Page = { editor, characters, loader, camera: { position: [0, 1.2, 4], target: [0, 1, 0] }, files: null as unknown as SceneFiles };
  const host: CharactersPage = {
    editor,
    characters,
    builtIns,
    loader,
    camera: () => page.camera,
    setCamera: (position, target) => {
      page.camera = { position, target };
    },
  };
  page.files = new SceneFiles(host, { beforeOpen: () => {}, afterOpen: () => {} });
  pages.push(page);
  return page;
}

async function add(page: Page, parts: CharacterParts | Promise<CharacterParts>, transform: { x: number; z: number; heading: number }): Promise<number> {
  const made = await parts;
  const session = new PosingSession(made.rig, made.layouts(made.rig));
  const added = page.editor.addCharacter(session, made.info, transform);
  page.characters.parts.set(added.id, made);
  return added.id;
}

/** A gesture on the active character's goal, as a drag makes it. */
function drag(editor: PoseEditor, goal: number, offset: Vec3Tuple): void {
  const start = editor.session.target_ms(goal);
  editor.beginGesture();
  for (let i = 1; i <= 6; i++) editor.handleMoved(goal, { x: start[0] + (i / 6) * offset[0], y: start[1] + (i / 6) * offset[1], z: start[2] + (i / 6) * offset[2] });
  editor.endGesture();
}

/** Everything a scene file keeps of the editor's scene, as plain values (float arrays as arrays: compared bit for bit). */
function snapshot(page: Page): unknown {
  const { scene } = page.editor;
  return {
    active: scene.active.id,
    camera: page.camera,
    characters: scene.characters.map((c) => ({
      id: c.id,
      name: c.name,
      hidden: c.hidden,
      locked: c.locked,
      transform: c.transform,
      source: c.info.source,
      solver: c.session.solverName,
      options: c.solverOptions,
      goals: c.session.editableGoals,
      angles: Array.from(c.session.rig.pose()),
      rootOffset: c.session.rig.rootOffset,
      targets: Array.from(c.session.targets_ms),
      proportions: c.session.proportions,
      keepBalance: c.session.keepBalanceAsked,
      palette: Array.from(c.session.rig.palette()),
      clip: c.clip,
    })),
  };
}

/** The JSON and files a scene file holds (a zip's bytes also hold the time it was made). */
function contents(file: Uint8Array): Record<string, string> {
  return Object.fromEntries(Object.entries(unzipSync(file)).map(([name, bytes]) => [name, name.endsWith('.json') ? strFromU8(bytes) : Buffer.from(bytes).toString('base64')]));
}

function withJson(file: Uint8Array, edit: (json: Json) => void): Uint8Array {
  const entries = unzipSync(file);
  const json = JSON.parse(strFromU8(entries['scene.json']));
  edit(json);
  entries['scene.json'] = strToU8(JSON.stringify(json));
  return zipSync(entries);
}

let staged: Page;
let saved: Uint8Array;

beforeAll(async () => {
  module = await loadKinModuleNode();
  const { mesh } = await loadDefaultCharacter();
  const { bones, jointToBone } = rigFromSkinnedMesh(mesh);
  builtIns = new BuiltInCharacters(module, { mesh, rig: { bones, jointToBone } });

  staged = newPage();
  const { editor } = staged;
  const first = editor.active.id;
  drag(editor, 0, [0.1, 0.15, 0.05]);
  editor.renameCharacter(first, 'Alice');
  const second = await add(staged, builtIns.parts({ kind: 'default' }), { x: 1.2, z: -0.3, heading: 2.5 });
  editor.setProportions({ height: 0.9, head: 1.1, shoulders: 1, arms: 1.05, legs: 0.95, torso: 1, hands: 1 }, []);
  drag(editor, 1, [-0.05, 0.2, 0.1]);
  editor.setClip(randomClip(7, editor.session.rig, 1.5, 24));
  editor.session.useKeepBalance(true);
  editor.setCharacterFlags(second, { hidden: true });
  await add(staged, builtIns.parts({ kind: 'lesson', id: 'chain' }), { x: -1.5, z: 0.5, heading: 0 });
  editor.setSolver('ccd', { maxIterations: 37 });
  drag(editor, 0, [0.05, -0.1, 0]);
  const file = await add(staged, staged.loader.importCharacter({ main: { name: 'my character.glb', bytes: glb.buffer.slice(glb.byteOffset, glb.byteOffset + glb.byteLength), uris: { kind: 'companions' } }, companions: new Map() }, { skin: 0 }), { x: 0, z: 1.4, heading: -1 });
  drag(editor, 2, [0.1, 0, 0.1]);
  editor.setActiveCharacter(second);
  editor.setCharacterFlags(file, { locked: true });
  staged.camera = { position: [0.5, 1.5, 3.25], target: [0.1, 0.9, 0.2] };
  saved = staged.files.save();
});

afterAll(() => {
  for (const page of pages) page.editor.dispose();
});

describe('a scene file', () => {
  it('opens on another editor bit for bit as it was saved, and saves again to the same contents', async () => {
    const other = newPage();
    await other.files.open(saved);
    expect(snapshot(other)).toEqual(snapshot(staged));
    expect(other.editor.scene.characters.map((c) => c.name)).toEqual(['Alice', 'Mannequin', 'Tentacle: CCD and FABRIK pass by pass', 'my character.glb']);
    expect(other.editor.undo.canUndo).toBe(false);
    expect(contents(other.files.save())).toEqual(contents(saved));
  });

  it('keeps a loaded file\'s bytes, so it opens where the file is not', () => {
    const files = Object.entries(unzipSync(saved)).filter(([name]) => name !== 'scene.json');
    expect(files).toHaveLength(1);
    expect(Buffer.from(files[0][1]).equals(glb)).toBe(true);
  });

  const wrong: [string, (json: Json) => void, RegExp][] = [
    ['format', (j) => (j.format = 'kin-pose'), /scene\.format must be "kin-scene"/],
    ['version', (j) => (j.version = 2), /version 2; this page reads version 1/],
    ['an unknown section', (j) => (j.surprise = {}), /scene has a field "surprise"/],
    ['a missing section', (j) => delete j.characters, /scene\.characters is missing/],
    ['active', (j) => (j.characters.active = 4), /scene\.characters\.active must be a whole number from 0 to 3/],
    ['a locked active one', (j) => (j.characters.active = 3), /scene\.characters\.active: character 3 is locked/],
    ['no characters', (j) => (j.characters.list = []), /scene\.characters\.list must hold at least one character/],
    ['nine characters', (j) => (j.characters.list = Array(9).fill(j.characters.list[0])), /scene\.characters\.list holds 9 items, over 8/],
    ['id', (j) => (j.characters.list[1].id = 0), /scene\.characters\.list\[1\]\.id must be a whole number/],
    ['a repeated id', (j) => (j.characters.list[1].id = j.characters.list[0].id), /scene\.characters\.list\[1\]\.id: another character has id/],
    ['name', (j) => (j.characters.list[0].name = ''), /scene\.characters\.list\[0\]\.name is empty/],
    ['a repeated name', (j) => (j.characters.list[1].name = 'Alice'), /scene\.characters\.list\[1\]\.name: another character is called "Alice"/],
    ['hidden', (j) => (j.characters.list[0].hidden = 'no'), /scene\.characters\.list\[0\]\.hidden must be true or false/],
    ['an unknown character field', (j) => (j.characters.list[0].colour = 1), /scene\.characters\.list\[0\] has a field "colour"/],
    ['transform.x', (j) => (j.characters.list[1].transform.x = null), /scene\.characters\.list\[1\]\.transform\.x must be a finite number/],
    ['transform.z far away', (j) => (j.characters.list[1].transform.z = 1e6), /transform\.z = 1000000 is farther than 50 m/],
    ['source.kind', (j) => (j.characters.list[0].source.kind = 'robot'), /scene\.characters\.list\[0\]\.source\.kind must be one of default, lesson, file/],
    ['a lesson id', (j) => (j.characters.list[2].source.id = 'tentacles'), /scene\.characters\.list\[2\]\.source\.id: this page has no lesson "tentacles"/],
    ['a file left out', (j) => (j.characters.list[3].source.file = 'files/gone.glb'), /scene\.characters\.list\[3\]\.source\.file names "files\/gone\.glb", which the scene file does not hold/],
    ['a skin', (j) => (j.characters.list[3].source.skin = 5), /scene\.characters\.list\[3\]\.source: .*skin/i],
    ['solver', (j) => (j.characters.list[0].state.solver = 'magic'), /scene\.characters\.list\[0\]\.state\.solver must be one of dls/],
    ['an option', (j) => (j.characters.list[2].state.options.maxIterations = -3), /scene\.characters\.list\[2\]\.state\.solver: .*max_iterations -3/],
    ['an unknown option', (j) => (j.characters.list[2].state.options.speed = 2), /scene\.characters\.list\[2\]\.state\.options has a field "speed"/],
    ['a goal\'s bone', (j) => (j.characters.list[0].state.goals[0].bone = 'tail'), /scene\.characters\.list\[0\]\.state\.goals: .*tail/],
    ['a goal\'s colour', (j) => (j.characters.list[0].state.goals[0].color = 'red'), /scene\.characters\.list\[0\]\.state\.goals\[0\]\.color must be a colour/],
    ['angles', (j) => j.characters.list[1].state.angles.pop(), /scene\.characters\.list\[1\]\.state\.angles must hold 3 angles per bone/],
    ['angles of another rig', (j) => j.characters.list[1].state.angles.push(0, 0, 0), /scene\.characters\.list\[1\]\.state\.angles holds \d+ bones' angles; the character has \d+ bones/],
    ['an angle', (j) => (j.characters.list[1].state.angles[4] = 'π'), /scene\.characters\.list\[1\]\.state\.angles\[4\] must be a finite number/],
    ['rootOffset', (j) => (j.characters.list[0].state.rootOffset = [0, 0]), /scene\.characters\.list\[0\]\.state\.rootOffset must be a list of 3 numbers/],
    ['targets', (j) => j.characters.list[0].state.targets.push(1, 2, 3), /scene\.characters\.list\[0\]\.state\.poles must be a list of/],
    ['proportions', (j) => (j.characters.list[1].state.proportions.height = 40), /scene\.characters\.list\[1\]\.state\.proportions: .*height/],
    ['keepBalance', (j) => (j.characters.list[1].state.keepBalance = 1), /scene\.characters\.list\[1\]\.state\.keepBalance must be true or false/],
    ['clip duration', (j) => (j.characters.list[1].clip.duration = -1), /scene\.characters\.list\[1\]\.clip\.duration must be a number from/],
    ['a clip target', (j) => (j.characters.list[1].clip.channels[0].target = 'wobble'), /scene\.characters\.list\[1\]\.clip\.channels\[0\]\.target must be one of/],
    ['a key\'s value', (j) => j.characters.list[1].clip.channels[0].keys[0].value.push(1), /scene\.characters\.list\[1\]\.clip\.channels\[0\]\.keys\[0\]\.value must be a list of 1 numbers/],
    ['a clip bone', (j) => (j.characters.list[1].clip.channels[0].bone = 900), /scene\.characters\.list\[1\]\.state\.clip: .*bone/],
    ['keys out of order', (j) => (j.characters.list[1].clip.channels[0].keys[1].time = -5), /scene\.characters\.list\[1\]\.state\.clip: /],
    ['view', (j) => (j.characters.view.position = [0, 'up', 0]), /scene\.characters\.view\.position\[1\] must be a finite number/],
  ];

  // One page for every broken file: each must leave it as it was.
  let target: Page;
  let before: unknown;
  beforeAll(async () => {
    target = newPage();
    await add(target, builtIns.parts({ kind: 'default' }), { x: 2, z: 0, heading: 0 });
    before = snapshot(target);
  });

  it.each(wrong)('with %s wrong is refused by name, the scene as it was', async (_, edit, message) => {
    const page = target;
    await expect(page.files.open(withJson(saved, edit))).rejects.toThrow(message);
    expect(snapshot(page)).toEqual(before);
  });

  it('refuses what is not a scene file, huge claims, too many entries, strays and deep nesting, the scene as it was', async () => {
    const page = target;
    const entries = unzipSync(saved);
    // The central directory's uncompressed size of scene.json (offset 24 in its header) claims 4 GB.
    const huge = saved.slice();
    const view = new DataView(huge.buffer);
    for (let at = huge.length - 22; at >= 0; at--) {
      if (view.getUint32(at, true) === 0x02014b50) {
        view.setUint32(at + 24, 0xfffffff0, true);
        break;
      }
    }
    const many: Record<string, Uint8Array> = { 'scene.json': entries['scene.json'] };
    for (let i = 0; i < 300; i++) many[`files/${i}.bin`] = new Uint8Array(1);
    const broken: [Uint8Array, RegExp][] = [
      [glb, /not a scene file/],
      [new Uint8Array(0), /not a scene file/],
      [huge, /unpack to more than/],
      [zipSync(many), /more than 256 files/],
      [zipSync({ ...entries, '../escape.txt': new Uint8Array(1) }), /holds "\.\.\/escape\.txt", which scene files do not have/],
      [zipSync({ 'files/a.bin': new Uint8Array(1) }), /it has no scene\.json/],
      [zipSync({ 'scene.json': strToU8('{"format": "kin-scene", ') }), /scene\.json is not JSON/],
      [zipSync({ 'scene.json': strToU8(`{"format":"kin-scene","version":1,"characters":${'['.repeat(100_000)}${']'.repeat(100_000)}}`) }), /scene\.characters must be an object \(it is a list of 1\)/],
    ];
    for (const [file, message] of broken) {
      await expect(page.files.open(file)).rejects.toThrow(message);
      expect(snapshot(page)).toEqual(before);
    }
  });
});
