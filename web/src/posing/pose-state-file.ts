// A character's pose state (pose-state.ts: what undo brings back) as a scene
// file keeps it: every number as JSON writes a double, so a saved scene opens
// bit for bit as it was (angles as the rig's float32 values, targets as the
// session's float64). Reading checks the shapes and kinds of every field,
// naming it; what only the character's rig can judge (bone names, the
// solver's options, a clip's channels) is judged by putting the state on the
// character's new session (placeSessionState), before it joins the scene.
import { type ClipChannel, type ClipData, type ClipKey, valueSize } from '../rig/clip-data.js';
import { builtContract } from '../rig/contract.js';
import { SOLVERS, type SolverName, type SolverOptions } from '../rig/rig.js';
import type { Vec3Tuple } from '../rig/rig-desc.js';
import { type Fields, arrayAt, booleanAt, fail, integerAt, jsonNumbers, numberAt, numbersAt, objectAt, oneOfAt, stringAt } from '../scene/file-fields.js';
import { MAX_GOALS, sameGoalSet } from './goal-set.js';
import type { PoseState } from './pose-state.js';
import type { PosingSession } from './posing-session.js';
import { PROPORTION_KEYS, type Proportions, proportionsProblem, sameProportions } from './proportions.js';
import type { PosingGoal } from './solver-goals.js';

/** What a scene file keeps of a character's session besides its pose state: the floor and balance constraints asked for. */
export interface SessionState extends PoseState {
  keepBalance: boolean;
  keepAboveFloor: boolean;
}

const MAX_BONES = 1024;
const MAX_CHANNELS = 4096;
const MAX_KEYS = 100_000;
const GOAL_FIELDS = ['bone', 'color', 'poleOffset', 'aimDistance', 'point', 'pinned', 'movesRoot', 'orient', 'pole'] as const;
const KEY_FIELDS = ['time', 'value', 'interpolation', 'tension', 'continuity', 'bias', 'inTangent', 'outTangent'] as const;
const STATE_FIELDS = ['solver', 'options', 'goals', 'angles', 'rootOffset', 'targets', 'poles', 'orientations', 'proportions', 'keepBalance', 'keepAboveFloor'] as const;

export function sessionStateOf(session: PosingSession, state: PoseState): SessionState {
  return { ...state, keepBalance: session.keepBalanceAsked, keepAboveFloor: session.keepAboveFloorAsked };
}

function goalJson(goal: PosingGoal): Fields {
  const out: Fields = { bone: goal.bone, color: goal.color };
  if (goal.poleOffset_ms !== undefined) out.poleOffset = goal.poleOffset_ms;
  if (goal.aimDistance !== undefined) out.aimDistance = goal.aimDistance;
  if (goal.point_bs !== undefined) out.point = goal.point_bs;
  for (const flag of ['pinned', 'movesRoot', 'orient', 'pole'] as const) if (goal[flag] !== undefined) out[flag] = goal[flag];
  return out;
}

export function sessionStateJson(state: SessionState): Fields {
  return {
    solver: state.solver,
    options: state.solverOptions,
    goals: state.goals.map(goalJson),
    angles: Array.from(state.angles),
    rootOffset: state.rootOffset_ms,
    targets: Array.from(state.targets_ms),
    poles: jsonNumbers(state.poles_ms),
    orientations: jsonNumbers(state.orientations_ms),
    proportions: state.proportions,
    keepBalance: state.keepBalance,
    keepAboveFloor: state.keepAboveFloor,
  };
}

function vec3At(value: unknown, path: string): Vec3Tuple {
  return numbersAt(value, path, 3) as Vec3Tuple;
}

