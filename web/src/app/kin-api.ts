// The scripting API on window.kin, for the console and for end-to-end tests.
// It exists from the first line of the page on; everything except `ready`
// and `error` throws until `ready` has resolved. Moves go through the same
// code path as dragging a handle, solver choices the same as the panel's.
// Results are plain copies, never views. The members for the page's tools
// (bone posing, snapshots) are declared in kin-tools-api.ts.
import {
  MIRROR_MODES,
  type MirrorMode,
  type Rig,
  SKINNING_METHODS,
  SOLVERS,
  type SkinningMethod,
  type SolverName,
  type SolverOptions,
} from '../rig/rig.js';
import { CHARACTER_COLORS, DEBUG_MESHES, type DebugMesh } from '../three/debug-view.js';
import type { CharacterColors } from '../three/skinned-character.js';
import { type Vec3, isFiniteVec3 } from './finite-vec3.js';
import { type KinGoalsApi, type KinSolveResult, createGoalsApi, solveResult } from './kin-goals-api.js';
import { type KinFilesApi, createFilesApi } from './kin-files-api.js';
import { type KinTimelineApi, createTimelineApi } from './kin-timeline-api.js';
import { type KinPage, type KinToolsApi, createToolsApi } from './kin-tools-api.js';
import { type KinRetargetApi, createRetargetApi } from './kin-retarget-api.js';
import { type KinSpringsApi, createSpringsApi } from './kin-springs-api.js';
import { type KinHandsApi, createHandsApi } from './kin-hands-api.js';
import { type KinLibraryApi, createLibraryApi } from './kin-library-api.js';
import { type KinLessonsApi, createLessonsApi } from './kin-lessons-api.js';
import { type KinSceneApi, createSceneApi } from './kin-scene-api.js';
import { type KinStateApi, createStateApi } from './kin-state-api.js';
import { type KinBalanceApi, createBalanceApi } from './kin-balance-api.js';
import { type KinFloorApi, createFloorApi } from './kin-floor-api.js';
import { type KinBodyApi, createBodyApi } from './kin-body-api.js';
import { type KinContactsApi, createContactsApi } from './kin-contacts-api.js';
import { type KinPropsApi, createPropsApi } from './kin-props-api.js';
import { type KinCameraApi, createCameraApi } from './kin-camera-api.js';
import { type KinOutputsApi, createOutputsApi } from './kin-outputs-api.js';
import { type KinPassesApi, createPassesApi } from './kin-passes-api.js';

export type { Vec3 };
export type { KinGoal, KinSolveResult } from './kin-goals-api.js';
export type { KinLoadOutcome } from './kin-files-api.js';
export type { KinCenterOfMass } from './kin-balance-api.js';

/** The translate gizmo's axes by name, in its axis order. */
const GIZMO_AXES: readonly unknown[] = ['x', 'y', 'z'];

