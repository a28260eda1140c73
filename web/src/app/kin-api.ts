// The scripting API on window.kin, for the console and for end-to-end tests.
// It exists from the first line of the page on; everything except `ready`
// and `error` throws until `ready` has resolved. Moves go through the same
// code path as dragging a handle, solver choices the same as the panel's.
// Results are plain copies, never views.
import { type Rig, SKINNING_METHODS, SOLVERS, type SkinningMethod, type SolveStatus, type SolverName, type SolverOptions } from '../rig/rig.js';
import { CHARACTER_COLORS, DEBUG_MESHES, type DebugMesh } from '../three/debug-view.js';
import type { CharacterColors } from '../three/skinned-character.js';
import type { PageLinks } from './page-links.js';
import type { PosingApp } from './posing-app.js';
import type { SolveSummary } from './posing-session.js';

export type Vec3 = [number, number, number];

/** A solve's outcome (a copy). */
export interface KinSolveResult {
  /** The solver that ran. */
  solver: SolverName;
  status: SolveStatus;
  iterations: number;
  /** Largest distance from a goal's bone tip to its target after the solve, metres. */
  error: number;
  /** Wall time of the solve call, microseconds. */
  micros: number;
}

export interface KinApi {
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
  /**
   * The goals: name (= the bone's name; the goal pulls its tip), rig bone
   * index, and target in model space (metres). They depend on the solver:
   * hand_l, hand_r, foot_l, foot_r for most; forearm_l, forearm_r, shin_l,
   * shin_r (wrists and ankles) for 'two-bone'; head for 'look-at'.
   */
  goals(): { name: string; bone: number; target: Vec3 }[];
  /**
   * Moves a goal's target (index or name, e.g. 'hand_r') to a model-space
   * point in metres: places its handle there and runs the handle's drag
   * handler, which sets the rig's target and solves from the current pose.
   * Throws with the solver's message if the solve failed (the pose is kept).
   */
  setGoalTarget(goal: number | string, target: Vec3): KinSolveResult;
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
   * beside the solver panel does the same and shows the choice. Throws,
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
   * page's look; ours only), or flat unlit colours from the world-space
   * position ('position') or the normal ('normal'). setDebugView('ours',
   * 'shaded') is the normal view. Throws, changing nothing, on a bad choice.
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
  /** How many frames have been drawn so far. */
  renderedFrames(): number;
  /**
   * The page's URL with a share link of the state now in its fragment
   * (`#p=<base64url>`: character, solver, pose, goal targets, camera). The
   * address bar catches up 400 ms after posing stops; this does not wait.
   */
  shareLink(): string;
  /**
   * Applies the share link in a URL's fragment (absolute, or relative to the
   * page) as opening it would: solver, pose, targets, camera. A link that
   * cannot apply (damaged, another character) changes nothing and returns
   * why; the page's banner shows it too. Targets that do not fit the
   * solver's goals are skipped (the banner says so) and the rest applies.
   */
  applyLink(url: string): { ok: true } | { ok: false; error: string };
}

declare global {
  interface Window {
    kin: KinApi;
  }
}

/** What the page's boot code holds to drive the API's lifecycle. */
export interface KinApiControl {
  readonly api: KinApi;
  /** The app runs and its first frame is drawn. */
  markReady(app: PosingApp, links: PageLinks): void;
  /** Records the failure; rejects `ready` if it has not settled yet. */
  fail(message: string): void;
}

function isVec3(value: unknown): value is Vec3 {
  return Array.isArray(value) && value.length === 3 && value.every((v) => typeof v === 'number' && Number.isFinite(v));
}

