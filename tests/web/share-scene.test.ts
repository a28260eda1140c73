// Scene links through the page's capture and apply (share-link.ts,
// share-scene.ts) on pose editors of the default character: three posed,
// placed characters open in a fresh editor with every palette within 1e-4
// of the ones shared (measured against the palettes before, not the
// encoding); a removed character leaves the link; a scene of five shares
// four, the active one among them, and says so; links that cannot apply
// change nothing; mutated links never break the scene.
import { beforeAll, describe, expect, it } from 'vitest';
import { PoseEditor } from '../../web/src/posing/pose-editor.js';
import { DEFAULT_CHARACTER_PRESETS } from '../../web/src/posing/pose-presets.js';
import { PosingSession } from '../../web/src/posing/posing-session.js';
import { applyStartPose } from '../../web/src/posing/start-pose.js';
import { Rig } from '../../web/src/rig/rig.js';
import type { BoneDesc, Vec3Tuple } from '../../web/src/rig/rig-desc.js';
import { type CharacterTransform, ORIGIN } from '../../web/src/scene/character-transform.js';
import { MAX_CHARACTERS } from '../../web/src/scene/scene.js';
import { decodeBase64url, encodeBase64url } from '../../web/src/share/base64url.js';
import { poseLinkInUrl } from '../../web/src/share/link-url.js';
import { type SceneLinkState, encodeSceneLink } from '../../web/src/share/scene-link.js';
import { type LinkHost, type LinkOutcome, readLink, shareUrl } from '../../web/src/share/share-link.js';
import { type SceneLinkPage, applySceneLink } from '../../web/src/share/share-scene.js';
import type { KinModule } from '../../web/src/wasm/generated/kin.js';
import { loadKinModuleNode } from '../../web/src/wasm/load-node.js';
import { defaultCharacterBones, defaultCharacterEditor } from './default-character.js';
import { integer, pick } from './random-link-states.js';
import { seededRandom, uniform } from './seeded-random.js';

const PAGE = 'https://example.org/kin/';

interface Page {
  editor: PoseEditor;
  host: LinkHost;
  scenePage: SceneLinkPage;
  /** The camera as the view holds it: the active character's model space. */
  camera: { position: Vec3Tuple; target: Vec3Tuple };
}

