// Whole-body posing, rotation targets and poles through the page's pose
// editor (no DOM) on the default character and the built module, as the
// handles drive them: dragging the hips' root target lowers the hips while
// the pinned feet hold within 1e-3 m and the hands go along with the body;
// a hand that holds an orientation turns to a new one within 1°; a hand's
// pole swings the elbow round while the hand stays; undo brings poles and
// orientations back exactly, and a cancelled pole drag leaves no trace.
import { beforeAll, describe, expect, it } from 'vitest';
import { setGoalFlag } from '../../web/src/posing/goal-actions.js';
import { PoseEditor } from '../../web/src/posing/pose-editor.js';
import { Rig } from '../../web/src/rig/rig.js';
import { Change } from '../../web/src/scene/scene-change.js';
import type { BoneDesc, QuatTuple, Vec3Tuple } from '../../web/src/rig/rig-desc.js';
import type { KinModule } from '../../web/src/wasm/generated/kin.js';
import { loadKinModuleNode } from '../../web/src/wasm/load-node.js';
import { defaultCharacterBones, defaultCharacterEditor } from './default-character.js';
import * as THREE from 'three';

const distance = (a: ArrayLike<number>, b: ArrayLike<number>): number => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);

function origin(rig: Rig, name: string): Vec3Tuple {
  const m = rig.modelMatrices();
  const b = 16 * rig.boneIndex(name);
  return [m[b + 12], m[b + 13], m[b + 14]];
}

function tip(rig: Rig, name: string): Vec3Tuple {
  const t = rig.boneTips();
  const b = 3 * rig.boneIndex(name);
  return [t[b], t[b + 1], t[b + 2]];
}

/** The bone's model rotation, from its matrix with the scale taken out (three.js's own decomposition). */
function rotation(rig: Rig, name: string): THREE.Quaternion {
  const q = new THREE.Quaternion();
  new THREE.Matrix4().fromArray(rig.modelMatrices(), 16 * rig.boneIndex(name)).decompose(new THREE.Vector3(), q, new THREE.Vector3());
  return q;
}