export interface KinApi extends KinGoalsApi, KinFilesApi, KinToolsApi, KinTimelineApi, KinRetargetApi, KinSpringsApi, KinHandsApi, KinLibraryApi, KinLessonsApi, KinSceneApi, KinStateApi, KinBalanceApi, KinFloorApi, KinBodyApi, KinContactsApi, KinPropsApi, KinCameraApi, KinPassesApi, KinOutputsApi {
  /**
   * Resolves once the module and the character are loaded and the first
   * frame is drawn; rejects with the reason if loading fails.
   */
  readonly ready: Promise<void>;
  /** Why the page failed (loading, or a later uncaught error), or null while all is well. */
  readonly error: string | null;
  /** The live Rig façade (null until ready). Calling its mutators directly bypasses the view. */
  readonly rig: Rig | null;
  /** Bone names in rig order (parent-first); indices elsewhere refer to this order. */
  boneNames(): string[];
  /** A copy of the pose: 3 Euler angles per bone in radians (by Euler slot), and the root offset in metres. */
  getPose(): { angles: number[]; rootOffset: Vec3 };
  /**
   * Sets all 3·boneCount angles (clamped to the joint limits) and the root
   * offset (default [0, 0, 0]). The goal targets and their handles move to
   * the new tips, so the next drag starts from this pose. Does not solve.
   */
  setPose(angles: number[], rootOffset?: Vec3): void;
  /** Solves from the current pose towards the current targets; throws like setGoalTarget. */
  solve(): KinSolveResult;
  /**
   * Chooses the solver, one of 'dls', 'gauss-newton', 'jacobian-transpose',
   * 'gradient-descent', 'projected-gradient', 'ccd', 'fabrik', 'two-bone',
   * 'look-at', and its options (maxIterations, tolerance, damping,
   * maxEscapes, step, lineSearch, soften, aimAxis, upAxis; any left out take
   * the core's defaults, look-at's axes default to the head's forward and
   * up), exactly as the solver panel does, which then shows them. A solver
   * with other goals (see goals()) replaces the goals and their handles,
   * targets where the new goals are now; the pose does not change until the
   * next solve. Throws, changing nothing, on an unknown solver or a bad option.
   */
  setSolver(name: string, options?: SolverOptions): void;
  /** The chosen solver's name. */
  solver(): string;
  /**
   * A copy of E = ½ Σ w |x − target|² (m²) before the first iteration and
   * after each one of the last solve; empty before any solve and after a
   * failed one.
   */
  energyHistory(): number[];
  /**
   * How the page's shader skins the character: 'lbs' (linear blend) or
   * 'dqs' (dual quaternion, with scale), from the next frame on; the toggle
   * (the tools' View section) does the same and shows the choice. Throws,
   * changing nothing, on another name.
   */
  setSkinning(method: string): void;
  /** The skinning method the page draws with. */
  skinning(): SkinningMethod;
  /**
   * For tests that compare renders: draw the character with `mesh` — 'ours'
   * (the page's skinning shader, the current method), 'three-skinned-mesh'
   * (three.js's own SkinnedMesh and skinning shader, linear blend: three.js
   * has no DQS) or 'cpu-skinned' (the vertices and normals skinned on the CPU
   * by the WASM core with the current method) — in `colors`: 'shaded' (the
   * page's look, or the character's own material: the references only with
   * their own material, which three.js then draws alone), or flat unlit
   * colours from the world-space position ('position') or the normal
   * ('normal'). The references draw a
   * character of one mesh (the default one), three.js's only with 4
   * influences per vertex. setDebugView('ours', 'shaded') is the normal view.
   * Throws, changing nothing, on a bad choice. A new character starts in the
   * normal view.
   */
  setDebugView(mesh: string, colors?: string): void;
  /** A copy of the skinning palette: 16 floats per bone, column-major, model space. */
  palette(): number[];
  /** A copy of every bone's tip in model space: 3 floats per bone. */
  boneTips(): number[];
  /** One bone's tip in model space (metres); throws for an unknown name. */
  boneTip(name: string): Vec3;
  /** Where a goal's handle centre is drawn, in CSS pixels of the page (for real pointer events). */
  handleScreenPosition(goal: number | string): { x: number; y: number };
  /** Where a goal's pole handle is drawn, in CSS pixels of the page; throws for a goal without a pole. */
  poleScreenPosition(goal: number | string): { x: number; y: number };
  /**
   * Where the translate gizmo's arrow along model `axis` ('x', 'y' or 'z')
   * is drawn — a point on its shaft — in CSS pixels of the page: pressing
   * there and dragging moves the goal's target along that axis only. The
   * arrows show on the selected handle (the last one pressed); throws for
   * any other goal's, and for another axis name.
   */
  gizmoArrowScreenPosition(goal: number | string, axis: string): { x: number; y: number };
  /** How many frames have been drawn so far (the page draws only when something changed). */
  renderedFrames(): number;
  /** Draws a frame now and resolves, with renderedFrames(), once it is on screen: it shows every change made before the call. */
  nextFrame(): Promise<number>;
  /**
   * Undoes the last pose change: a whole handle drag, a setGoalTarget,
   * solve, setPose, setSolver that switched the solver, preset, mirror or
   * applied link is one step each (camera moves are not steps). Restores the
   * solver, every angle, the root offset and the goal targets with their
   * handles. Returns false, changing nothing, when there is nothing to undo
   * or a drag is under way. The page's Ctrl+Z / ⌘Z does the same.
   */
  undo(): boolean;
  /** Redoes the last undone step (Ctrl+Shift+Z / Ctrl+Y); false if there is none. A new change clears what can be redone. */
  redo(): boolean;
  /** How many steps undo and redo can take now (up to 200 are kept). */
  undoDepth(): { undo: number; redo: number };
  /**
   * Mirrors the pose across the character's sagittal plane (model x = 0),
   * one undo step: 'left-to-right' gives each right bone (…_r, ….R,
   * Right…) its left partner's mirrored pose and straightens the centre bones
   * (spine, head: lean and twist removed) so that the pose is symmetric;
   * 'right-to-left' the other way; 'flip' mirrors the whole pose (twice gives
   * it back). The targets move onto the new pose. Throws, changing nothing,
   * on an unknown mode or a character that is not left–right symmetric.
   */
  mirror(mode: string): void;
  /**
   * The poses the character on screen offers, by name, its start pose (what
   * Reset applies) first: the default character's 'relaxed', 't-pose',
   * 'a-pose', 'walk', 'wave', 'crouch'; a lesson's own poses; a loaded
   * model's bind pose.
   */
  presets(): string[];
  /** Applies one of presets() (one undo step; targets move onto it); throws naming the presets on an unknown name. */
  applyPreset(name: string): void;
  /** Turns symmetric dragging on or off: moving a goal's target moves its mirror partner's to the mirrored point, in the same solve. */
  setSymmetricDrag(on: boolean): void;
  /** Whether symmetric dragging is on. */
  symmetricDrag(): boolean;
  /** Solves drags in a background thread (a Web Worker with its own module) or on the page's thread again, as the solver settings' toggle does. */
  setBackgroundSolving(on: boolean): void;
  /** Whether drags solve in a background thread, whether a solve is in flight or wanted, and the worker's answers applied and refused as stale so far. */
  backgroundSolving(): { on: boolean; busy: boolean; applied: number; refused: number };
}

