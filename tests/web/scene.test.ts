// The scene of characters through the page's own pose editor, in Node on the
// built module: two default characters, a gesture on each, undo takes back
// the second's only (the first's palette bit for bit as its gesture left it),
// a second undo brings the first one forward and takes back its gesture,
// redo walks forward again; a removed character's rig is freed and its undo
// steps are gone; bad ids, a full scene and the last character are refused
// by name and change nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PoseEditor } from '../../web/src/posing/pose-editor.js';
import { DEFAULT_CHARACTER_PRESETS } from '../../web/src/posing/pose-presets.js';
import { PosingSession } from '../../web/src/posing/posing-session.js';
import { applyStartPose } from '../../web/src/posing/start-pose.js';
import { Rig } from '../../web/src/rig/rig.js';
import type { BoneDesc } from '../../web/src/rig/rig-desc.js';
import { MAX_CHARACTERS } from '../../web/src/scene/scene.js';
import { Change } from '../../web/src/scene/scene-change.js';
import { toWorld, transformMatrix } from '../../web/src/scene/character-transform.js';
import type { KinModule } from '../../web/src/wasm/generated/kin.js';
import { loadKinModuleNode } from '../../web/src/wasm/load-node.js';
import { defaultCharacterBones, defaultCharacterEditor } from './default-character.js';

let module: KinModule;
let bones: BoneDesc[];
const editors: PoseEditor[] = [];

beforeAll(async () => {
  module = await loadKinModuleNode();
  bones = await defaultCharacterBones();
});
afterAll(() => {
  for (const editor of editors) editor.dispose();
});

function newSession(): PosingSession {
  const rig = Rig.create(module, bones);
  applyStartPose(rig);
  return new PosingSession(rig);
}

const info = { source: { kind: 'default' } as const, presets: DEFAULT_CHARACTER_PRESETS };

function twoCharacters(): { editor: PoseEditor; first: number; second: number } {
  const editor = defaultCharacterEditor(module, bones);
  editors.push(editor);
  const first = editor.active.id;
  const second = editor.addCharacter(newSession(), info, { x: 1, z: 0, heading: 0 }).id;
  return { editor, first, second };
}

/** A handle drag of `goal` by `offset` over 8 moves, as one gesture. */
function drag(editor: PoseEditor, goal: string, offset: [number, number, number]): void {
  const g = editor.session.goalIndex(goal);
  const start = editor.session.target_ms(g);
  editor.beginGesture();
  for (let i = 1; i <= 8; i++) editor.handleMoved(g, { x: start[0] + (i / 8) * offset[0], y: start[1] + (i / 8) * offset[1], z: start[2] + (i / 8) * offset[2] });
  editor.endGesture();
}

const palette = (editor: PoseEditor, id: number): Float32Array => Float32Array.from(editor.scene.character(id).session.rig.palette());

describe('a scene of characters', () => {
  it('undoes a gesture on the second character without touching the first, then the first one, and redoes both', () => {
    const { editor, first, second } = twoCharacters();
    expect(editor.active.id).toBe(second);
    const rest1 = palette(editor, first);
    const rest2 = palette(editor, second);
    editor.setActiveCharacter(first);
    drag(editor, 'hand_l', [0.1, 0.15, 0.05]);
    const posed1 = palette(editor, first);
    expect(posed1).not.toEqual(rest1);
    editor.setActiveCharacter(second);
    drag(editor, 'foot_r', [0, 0.2, 0.1]);
    const posed2 = palette(editor, second);
    expect(posed2).not.toEqual(rest2);
    expect(editor.undo.depths).toEqual({ undo: 2, redo: 0 });

    expect(editor.undo.undo()).toBe(true);
    expect(palette(editor, second)).toEqual(rest2);
    expect(palette(editor, first)).toEqual(posed1);
    expect(editor.active.id).toBe(second);

    // The next step back is the first character's: it comes forward, its gesture is taken back.
    expect(editor.undo.undo()).toBe(true);
    expect(editor.active.id).toBe(first);
    expect(palette(editor, first)).toEqual(rest1);
    expect(palette(editor, second)).toEqual(rest2);

    expect(editor.undo.redo()).toBe(true);
    expect(palette(editor, first)).toEqual(posed1);
    expect(editor.undo.redo()).toBe(true);
    expect(editor.active.id).toBe(second);
    expect(palette(editor, second)).toEqual(posed2);
    expect(palette(editor, first)).toEqual(posed1);
  });

  it('tells its listeners what changed', () => {
    const { editor, first } = twoCharacters();
    const told: [number, number][] = [];
    editor.onChange((changes, character) => told.push([changes, character.id]));
    editor.setActiveCharacter(first);
    editor.setSolver('fabrik');
    editor.moveGoal(editor.session.goalIndex('hand_r'), 0.3, 1.2, 0.2);
    editor.placeCharacter(first, { x: -1, z: 0.5, heading: 1 });
    // Each edit once, all of its changes together: the move's target, its solve (timed: the status line's) and the pose.
    expect(told).toEqual([
      [Change.ACTIVE, first],
      [Change.SOLVER, first],
      [Change.TARGETS | Change.POSE | Change.SOLVE | Change.TIMED_SOLVE, first],
      [Change.CHARACTERS, first],
    ]);
  });

  it('forgets a removed character: its rig is freed, its undo steps are gone, the next one is active', () => {
    const { editor, first, second } = twoCharacters();
    const removedRig = editor.session.rig;
    drag(editor, 'hand_r', [0, 0.2, 0]);
    editor.setActiveCharacter(first);
    drag(editor, 'hand_l', [0, 0.2, 0]);
    expect(editor.undo.depths.undo).toBe(2);
    editor.removeCharacter(second);
    expect(removedRig.disposed).toBe(true);
    expect(editor.scene.characters.map((c) => c.id)).toEqual([first]);
    expect(editor.undo.depths).toEqual({ undo: 1, redo: 0 });
    expect(editor.undo.undo()).toBe(true);
    expect(editor.active.id).toBe(first);
    expect(() => editor.removeCharacter(first)).toThrow(/at least one character/);
    expect(() => editor.setActiveCharacter(second)).toThrow(new RegExp(`no character ${second} in the scene; its characters are ${first}`));
  });

  it('refuses a full scene, a bad transform and a switch during a drag, changing nothing', () => {
    const editor = defaultCharacterEditor(module, bones);
    editors.push(editor);
    for (let i = 1; i < MAX_CHARACTERS; i++) editor.addCharacter(newSession(), info, { x: i, z: 0, heading: 0 });
    const extra = newSession();
    expect(() => editor.addCharacter(extra, info, { x: 0, z: 2, heading: 0 })).toThrow(new RegExp(`at most ${MAX_CHARACTERS} characters`));
    extra.rig.dispose();
    expect(editor.scene.characters).toHaveLength(MAX_CHARACTERS);
    const [a, b] = editor.scene.characters;
    expect(() => editor.placeCharacter(a.id, { x: Number.NaN, z: 0, heading: 0 })).toThrow(/x must be a finite number/);
    expect(() => editor.placeCharacter(a.id, { x: 0, z: 1e6, heading: 0 })).toThrow(/farther than/);
    expect(a.transform).toEqual({ x: 0, z: 0, heading: 0 });
    expect(editor.scene.characters.map((c) => c.name).slice(0, 3)).toEqual(['Mannequin', 'Mannequin 2', 'Mannequin 3']);
    editor.beginGesture();
    expect(() => editor.setActiveCharacter(b.id)).toThrow(/finish the drag/);
    editor.cancelGesture();
  });
});