describe('scene links on pose editors', () => {
  let module: KinModule;
  let bones: BoneDesc[];
  beforeAll(async () => {
    module = await loadKinModuleNode();
    bones = await defaultCharacterBones();
  });

  /** An editor of `count` default characters, as the page's addCharacter path adds them. */
  function page(count = 1): Page {
    const editor = defaultCharacterEditor(module, bones);
    const scenePage: SceneLinkPage = {
      builtInBones: (c) => (c.kind === 'default' ? bones.length : 3),
      addBuiltIn: (c) => {
        if (c.kind !== 'default') throw new Error('only the default character here');
        const rig = Rig.create(module, bones);
        applyStartPose(rig);
        editor.addCharacter(new PosingSession(rig), { source: { kind: 'default' }, presets: DEFAULT_CHARACTER_PRESETS }, ORIGIN);
      },
    };
    const opened: Page = { editor, scenePage, camera: { position: [0, 1.2, 3], target: [0, 1, 0] }, host: undefined as unknown as LinkHost };
    opened.host = { editor, camera: () => opened.camera, setCamera: (position, target) => (opened.camera = { position, target }) };
    for (let k = 1; k < count; k++) scenePage.addBuiltIn({ kind: 'default' });
    return opened;
  }

  /** Poses the active character at random within the joint limits, and moves its first goal (a solve). */
  function pose(editor: PoseEditor, seed: number): void {
    const random = seededRandom(seed);
    editor.setPose(bones.flatMap((b) => [0, 1, 2].map((k) => uniform(random, 0.6 * b.min![k], 0.6 * b.max![k]))), [0, uniform(random, -0.05, 0.05), 0]);
    const target = editor.session.target_ms(0);
    editor.moveGoal(0, target[0] + 0.05, target[1] + 0.05, target[2]);
  }

  const palettes = (editor: PoseEditor): Float32Array[] => editor.scene.characters.map((c) => Float32Array.from(c.session.rig.palette()));
  const worstDifference = (a: Float32Array[], b: Float32Array[]): number => Math.max(...a.map((p, c) => Math.max(...p.map((v, k) => Math.abs(v - b[c][k])))));
  const snapshot = (editor: PoseEditor) => ({ ids: editor.scene.characters.map((c) => c.id), active: editor.active.id, transforms: editor.scene.characters.map((c) => ({ ...c.transform })), palettes: palettes(editor) });

  function linkOf(opened: Page): string {
    const shared = shareUrl(opened.host, PAGE);
    if (!shared.ok) throw new Error(shared.error);
    return poseLinkInUrl(shared.url)!;
  }

  function sceneOf(link: string): SceneLinkState {
    const read = readLink(link);
    if (!read.ok || read.kind !== 'scene') throw new Error(read.ok ? 'a one-character link' : read.error);
    return read.scene;
  }

  function open(link: string, onto: Page): LinkOutcome {
    return applySceneLink(onto.host, onto.scenePage, sceneOf(link));
  }

  const PLACES: CharacterTransform[] = [{ x: -1.5, z: 0.3, heading: 0.4 }, { x: 0.2, z: -0.1, heading: 0 }, { x: 1.7, z: -0.4, heading: -2.5 }];

  function threePosed(): Page {
    const shared = page(3);
    shared.editor.scene.characters.forEach((c, k) => {
      shared.editor.setActiveCharacter(c.id);
      pose(shared.editor, 100 + k);
      shared.editor.placeCharacter(c.id, PLACES[k]);
    });
    shared.editor.setActiveCharacter(shared.editor.scene.characters[1].id);
    shared.camera = { position: [0.6, 1.5, 3.2], target: [0.1, 1, 0] };
    return shared;
  }

  it('three posed characters open in a fresh editor with every palette within 1e-4, in their places, the same one active, the camera where it was', () => {
    const shared = threePosed();
    const before = palettes(shared.editor);
    const link = linkOf(shared);
    expect(decodeBase64url(link)![1]).toBe(4);
    const fresh = page();
    pose(fresh.editor, 7);
    expect(open(link, fresh)).toEqual({ ok: true, note: null });
    expect(fresh.editor.scene.characters).toHaveLength(3);
    const worst = worstDifference(palettes(fresh.editor), before);
    console.log(`scene link, 3 default characters: ${link.length} characters; largest palette difference after the trip ${worst.toExponential(2)}`);
    expect(worst).toBeLessThan(1e-4);
    // Not vacuous: the characters were posed apart from each other.
    expect(worstDifference([before[0]], [before[1]])).toBeGreaterThan(1e-2);
    fresh.editor.scene.characters.forEach((c, k) => {
      for (const key of ['x', 'z', 'heading'] as const) expect(Math.abs(c.transform[key] - PLACES[k][key])).toBeLessThan(1e-6);
    });
    expect(fresh.editor.scene.characters.indexOf(fresh.editor.active)).toBe(1);
    // The active one stands where it did, so the view's camera is where it was in its model space.
    const camera = [...fresh.camera.position, ...fresh.camera.target];
    expect(Math.max(...camera.map((v, k) => Math.abs(v - [...shared.camera.position, ...shared.camera.target][k])))).toBeLessThan(1e-5);
    // The new characters start posed: nothing of theirs to undo.
    expect(fresh.editor.undo.canUndo).toBe(false);
  });

  it('a one-character scene is shared as before (version 2)', () => {
    const single = page();
    pose(single.editor, 3);
    expect(decodeBase64url(linkOf(single))![1]).toBe(2);
  });

  it("a removed character's entries are gone: the link holds only the rest", () => {
    const shared = threePosed();
    const [first, , third] = shared.editor.scene.characters;
    const kept = [first, third].map((c) => Array.from(c.session.rig.pose()));
    shared.editor.removeCharacter(shared.editor.scene.characters[1].id);
    const scene = sceneOf(linkOf(shared));
    expect(scene.characters).toHaveLength(2);
    scene.characters.forEach((c, k) => expect(Math.max(...c.angles.map((a, i) => Math.abs(a - kept[k][i])))).toBeLessThan(1e-6));
    expect(scene.characters.map((c) => c.transform.x)).toEqual([PLACES[0].x, PLACES[2].x].map(Math.fround));
  });

  it('a scene of five shares four, the active one among them, and says so on both ends', () => {
    const shared = page(5);
    const fifth = shared.editor.scene.characters[4];
    pose(shared.editor, 9);
    expect(shared.editor.active).toBe(fifth);
    const url = shareUrl(shared.host, PAGE);
    expect(url.ok && url.note).toBe("The link holds 4 of the scene's 5 characters (a link holds 4). Save scene (File menu) keeps all of it in a file.");
    const scene = sceneOf(poseLinkInUrl(url.ok ? url.url : '')!);
    expect([scene.characters.length, scene.active, scene.leftOut]).toEqual([4, 3, 1]);
    const fresh = page();
    const outcome = applySceneLink(fresh.host, fresh.scenePage, scene);
    expect(outcome).toEqual({ ok: true, note: 'This link holds 4 of the 5 characters of the scene it was made from.' });
    expect(worstDifference([Float32Array.from(fresh.editor.active.session.rig.palette())], [Float32Array.from(fifth.session.rig.palette())])).toBeLessThan(1e-4);
  });

  it(`onto a full scene (${MAX_CHARACTERS} characters) it still makes exactly the link's`, () => {
    const shared = threePosed();
    const before = palettes(shared.editor);
    const full = page(MAX_CHARACTERS);
    expect(open(linkOf(shared), full).ok).toBe(true);
    expect(full.editor.scene.characters).toHaveLength(3);
    expect(worstDifference(palettes(full.editor), before)).toBeLessThan(1e-4);
  });

  describe('links that cannot apply change nothing', () => {
    function refusedUnchanged(scene: SceneLinkState, error: string): void {
      const onto = page(2);
      pose(onto.editor, 5);
      const before = snapshot(onto.editor);
      const camera = onto.camera;
      expect(applySceneLink(onto.host, onto.scenePage, scene)).toEqual({ ok: false, error });
      expect(snapshot(onto.editor)).toEqual(before);
      expect(onto.camera).toBe(camera);
    }
    let scene: SceneLinkState;
    beforeAll(() => {
      scene = sceneOf(linkOf(threePosed()));
    });
    const withCharacter = (k: number, change: Partial<SceneLinkState['characters'][number]>): SceneLinkState => ({ ...scene, characters: scene.characters.map((c, i) => (i === k ? { ...c, ...change } : c)) });

    it('a lesson this page does not have', () => refusedUnchanged(withCharacter(2, { character: { kind: 'lesson', id: 'juggling' } }), expect.stringMatching(/^This scene link cannot be opened here: character 2: lesson 'juggling' is not on this page/) as unknown as string));
    it('a default character of another bone count', () => {
      const { boneCount: _b, angles } = scene.characters[1];
      refusedUnchanged(withCharacter(1, { boneCount: 20, angles: angles.slice(0, 60), goals: [] }), `This scene link cannot be opened here: character 1 is for 20 bones; the default character has ${bones.length}`);
    });
    it('only glTF files that are not on the page', () => {
      const gltf = scene.characters.map((c, k) => ({ ...c, character: { kind: 'gltf' as const, name: `robot${k}.glb`, joints: Array.from({ length: c.boneCount }, (_, j) => j) } }));
      refusedUnchanged({ ...scene, characters: gltf }, "Load 'robot0.glb', 'robot1.glb', 'robot2.glb' to apply this link");
    });
    it('a goal set the character cannot take (found on the character made for it): the characters added go again', () => {
      const { goals } = scene.characters[0];
      refusedUnchanged(withCharacter(0, { goals: [...goals, { ...goals[0] }] }), expect.stringMatching(/^This scene link's character 0 cannot be posed: /) as unknown as string);
    });
  });

  it('a glTF file not on the page is named in the note; the rest opens', () => {
    const scene = sceneOf(linkOf(threePosed()));
    const c = scene.characters[0];
    const withFile = { ...scene, characters: [{ ...c, character: { kind: 'gltf' as const, name: 'robot.glb', joints: Array.from({ length: c.boneCount }, (_, j) => j) } }, ...scene.characters.slice(1)] };
    const fresh = page();
    expect(applySceneLink(fresh.host, fresh.scenePage, withFile)).toEqual({ ok: true, note: "'robot.glb' is not on the page: load it and open the link again to pose it too." });
    expect(fresh.editor.scene.characters).toHaveLength(2);
  });

  it('300 mutations of a valid scene link never throw, and leave a whole scene or the one before (seed 47)', () => {
    const random = seededRandom(47);
    const link = Array.from(decodeBase64url(linkOf(threePosed()))!);
    const onto = page(2);
    let applied = 0;
    for (let trial = 0; trial < 300; trial++) {
      const bytes = link.slice();
      const at = integer(random, 0, bytes.length - 1);
      if (pick(random, ['flip', 'byte'] as const) === 'flip') bytes[at] ^= 1 << integer(random, 0, 7);
      else bytes[at] = integer(random, 0, 255);
      const read = readLink(encodeBase64url(Uint8Array.from(bytes)));
      if (!read.ok || read.kind !== 'scene') continue;
      const before = snapshot(onto.editor);
      const outcome = applySceneLink(onto.host, onto.scenePage, read.scene);
      if (!outcome.ok) {
        expect(snapshot(onto.editor).ids, `trial ${trial}: ${outcome.error}`).toEqual(before.ids);
        continue;
      }
      applied++;
      expect(onto.editor.scene.characters).toHaveLength(read.scene.characters.length);
      for (const p of palettes(onto.editor)) expect(p.every(Number.isFinite), `trial ${trial}`).toBe(true);
      expect([...onto.camera.position, ...onto.camera.target].every(Number.isFinite)).toBe(true);
    }
    expect(applied).toBeGreaterThan(100);
  });

  it('encodes the same scene the same way (the capture is a fixed point of the trip)', () => {
    const shared = threePosed();
    const link = linkOf(shared);
    expect(encodeSceneLink(sceneOf(link))).toBe(link);
  });
});