declare global {
  interface Window {
    kin: KinApi;
  }
}

/** What the page's boot code holds to drive the API's lifecycle. */
export interface KinApiControl {
  readonly api: KinApi;
  /** The page runs and its first frame is drawn. */
  markReady(page: KinPage): void;
  /** Records the failure; rejects `ready` if it has not settled yet. */
  fail(message: string): void;
}

export function createKinApi(): KinApiControl {
  let page: KinPage | null = null;
  let error: string | null = null;
  let resolveReady: () => void = () => {};
  let rejectReady: (reason: Error) => void = () => {};
  const ready = new Promise<void>((resolve, reject) => {
    resolveReady = resolve;
    rejectReady = reject;
  });
  // Whoever awaits `ready` still sees the rejection; nobody awaiting it is not an error of its own.
  ready.catch(() => {});

  const running = (): KinPage => {
    if (page === null) throw new Error(error === null ? 'kin: not ready yet; await window.kin.ready first' : `kin: the page failed: ${error}`);
    return page;
  };
  const editing = () => running().editor;
  const api: KinApi = {
    ready,
    get error() {
      return error;
    },
    get rig() {
      return page?.editor.session.rig ?? null;
    },
    boneNames: () => [...editing().session.rig.boneNames],
    getPose: () => {
      const rig = editing().session.rig;
      return { angles: Array.from(rig.pose()), rootOffset: rig.rootOffset };
    },
    setPose: (angles, rootOffset) => {
      if (rootOffset !== undefined && !isFiniteVec3(rootOffset)) throw new Error('kin: rootOffset must be 3 finite numbers');
      editing().setPose(angles, rootOffset);
    },
    ...createGoalsApi(editing),
    solve: () => solveResult(editing().solve()),
    setSolver: (name, options) => {
      const editor = editing();
      if (!(SOLVERS as readonly string[]).includes(name)) throw new Error(`kin: no solver ${JSON.stringify(name)}; the solvers are ${SOLVERS.join(', ')}`);
      if (options !== undefined && (typeof options !== 'object' || options === null)) throw new Error('kin: solver options must be an object');
      editor.setSolver(name as SolverName, options);
    },
    solver: () => editing().session.solverName,
    setSkinning: (method) => {
      const { view } = running();
      if (!(SKINNING_METHODS as readonly string[]).includes(method)) {
        throw new Error(`kin: no skinning method ${JSON.stringify(method)}; the methods are ${SKINNING_METHODS.join(', ')}`);
      }
      view.setSkinning(method as SkinningMethod);
    },
    skinning: () => running().view.skinning,
    setDebugView: (mesh, colors = 'shaded') => {
      const { view } = running();
      if (!(DEBUG_MESHES as readonly string[]).includes(mesh)) throw new Error(`kin: no debug mesh ${JSON.stringify(mesh)}; the meshes are ${DEBUG_MESHES.join(', ')}`);
      if (!(CHARACTER_COLORS as readonly string[]).includes(colors)) throw new Error(`kin: no debug colours ${JSON.stringify(colors)}; the colours are ${CHARACTER_COLORS.join(', ')}`);
      view.setDebugView(mesh as DebugMesh, colors as CharacterColors);
    },
    energyHistory: () => Array.from(editing().session.energyHistory()),
    palette: () => Array.from(editing().session.rig.palette()),
    boneTips: () => Array.from(editing().session.rig.boneTips()),
    boneTip: (name) => {
      const rig = editing().session.rig;
      const bone = rig.boneIndex(name);
      const tips = rig.boneTips();
      return [tips[3 * bone], tips[3 * bone + 1], tips[3 * bone + 2]];
    },
    handleScreenPosition: (goal) => {
      const { editor, view } = running();
      return view.handles.screenPosition(editor.session.goalIndex(goal));
    },
    poleScreenPosition: (goal) => {
      const { editor, view } = running();
      const handle = view.poleHandle(editor.session.goalIndex(goal));
      if (handle < 0) throw new Error(`kin: goal ${JSON.stringify(goal)} has no pole`);
      return view.handles.screenPosition(handle);
    },
    gizmoArrowScreenPosition: (goal, axis) => {
      const { editor, view } = running();
      const index = GIZMO_AXES.indexOf(axis);
      if (index < 0) throw new Error(`kin: no gizmo axis ${JSON.stringify(axis)}; the axes are x, y, z`);
      return view.handles.arrowScreenPosition(editor.session.goalIndex(goal), index);
    },
    renderedFrames: () => page?.view.renderedFrames ?? 0,
    nextFrame: async () => {
      const { view } = running();
      await view.nextFrame();
      return view.renderedFrames;
    },
    undo: () => editing().undo.undo(),
    redo: () => editing().undo.redo(),
    undoDepth: () => editing().undo.depths,
    mirror: (mode) => {
      const editor = editing();
      if (!(MIRROR_MODES as readonly string[]).includes(mode)) throw new Error(`kin: no mirror mode ${JSON.stringify(mode)}; the modes are ${MIRROR_MODES.join(', ')}`);
      editor.mirror(mode as MirrorMode);
    },
    presets: () => editing().presets.map((preset) => preset.name),
    applyPreset: (name) => {
      if (typeof name !== 'string') throw new Error('kin: applyPreset takes a preset name');
      editing().applyPreset(name);
    },
    setSymmetricDrag: (on) => {
      const editor = editing();
      if (typeof on !== 'boolean') throw new Error('kin: setSymmetricDrag takes true or false');
      if (on && editor.symmetry.unavailable !== null) throw new Error(`kin: symmetric dragging is not for this character: ${editor.symmetry.unavailable}`);
      editor.symmetry.enabled = on;
      running().view.viewport.onInvalidate();
    },
    symmetricDrag: () => editing().symmetry.enabled,
    setBackgroundSolving: (on) => {
      if (typeof on !== 'boolean') throw new Error('kin: setBackgroundSolving takes true or false');
      running().solveWorker.set(on);
    },
    backgroundSolving: () => {
      const background = editing().backgroundSolve;
      return { on: running().solveWorker.on, busy: background?.busy ?? false, ...(background?.counts ?? { applied: 0, refused: 0 }) };
    },
    ...createFilesApi(running),
    ...createToolsApi(running),
    ...createTimelineApi(running),
    ...createRetargetApi(running),
    ...createSpringsApi(running),
    ...createHandsApi(running),
    ...createLibraryApi(running),
    ...createLessonsApi(running),
    ...createSceneApi(running),
    ...createStateApi(running),
    ...createBalanceApi(editing),
    ...createFloorApi(editing),
    ...createBodyApi(running),
    ...createContactsApi(() => running().contacts.contacts),
    ...createPropsApi(running),
    ...createCameraApi(() => running().camera, () => running().view.viewport.canvas.getBoundingClientRect()),
    ...createPassesApi(running),
    ...createOutputsApi(running),
  };

  return {
    api,
    markReady(running) {
      page = running;
      resolveReady();
    },
    fail(message) {
      error = message;
      rejectReady(new Error(message));
    },
  };
}