describe('the outliner\'s commands', () => {
  it('renames, hides and locks a character, refusing what would break the scene by name', () => {
    const { editor, first, second } = twoCharacters();
    editor.renameCharacter(first, 'Alice');
    expect(editor.scene.character(first).name).toBe('Alice');
    expect(() => editor.renameCharacter(second, 'Alice')).toThrow(/another character is called "Alice"/);
    expect(() => editor.renameCharacter(second, '')).toThrow(/empty/);
    expect(() => editor.renameCharacter(second, 'a\u0007b')).toThrow(/control character/);
    expect(() => editor.renameCharacter(second, 'x'.repeat(129))).toThrow(/129 bytes, over 128/);
    expect(editor.scene.character(second).name).toBe('Mannequin 2');

    editor.setCharacterFlags(first, { hidden: true });
    expect(editor.scene.character(first).hidden).toBe(true);
    expect(() => editor.setCharacterFlags(first, { hidden: 'yes' as unknown as boolean })).toThrow(/hidden is true or false/);

    // The second is active: locking it hands the editing to the first; then the first cannot be locked (none would be left to pose).
    expect(editor.active.id).toBe(second);
    editor.setCharacterFlags(second, { locked: true });
    expect(editor.active.id).toBe(first);
    expect(() => editor.setCharacterFlags(first, { locked: true })).toThrow(/only character that can be posed/);
    expect(editor.scene.character(first).locked).toBe(false);
    expect(() => editor.setActiveCharacter(second)).toThrow(/Mannequin 2 is locked/);
    expect(() => editor.placeCharacter(second, { x: 3, z: 0, heading: 0 })).toThrow(/locked; unlock it to move it/);
    expect(editor.scene.character(second).transform).toEqual({ x: 1, z: 0, heading: 0 });
    editor.setCharacterFlags(second, { locked: false });
    editor.setActiveCharacter(second);
    expect(editor.active.id).toBe(second);
  });
});

describe('a drag\'s target', () => {
  it('is held once, in the core: the session reads what the rig holds, written behind its back too', () => {
    const editor = defaultCharacterEditor(module, bones);
    editors.push(editor);
    const { session } = editor;
    const g = session.goalIndex('hand_r');
    editor.handleMoved(g, { x: 0.31, y: 1.22, z: 0.17 });
    expect(session.target_ms(g)).toEqual([Math.fround(0.31), Math.fround(1.22), Math.fround(0.17)]);
    session.rig.setGoalTarget(g, [0.5, 1.5, 0.25]);
    expect(session.target_ms(g)).toEqual([0.5, 1.5, 0.25]);
    expect(Array.from(session.targets_ms.subarray(3 * g, 3 * g + 3))).toEqual([0.5, 1.5, 0.25]);
    // Goals taken from the rig behind the session's back: no target to read (NaN), and the solve says why.
    session.rig.setGoals([]);
    expect(session.target_ms(g).every(Number.isNaN)).toBe(true);
    expect(editor.solve().failure).toMatch(/no goals/);
  });
});

describe('a character transform', () => {
  it('maps model space onto the floor as its matrix does (a quarter turn by hand)', () => {
    const t = { x: 2, z: -1, heading: Math.PI / 2 };
    // A quarter turn counter-clockwise seen from above takes +X to -Z and +Z to +X.
    const p = toWorld(t, [1, 0.5, 0]);
    expect(p[0]).toBeCloseTo(2, 12);
    expect(p[1]).toBe(0.5);
    expect(p[2]).toBeCloseTo(-2, 12);
    const m = transformMatrix(t);
    const q = [0.3, 1.1, -0.7];
    const viaMatrix = [0, 1, 2].map((r) => m[r] * q[0] + m[4 + r] * q[1] + m[8 + r] * q[2] + m[12 + r]);
    toWorld(t, q).forEach((v, i) => expect(v).toBeCloseTo(viaMatrix[i], 12));
  });
});
