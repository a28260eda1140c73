// The editable goal set on the default character through the built module:
// a target added on any bone sits on its tip and moves it when dragged; bad
// edits are refused by name and change nothing; a pin holds its tip while
// another target is dragged, and outweighs a goal that pulls against it
// (measured against the same pull on an unpinned goal); removing keeps the
// other targets; every edit is one undo step that undo and redo walk
// exactly; solvers with their own goals refuse edits and give the set back;
// a pin is nobody's symmetric-drag partner. Through the page's own pose
// editor, which has no DOM.
import { afterAll, describe, expect, it } from 'vitest';
import { addTarget, pinTarget, removeTarget } from '../../web/src/posing/goal-actions.js';
import { startGoalSet } from '../../web/src/posing/goal-set.js';
import { PoseEditor } from '../../web/src/posing/pose-editor.js';
import { DEFAULT_CHARACTER_PRESETS } from '../../web/src/posing/pose-presets.js';
import type { SceneStep } from '../../web/src/posing/pose-editor.js';
import { PosingSession } from '../../web/src/posing/posing-session.js';
import type { UndoHistory } from '../../web/src/posing/undo-history.js';
import { applyStartPose } from '../../web/src/posing/start-pose.js';
import { SymmetricDrag } from '../../web/src/posing/symmetric-drag.js';
import { Rig } from '../../web/src/rig/rig.js';
import { Change } from '../../web/src/scene/scene-change.js';
import type { BoneDesc } from '../../web/src/rig/rig-desc.js';
import type { KinModule } from '../../web/src/wasm/generated/kin.js';
import { loadKinModuleNode } from '../../web/src/wasm/load-node.js';
import { defaultCharacterBones } from './default-character.js';

type Vec3 = [number, number, number];
const distance = (a: Vec3, b: Vec3) => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);

interface Posing {
  rig: Rig;
  session: PosingSession;
  editor: PoseEditor;
  history: UndoHistory<SceneStep>;
  tip(bone: string): Vec3;
  /** A drag of goal `name`'s target by `offset` in `frames` solves, as one step. */
  drag(name: string, offset: Vec3, frames?: number): void;
  /** Goal names, pins and targets, for comparing states. */
  goals(): { name: string; pinned: boolean; target: Vec3 }[];
}

function posing(module: KinModule, bones: BoneDesc[]): Posing {
  const rig = Rig.create(module, bones);
  applyStartPose(rig);
  const session = new PosingSession(rig);
  const editor = new PoseEditor(session, { source: { kind: 'default' }, presets: DEFAULT_CHARACTER_PRESETS });
  const history = editor.undo;
  const tip = (bone: string): Vec3 => {
    const tips = rig.boneTips();
    const b = rig.boneIndex(bone);
    return [tips[3 * b], tips[3 * b + 1], tips[3 * b + 2]];
  };
  return {
    rig,
    session,
    editor,
    history,
    tip,
    drag(name, offset, frames = 10) {
      const goal = session.goalIndex(name);
      const start = session.target_ms(goal);
      // As a handle drag does it: one gesture, every move through the editor.
      editor.beginGesture();
      for (let frame = 1; frame <= frames; frame++) {
        const f = frame / frames;
        editor.handleMoved(goal, { x: start[0] + f * offset[0], y: start[1] + f * offset[1], z: start[2] + f * offset[2] });
      }
      editor.endGesture();
    },
    goals: () => session.goalNames.map((name, g) => ({ name, pinned: session.pinned(g), target: session.target_ms(g) })),
  };
}