export function createKinApi(): KinApiControl {
  let app: PosingApp | null = null;
  let links: PageLinks | null = null;
  let error: string | null = null;
  let resolveReady: () => void = () => {};
  let rejectReady: (reason: Error) => void = () => {};
  const ready = new Promise<void>((resolve, reject) => {
    resolveReady = resolve;
    rejectReady = reject;
  });
  // Whoever awaits `ready` still sees the rejection; nobody awaiting it is not an error of its own.
  ready.catch(() => {});

  const running = (): PosingApp => {
    if (app === null) throw new Error(error === null ? 'kin: not ready yet; await window.kin.ready first' : `kin: the page failed: ${error}`);
    return app;
  };
  const linking = (): PageLinks => {
    running();
    return links as PageLinks;
  };
  const result = (solve: SolveSummary): KinSolveResult => {
    if (solve.failure !== null) throw new Error(solve.failure);
    return { solver: solve.solver, status: solve.status, iterations: solve.iterations, error: solve.error, micros: solve.micros };
  };

  const api: KinApi = {
    ready,
    get error() {
      return error;
    },
    get rig() {
      return app?.session.rig ?? null;
    },
    boneNames: () => [...running().session.rig.boneNames],
    getPose: () => {
      const rig = running().session.rig;
      return { angles: Array.from(rig.pose()), rootOffset: rig.rootOffset };
    },
    setPose: (angles, rootOffset) => {
      if (rootOffset !== undefined && !isVec3(rootOffset)) throw new Error('kin: rootOffset must be 3 finite numbers');
      running().setPose(angles, rootOffset);
    },
    goals: () => {
      const { session } = running();
      return session.goalNames.map((name, g) => ({ name, bone: session.goalBones[g], target: session.target_ms(g) }));
    },
    setGoalTarget: (goal, target) => {
      const posing = running();
      const index = posing.session.goalIndex(goal);
      if (!isVec3(target)) throw new Error('kin: target must be 3 finite numbers');
      return result(posing.moveGoal(index, target[0], target[1], target[2]));
    },
    solve: () => result(running().session.solve()),
    setSolver: (name, options) => {
      const posing = running();
      if (!(SOLVERS as readonly string[]).includes(name)) throw new Error(`kin: no solver ${JSON.stringify(name)}; the solvers are ${SOLVERS.join(', ')}`);
      if (options !== undefined && (typeof options !== 'object' || options === null)) throw new Error('kin: solver options must be an object');
      posing.setSolver(name as SolverName, options);
    },
    solver: () => running().session.rig.solver,
    setSkinning: (method) => {
      const posing = running();
      if (!(SKINNING_METHODS as readonly string[]).includes(method)) {
        throw new Error(`kin: no skinning method ${JSON.stringify(method)}; the methods are ${SKINNING_METHODS.join(', ')}`);
      }
      posing.setSkinning(method as SkinningMethod);
    },
    skinning: () => running().skinning,
    setDebugView: (mesh, colors = 'shaded') => {
      const posing = running();
      if (!(DEBUG_MESHES as readonly string[]).includes(mesh)) throw new Error(`kin: no debug mesh ${JSON.stringify(mesh)}; the meshes are ${DEBUG_MESHES.join(', ')}`);
      if (!(CHARACTER_COLORS as readonly string[]).includes(colors)) throw new Error(`kin: no debug colours ${JSON.stringify(colors)}; the colours are ${CHARACTER_COLORS.join(', ')}`);
      posing.setDebugView(mesh as DebugMesh, colors as CharacterColors);
    },
    energyHistory: () => Array.from(running().session.energyHistory()),
    palette: () => Array.from(running().session.rig.palette()),
    boneTips: () => Array.from(running().session.rig.boneTips()),
    boneTip: (name) => {
      const rig = running().session.rig;
      const bone = rig.boneIndex(name);
      const tips = rig.boneTips();
      return [tips[3 * bone], tips[3 * bone + 1], tips[3 * bone + 2]];
    },
    handleScreenPosition: (goal) => {
      const posing = running();
      return posing.handles.screenPosition(posing.session.goalIndex(goal));
    },
    renderedFrames: () => app?.renderedFrames ?? 0,
    shareLink: () => linking().currentUrl(),
    applyLink: (url) => {
      if (typeof url !== 'string') throw new Error('kin: applyLink takes a URL string');
      const outcome = linking().apply(url);
      return outcome.ok ? { ok: true } : { ok: false, error: outcome.error };
    },
  };

  return {
    api,
    markReady(posing, pageLinks) {
      app = posing;
      links = pageLinks;
      resolveReady();
    },
    fail(message) {
      error = message;
      rejectReady(new Error(message));
    },
  };
}