function goalAt(value: unknown, path: string): PosingGoal {
  const g = objectAt(value, path, GOAL_FIELDS);
  const color = g.color;
  if (!(typeof color === 'number' && Number.isInteger(color) && color >= 0 && color <= 0xffffff) && !(typeof color === 'string' && /^#[0-9a-f]{6}$/i.test(color))) {
    fail(`${path}.color`, 'a colour (a whole number 0..0xffffff or "#rrggbb")', color);
  }
  const goal: PosingGoal = { bone: stringAt(g.bone, `${path}.bone`, 256), color };
  if (g.poleOffset !== undefined) goal.poleOffset_ms = vec3At(g.poleOffset, `${path}.poleOffset`);
  if (g.aimDistance !== undefined) goal.aimDistance = numberAt(g.aimDistance, `${path}.aimDistance`);
  if (g.point !== undefined) goal.point_bs = vec3At(g.point, `${path}.point`);
  for (const flag of ['pinned', 'movesRoot', 'orient', 'pole'] as const) if (g[flag] !== undefined) goal[flag] = booleanAt(g[flag], `${path}.${flag}`);
  return goal;
}

function optionsAt(value: unknown, path: string): SolverOptions {
  const o = objectAt(value, path, Object.keys(builtContract.options));
  for (const [key, v] of Object.entries(o)) {
    if (typeof v === 'boolean') continue;
    if (Array.isArray(v)) numbersAt(v, `${path}.${key}`, 3);
    else numberAt(v, `${path}.${key}`);
  }
  return o as SolverOptions;
}

function proportionsAt(value: unknown, path: string): Proportions {
  const p = objectAt(value, path, PROPORTION_KEYS);
  for (const key of PROPORTION_KEYS) numberAt(p[key], `${path}.${key}`);
  const problem = proportionsProblem(p);
  if (problem !== null) throw new Error(`${path}: ${problem}`);
  return p as unknown as Proportions;
}

/** A session state's fields checked; the rig's own checks come when it is placed (placeSessionState). */
export function sessionStateAt(value: unknown, path: string): SessionState {
  const s = objectAt(value, path, STATE_FIELDS);
  const goals = arrayAt(s.goals, `${path}.goals`, MAX_GOALS).map((goal, g) => goalAt(goal, `${path}.goals[${g}]`));
  const angles = arrayAt(s.angles, `${path}.angles`, 3 * MAX_BONES);
  if (angles.length % 3 !== 0) throw new Error(`${path}.angles must hold 3 angles per bone (it holds ${angles.length})`);
  const targets = arrayAt(s.targets, `${path}.targets`, 3 * MAX_GOALS);
  const count = targets.length / 3;
  if (!Number.isInteger(count)) throw new Error(`${path}.targets must hold 3 numbers per goal (it holds ${targets.length})`);
  return {
    solver: oneOfAt(s.solver, `${path}.solver`, SOLVERS as readonly SolverName[]),
    solverOptions: optionsAt(s.options, `${path}.options`),
    goals,
    angles: Float32Array.from(numbersAt(angles, `${path}.angles`, angles.length)),
    rootOffset_ms: vec3At(s.rootOffset, `${path}.rootOffset`),
    targets_ms: Float64Array.from(numbersAt(targets, `${path}.targets`, targets.length)),
    poles_ms: Float64Array.from(numbersAt(s.poles, `${path}.poles`, 3 * count, true)),
    orientations_ms: Float64Array.from(numbersAt(s.orientations, `${path}.orientations`, 4 * count, true)),
    // Set by the caller: the clip is the character's, beside its state.
    clip: { name: '', duration: 1, fps: 30, channels: [] },
    proportions: proportionsAt(s.proportions, `${path}.proportions`),
    keepBalance: booleanAt(s.keepBalance, `${path}.keepBalance`),
    keepAboveFloor: booleanAt(s.keepAboveFloor, `${path}.keepAboveFloor`),
  };
}

function keyAt(value: unknown, path: string, size: number): ClipKey {
  const k = objectAt(value, path, KEY_FIELDS);
  const key: ClipKey = {
    time: numberAt(k.time, `${path}.time`),
    value: numbersAt(k.value, `${path}.value`, size),
    interpolation: oneOfAt(k.interpolation, `${path}.interpolation`, builtContract.interpolations),
  };
  for (const field of ['tension', 'continuity', 'bias'] as const) if (k[field] !== undefined) key[field] = numberAt(k[field], `${path}.${field}`);
  for (const field of ['inTangent', 'outTangent'] as const) if (k[field] !== undefined) key[field] = numbersAt(k[field], `${path}.${field}`, size);
  return key;
}

/** A clip's fields checked (the rig checks the rest when it takes it: times in order, bones in range). */
export function clipAt(value: unknown, path: string): ClipData {
  const c = objectAt(value, path, ['name', 'duration', 'fps', 'channels']);
  const channels = arrayAt(c.channels, `${path}.channels`, MAX_CHANNELS).map((channel, i): ClipChannel => {
    const at = `${path}.channels[${i}]`;
    const ch = objectAt(channel, at, ['target', 'bone', 'slot', 'keys']);
    const target = oneOfAt(ch.target, `${at}.target`, builtContract.channelTargets);
    const size = valueSize(target);
    return {
      target,
      bone: integerAt(ch.bone, `${at}.bone`, 0, MAX_BONES - 1),
      slot: integerAt(ch.slot, `${at}.slot`, 0, 2),
      keys: arrayAt(ch.keys, `${at}.keys`, MAX_KEYS).map((key, k) => keyAt(key, `${at}.keys[${k}]`, size)),
    };
  });
  return {
    name: stringAt(c.name, `${path}.name`, 256),
    duration: numberAt(c.duration, `${path}.duration`, Number.MIN_VALUE),
    fps: numberAt(c.fps, `${path}.fps`, Number.MIN_VALUE, 1000),
    channels,
  };
}

/**
 * Puts a state on a session not yet in a scene (a scene file's character),
 * through the session's own checked paths in undo's order: the solver, the
 * goal set, the proportions, the pose, the goals' targets, the clip, the
 * floor and balance. Throws naming the problem (`path` first); the session
 * is then to be thrown away.
 */
export function placeSessionState(session: PosingSession, state: SessionState, path: string): void {
  const step = (what: string, action: () => void): void => {
    try {
      action();
    } catch (error) {
      throw new Error(`${path}.${what}: ${error instanceof Error ? error.message.replace(/^kin: /, '') : String(error)}`);
    }
  };
  const { rig } = session;
  if (state.angles.length !== 3 * rig.boneCount) throw new Error(`${path}.angles holds ${state.angles.length / 3} bones' angles; the character has ${rig.boneCount} bones`);
  step('solver', () => session.useSolver(state.solver, state.solverOptions));
  if (!sameGoalSet(state.goals, session.editableGoals)) step('goals', () => session.useEditableGoals(state.goals));
  if (!sameProportions(state.proportions, session.proportions)) step('proportions', () => session.placeProportions(state.proportions));
  step('angles', () => session.placePose(state.angles, state.rootOffset_ms));
  step('targets', () => session.placeGoalState(state.targets_ms, state.poles_ms, state.orientations_ms));
  step('clip', () => rig.clips.setClip(state.clip));
  step('keepBalance', () => session.useKeepBalance(state.keepBalance));
  step('keepAboveFloor', () => session.useKeepAboveFloor(state.keepAboveFloor));
}