describe('the editable goal set on the default character', () => {
  // Loaded once; every test poses a rig of its own.
  const loading = Promise.all([loadKinModuleNode(), defaultCharacterBones()]);
  let page: Posing | undefined;
  const fresh = async (): Promise<Posing> => {
    const [module, bones] = await loading;
    page?.rig.dispose();
    page = posing(module, bones);
    return page;
  };
  afterAll(() => page?.rig.dispose());

  it('starts with the hands, the feet pinned on their tips, and the hips as a root target on their joint', async () => {
    const { session, rig, goals, tip } = await fresh();
    expect(session.goalNames).toEqual(['hand_l', 'hand_r', 'foot_l', 'foot_r', 'hips']);
    expect(rig.goalCount).toBe(5);
    expect(goals().map((goal) => goal.pinned)).toEqual([false, false, true, true, false]);
    for (const goal of goals().slice(0, 4)) expect(distance(goal.target, tip(goal.name))).toBeLessThan(1e-6);
    const hips = rig.modelMatrices().slice(12, 15);
    expect(distance(goals()[4].target, [hips[0], hips[1], hips[2]])).toBeLessThan(1e-6);
    // Solves move the root: the hips target moves the body.
    expect(session.movesRoot).toBe(true);
    expect(rig.moveRoot).toBe(true);
  });

  it('adds a target on any bone where its tip is, moving nothing, and dragging it moves the tip', async () => {
    const { session, rig, editor, tip, drag } = await fresh();
    const palette = Float32Array.from(rig.palette());
    addTarget(editor, 'head');
    addTarget(editor, 'upper_arm_r'); // its tip is the elbow
    expect(session.goalNames).toEqual(['hand_l', 'hand_r', 'foot_l', 'foot_r', 'hips', 'head', 'upper_arm_r']);
    expect(rig.goalCount).toBe(7);
    expect(session.target_ms(5)).toEqual(tip('head'));
    expect(session.target_ms(6)).toEqual(tip('upper_arm_r'));
    expect(rig.palette()).toEqual(palette); // nothing solved, nothing moved
    // The limbs keep their colours; a new bone gets one of its own.
    expect(session.layout.goals.slice(0, 5).map((g) => g.color)).toEqual(startGoalSet().map((g) => g.color));
    expect(session.layout.goals[5].color).not.toBe(session.layout.goals[6].color);

    const elbow = tip('upper_arm_r');
    drag('upper_arm_r', [0, 0.08, 0.1]);
    expect(session.lastSolve.failure).toBeNull();
    const target = session.target_ms(6);
    expect(distance(tip('upper_arm_r'), target)).toBeLessThan(1e-3);
    expect(distance(tip('upper_arm_r'), elbow)).toBeGreaterThan(0.1);
  });

  it('refuses bad edits by name and changes nothing', async () => {
    const { session, editor, history, rig } = await fresh();
    let goalChanges = 0;
    const stop = editor.onChange((changes) => {
      if ((changes & Change.GOALS) !== 0) goalChanges++;
    });
    const before = { names: [...session.goalNames], depth: history.depths };
    expect(() => addTarget(editor, 'tail')).toThrow("kin: cannot add a target: the character has no bone named 'tail'");
    expect(() => addTarget(editor, 'hand_l')).toThrow("kin: bone 'hand_l' already has a target");
    expect(() => removeTarget(editor, 'head')).toThrow('kin: no goal "head"; the goals are hand_l, hand_r, foot_l, foot_r');
    expect(() => pinTarget(editor, 7, true)).toThrow('kin: no goal 7');
    expect(() => session.useEditableGoals([...session.editableGoals, { bone: 'foot_r', color: 0 }])).toThrow("kin: bone 'foot_r' has two targets");
    expect({ names: [...session.goalNames], depth: history.depths }).toEqual(before);
    expect(goalChanges).toBe(0);
    stop();
    // A share link holds 32 goals: a target on every body bone and every fingertip fits, a 33rd could not travel.
    const free = rig.boneNames.filter((bone) => !session.goalNames.includes(bone));
    for (const bone of free.slice(0, 32 - session.goalNames.length)) addTarget(editor, bone);
    expect(session.goalNames.length).toBe(32);
    expect(() => addTarget(editor, free[free.length - 1])).toThrow('kin: cannot add a target: 33 targets are more than the 32 a share link holds');
    expect(session.goalNames.length).toBe(32);
    const tooMany = Array.from({ length: 33 }, (_, k) => ({ bone: rig.boneNames[k % rig.boneCount], color: 0 }));
    expect(() => session.useEditableGoals(tooMany)).toThrow('kin: 33 targets are more than the 32 a share link holds');
  });

  it('a pinned foot holds its tip while a hand is dragged (DLS); without a goal it would not', async () => {
    const drags: Vec3[] = [[0.15, 0.3, 0.25], [-0.4, -0.5, 0.3], [0.6, 0.9, -0.4]];
    const { session, editor, tip, drag } = await fresh();
    const foot = tip('foot_l');
    pinTarget(editor, 'foot_l', true);
    expect(session.pinned(2)).toBe(true);
    expect(session.target_ms(2)).toEqual(foot);
    const hand = tip('hand_r');
    for (const offset of drags) {
      drag('hand_r', offset);
      expect(session.lastSolve.failure).toBeNull();
      expect(distance(tip('foot_l'), foot)).toBeLessThan(1e-4);
    }
    expect(distance(tip('hand_r'), hand)).toBeGreaterThan(0.3);

    // The same drags with no goal on that foot: the hips turn and carry it away.
    const loose = await fresh();
    removeTarget(loose.editor, 'foot_l');
    for (const offset of drags) loose.drag('hand_r', offset);
    expect(distance(loose.tip('foot_l'), foot)).toBeGreaterThan(1e-2);
  });

  it('a pin outweighs a goal that pulls against it; unpinned, the two share the error', async () => {
    // The ankle (shin_l's tip) pulled 0.5 m forward while the toes' base (foot_l's tip) should stay: not both can be met.
    const pulled = async (pinned: boolean) => {
      const { session, editor, tip, drag } = await fresh();
      editor.setEditableGoals([{ bone: 'foot_l', color: 0, pinned }, { bone: 'shin_l', color: 0 }]);
      const toes = tip('foot_l');
      drag('shin_l', [0, 0, 0.5]);
      expect(session.lastSolve.failure).toBeNull();
      return { toes: distance(tip('foot_l'), toes), ankle: distance(tip('shin_l'), session.target_ms(1)) };
    };
    const free = await pulled(false);
    const pinned = await pulled(true);
    expect(free.toes).toBeGreaterThan(0.05);
    expect(pinned.toes).toBeLessThan(free.toes / 20);
    expect(pinned.ankle).toBeGreaterThan(free.ankle);
  });

  it('removing a target keeps the others’ targets, also those out of reach', async () => {
    const { session, editor, drag } = await fresh();
    drag('hand_r', [-2, 0, 0]); // far beyond the arm's reach
    const handTarget = session.target_ms(1);
    removeTarget(editor, 'foot_r');
    removeTarget(editor, 0);
    expect(session.goalNames).toEqual(['hand_r', 'foot_l', 'hips']);
    expect(session.target_ms(0)).toEqual(handTarget);
  });

  it('unpinning keeps the target where the pin held it', async () => {
    const { session, editor, drag } = await fresh();
    pinTarget(editor, 'hand_l', true);
    drag('hand_l', [0.1, 0.1, 0.1]); // a pin drags too: it moves where it holds
    const held = session.target_ms(0);
    pinTarget(editor, 'hand_l', false);
    expect(session.pinned(0)).toBe(false);
    expect(session.target_ms(0)).toEqual(held);
  });

  it('each edit is one undo step; undo and redo walk goals, pins and targets exactly', async () => {
    const { editor, history, goals, rig, drag } = await fresh();
    const states = [{ goals: goals(), pose: Array.from(rig.pose()) }];
    const record = () => states.push({ goals: goals(), pose: Array.from(rig.pose()) });
    addTarget(editor, 'head');
    record();
    pinTarget(editor, 'hand_l', true);
    record();
    drag('hand_r', [0.2, 0.25, 0.2]);
    record();
    removeTarget(editor, 'head');
    record();
    pinTarget(editor, 'hand_l', false);
    record();
    expect(history.depths).toEqual({ undo: 5, redo: 0 });
    for (let k = states.length - 2; k >= 0; k--) {
      expect(history.undo()).toBe(true);
      expect({ goals: goals(), pose: Array.from(rig.pose()) }).toEqual(states[k]);
    }
    expect(history.undo()).toBe(false);
    for (let k = 1; k < states.length; k++) {
      expect(history.redo()).toBe(true);
      expect({ goals: goals(), pose: Array.from(rig.pose()) }).toEqual(states[k]);
    }
  });

  it('solvers with their own goals refuse edits and give the goal set back', async () => {
    const { session, editor, history } = await fresh();
    addTarget(editor, 'head');
    pinTarget(editor, 'hand_l', true);
    editor.setSolver('two-bone');
    expect(session.goalNames).toEqual(['forearm_l', 'forearm_r', 'shin_l', 'shin_r']);
    const depth = history.depths;
    expect(() => addTarget(editor, 'neck')).toThrow('kin: the two-bone solver poses with its own targets (forearm_l, forearm_r, shin_l, shin_r); choose another solver to add, remove or pin targets');
    expect(() => pinTarget(editor, 'shin_l', true)).toThrow('own targets');
    expect(history.depths).toEqual(depth);
    editor.setSolver('fabrik');
    expect(session.goalNames).toEqual(['hand_l', 'hand_r', 'foot_l', 'foot_r', 'hips', 'head']);
    expect(session.goalNames.map((_, g) => session.pinned(g))).toEqual([true, false, true, true, false, false]);
    // FABRIK cannot move the root: the hips target stays a root target, but solves leave the root where it is.
    expect(session.movesRoot).toBe(false);
    history.undo();
    expect(session.solverName).toBe('two-bone');
    history.undo();
    expect(session.solverName).toBe('dls');
    expect(session.movesRoot).toBe(true);
    expect(session.goalNames.map((_, g) => session.pinned(g))).toEqual([true, false, true, true, false, false]);
    history.undo();
    expect(session.goalNames.map((_, g) => session.pinned(g))).toEqual([false, false, true, true, false, false]);
  });

  it('a pin is nobody’s symmetric-drag partner', async () => {
    const { session, editor } = await fresh();
    const symmetry = new SymmetricDrag();
    symmetry.enabled = true;
    symmetry.pairGoals(session);
    const goal = (name: string) => session.goalIndex(name);
    expect(symmetry.partnerOf(goal('hand_r'))).toBe(goal('hand_l'));
    pinTarget(editor, 'hand_l', true);
    symmetry.pairGoals(session);
    expect(symmetry.partnerOf(goal('hand_r'))).toBe(-1);
    expect(symmetry.partnerOf(goal('hand_l'))).toBe(goal('hand_r')); // dragging the pin still mirrors onto the free hand
    // The feet start pinned: neither is the other's partner; the hips are in the middle.
    expect(symmetry.partnerOf(goal('foot_l'))).toBe(-1);
    expect(symmetry.partnerOf(goal('hips'))).toBe(-1);
  });
});
