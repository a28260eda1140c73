// Sitting the active character on a seat prop (a stool or a chair): it is
// placed on the floor facing the way the seat faces (away from a chair's
// back), and posed with the goals' pins: a root target on its hips,
// pinned, moving the body onto the seat's top; its feet's targets pinned on
// the floor in front of the seat; the other targets lowered with the body,
// so that the hands hold where they were on it. All one undo step (where it
// stands is staging, as placing a character is, not a step).
import { SEAT_SIDE_M, seatTop_ps } from '../scene/prop-kinds.js';
import { newMat4 } from '../scene/prop-transform.js';
import { toModel } from '../scene/character-transform.js';
import type { Vec3Tuple } from '../rig/rig-desc.js';
import { addTarget, setGoalFlag } from './goal-actions.js';
import { takesAnyGoals } from './goal-set.js';
import type { PoseEditor } from './pose-editor.js';

/** The hips joint's height above the seat's top (metres): the pelvis and the flesh under it, seated. */
export const HIPS_ABOVE_SEAT_M = 0.1;
/** How far in front of the seat's centre the balls of the feet are put (metres): past its front edge, under the knees. */
export const FEET_AHEAD_M = SEAT_SIDE_M / 2 + 0.22;
/** Solves run until the hips are this close to their target (metres), at most SOLVES times. */
const HIPS_TOLERANCE_M = 5e-4;
const SOLVES = 8;

/** Where a seat prop's top centre is in the world, and the way a sitter faces on it (radians about +Y, as a character's heading). */
export function seatPlace(editor: PoseEditor, propId: number): { top_ws: Vec3Tuple; heading: number } {
  const { props } = editor.scene;
  const prop = props.prop(propId);
  const top_ps = seatTop_ps(prop.kind);
  if (top_ps === null) throw new Error(`prop ${prop.id} ('${prop.name}') is a ${prop.kind}: only a stool or a chair can be sat on`);
  const world = props.worldMatrix(prop, newMat4());
  const top_ws: Vec3Tuple = [
    world[0] * top_ps[0] + world[4] * top_ps[1] + world[8] * top_ps[2] + world[12],
    world[1] * top_ps[0] + world[5] * top_ps[1] + world[9] * top_ps[2] + world[13],
    world[2] * top_ps[0] + world[6] * top_ps[1] + world[10] * top_ps[2] + world[14],
  ];
  // The seat's +Z (away from a chair's back) on the floor; a character faces its model +Z.
  return { top_ws, heading: Math.atan2(world[8], world[10]) };
}

/** The bones sitting pins: the root (the hips) and the feet (the goals on bones named foot/ankle). */
function sittingBones(editor: PoseEditor): { hips: string; feet: string[] } {
  const { rig, goalNames } = editor.session;
  const feet = goalNames.filter((name) => /foot|ankle/i.test(name) && !/toe/i.test(name));
  if (feet.length === 0) throw new Error('the active character has no targets on its feet to put on the floor');
  return { hips: rig.boneNames[0], feet };
}

/** Sits the active character on seat prop `propId`; throws, changing nothing, for a prop that is not a seat or a solver without editable goals. */
export function sitOn(editor: PoseEditor, propId: number): void {
  const { top_ws, heading } = seatPlace(editor, propId);
  const { hips, feet } = sittingBones(editor);
  const { session } = editor;
  if (!takesAnyGoals(session.solverName)) throw new Error(`the ${session.solverName} solver poses with targets of its own; choose another solver to sit`);
  const character = editor.active;
  const standing = { ...character.transform };
  editor.placeCharacter(character.id, { x: top_ws[0], z: top_ws[2], heading });
  try {
    pose(editor, hips, feet, top_ws);
  } catch (error) {
    editor.placeCharacter(character.id, standing);
    throw error;
  }
}

/** The pins and the solve of sitting, one undo step, the character already placed over the seat's top `top_ws`. */
function pose(editor: PoseEditor, hips: string, feet: readonly string[], top_ws: Vec3Tuple): void {
  const { session } = editor;
  const character = editor.active;
  const hips_ms: Vec3Tuple = [...toModel(character.transform, top_ws)];
  hips_ms[1] += HIPS_ABOVE_SEAT_M;
  editor.undo.step(() => {
    if (!session.goalNames.includes(hips)) addTarget(editor, hips);
    setGoalFlag(editor, hips, 'movesRoot', true);
    const { rig } = session;
    const model_ms = rig.modelMatrices();
    const hipsNow = 16 * rig.boneIndex(hips);
    const drop: Vec3Tuple = [hips_ms[0] - model_ms[hipsNow + 12], hips_ms[1] - model_ms[hipsNow + 13], hips_ms[2] - model_ms[hipsNow + 14]];
    const targets_ms = session.goalNames.map((name, g): Vec3Tuple => {
      if (name === hips) return hips_ms;
      const t = session.target_ms(g);
      // A foot's ball goes on the floor ahead at the height it has standing (its target's now), beside the hips as it is.
      if (feet.includes(name)) return [t[0] - model_ms[hipsNow + 12], t[1], FEET_AHEAD_M];
      return [t[0] + drop[0], t[1] + drop[1], t[2] + drop[2]];
    });
    editor.setTargets(targets_ms);
    for (const name of [hips, ...feet]) if (!session.pinned(session.goalIndex(name))) pinHeld(editor, name, targets_ms[session.goalIndex(name)]);
    for (let i = 0; i < SOLVES; i++) {
      session.solve();
      const after = 16 * rig.boneIndex(hips);
      const m = rig.modelMatrices();
      if (Math.hypot(m[after + 12] - hips_ms[0], m[after + 13] - hips_ms[1], m[after + 14] - hips_ms[2]) < HIPS_TOLERANCE_M) break;
    }
  });
}

/** Pins a goal where its target is (pinning alone would move the target onto the bone's tip). */
function pinHeld(editor: PoseEditor, name: string, target_ms: Vec3Tuple): void {
  setGoalFlag(editor, name, 'pinned', true);
  const { session } = editor;
  const targets_ms = session.goalNames.map((_, g): Vec3Tuple => (session.goalNames[g] === name ? target_ms : session.target_ms(g)));
  editor.setTargets(targets_ms);
}