describe('goals that move the body, hold an orientation or bend toward a pole', () => {
  let module: KinModule;
  let bones: BoneDesc[];
  const editorOf = (): PoseEditor => defaultCharacterEditor(module, bones);
  /** A drag of a goal's handle by `offset` in `frames` moves, as the page does it: one gesture. */
  const drag = (editor: PoseEditor, goal: number, offset: Vec3Tuple, frames = 20): void => {
    const start = editor.session.target_ms(goal);
    editor.beginGesture();
    for (let f = 1; f <= frames; f++) editor.handleMoved(goal, { x: start[0] + (f / frames) * offset[0], y: start[1] + (f / frames) * offset[1], z: start[2] + (f / frames) * offset[2] });
    editor.endGesture();
  };
  beforeAll(async () => {
    [module, bones] = await Promise.all([loadKinModuleNode(), defaultCharacterBones()]);
  });

  it('dragging the hips 0.25 m down lowers them between the pinned feet, within 1e-3 m; the hands go along', () => {
    const editor = editorOf();
    const { session } = editor;
    const { rig } = session;
    const hips = session.goalIndex('hips');
    const feet = ['foot_l', 'foot_r'].map((name) => tip(rig, name));
    const hands = ['hand_l', 'hand_r'].map((name) => tip(rig, name));
    const hipsBefore = origin(rig, 'hips');
    drag(editor, hips, [0, -0.25, 0.03]);
    expect(session.lastSolve.status).toBe('converged');
    expect(distance(origin(rig, 'hips'), [hipsBefore[0], hipsBefore[1] - 0.25, hipsBefore[2] + 0.03])).toBeLessThan(1e-3);
    ['foot_l', 'foot_r'].forEach((name, k) => expect(distance(tip(rig, name), feet[k])).toBeLessThan(1e-3));
    // The body crouched: the knees bent, the root offset went down; the hands moved with the body.
    for (const shin of ['shin_l', 'shin_r']) expect(rig.getAngles(rig.boneIndex(shin))[0]).toBeGreaterThan(0.3);
    expect(rig.rootOffset[1]).toBeLessThan(-0.2);
    ['hand_l', 'hand_r'].forEach((name, k) => expect(tip(rig, name)[1]).toBeLessThan(hands[k][1] - 0.2));
    // One gesture, one step; undo puts the body back up.
    expect(editor.undo.depths.undo).toBe(1);
    editor.undo.undo();
    expect(distance(origin(rig, 'hips'), hipsBefore)).toBeLessThan(1e-6);
    session.rig.dispose();
  });

  it('a hand that holds an orientation turns to a new one within 1°, its tip on target', () => {
    const editor = editorOf();
    const { session } = editor;
    const { rig } = session;
    const hand = session.goalIndex('hand_r');
    setGoalFlag(editor, hand, 'orient', true);
    const held = session.orientation_ms(hand)!;
    // Turning it on holds the orientation the hand has: nothing moves.
    expect(new THREE.Quaternion(...held).angleTo(rotation(rig, 'hand_r'))).toBeLessThan(1e-5);
    // 25° about an oblique axis.
    const turn = new THREE.Quaternion().setFromAxisAngle(new THREE.Vector3(1, 1, 0.4).normalize(), (25 * Math.PI) / 180);
    const wanted = turn.multiply(new THREE.Quaternion(...held));
    const target = session.target_ms(hand);
    const report = editor.turnGoal(hand, wanted.toArray() as QuatTuple);
    expect(report.status).toBe('converged');
    expect(report.failure).toBeNull();
    expect((rotation(rig, 'hand_r').angleTo(wanted) * 180) / Math.PI).toBeLessThan(1);
    expect(distance(tip(rig, 'hand_r'), target)).toBeLessThan(1e-3);
    // A solver that takes no orientations keeps it for later and poses without it.
    editor.setSolver('ccd');
    expect(session.orientation_ms(hand)).not.toBeNull();
    expect(editor.solve().failure).toBeNull();
    rig.dispose();
  });

  it('a hand’s pole swings its elbow round while the hand stays; undo and Esc bring the pole back exactly', () => {
    const editor = editorOf();
    const { session } = editor;
    const { rig } = session;
    const hand = session.goalIndex('hand_l');
    setGoalFlag(editor, hand, 'pole', true);
    expect(session.poleBone(hand)).toBe(rig.boneIndex('forearm_l'));
    const pole = session.pole_ms(hand)!;
    const handTip = tip(rig, 'hand_l');
    const elbow = origin(rig, 'forearm_l');
    // The pole moved down under the elbow: the elbow drops toward it.
    const below: Vec3Tuple = [elbow[0], elbow[1] - 0.5, elbow[2]];
    editor.movePole(hand, ...below);
    expect(session.lastSolve.failure).toBeNull();
    expect(distance(tip(rig, 'hand_l'), handTip)).toBeLessThan(1e-3);
    const shoulder = origin(rig, 'upper_arm_l');
    const wrist = origin(rig, 'hand_l');
    const line = new THREE.Vector3(...wrist).sub(new THREE.Vector3(...shoulder)).normalize();
    const across = (p: Vec3Tuple) => {
      const v = new THREE.Vector3(...p).sub(new THREE.Vector3(...shoulder));
      return v.sub(line.clone().multiplyScalar(v.dot(line))).normalize();
    };
    expect(across(origin(rig, 'forearm_l')).dot(across(below))).toBeGreaterThan(Math.cos((10 * Math.PI) / 180));
    // Undo: the pole and the pose exactly as before.
    editor.undo.undo();
    expect(session.pole_ms(hand)).toEqual(pole);
    // A pole drag cancelled with Esc: no step, the pose bit for bit.
    const angles = Array.from(rig.pose());
    const depth = editor.undo.depths.undo;
    editor.beginGesture();
    editor.poleMoved(hand, { x: below[0], y: below[1], z: below[2] });
    expect(editor.cancelGesture()).toBe(true);
    expect(Array.from(rig.pose()).every((a, i) => Object.is(a, angles[i]))).toBe(true);
    expect(session.pole_ms(hand)).toEqual(pole);
    expect(editor.undo.depths.undo).toBe(depth);
    rig.dispose();
  });

  it('refuses options a goal cannot take, by name, changing nothing', () => {
    const editor = editorOf();
    const { session } = editor;
    let goalChanges = 0;
    editor.onChange((changes) => {
      if ((changes & Change.GOALS) !== 0) goalChanges++;
    });
    expect(() => setGoalFlag(editor, 'hand_l', 'movesRoot', true)).toThrow("only a target on the root bone (hips) can move the body, not one on 'hand_l'");
    expect(() => setGoalFlag(editor, 'hips', 'pole', true)).toThrow("'hips' has no joint two bones up");
    expect(goalChanges).toBe(0);
    session.rig.dispose();
  });
});
