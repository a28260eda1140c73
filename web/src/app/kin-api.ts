// The scripting API on window.kin, for the console and for end-to-end tests.
// It exists from the first line of the page on; everything except `ready`
// and `error` throws until `ready` has resolved. Moves go through the same
// code path as dragging a handle. Results are plain copies, never views.
import type { Rig, SolveStatus } from '../rig/rig.js';
import type { PosingApp } from './posing-app.js';

export type Vec3 = [number, number, number];

/** A solve's outcome (a copy). */
export interface KinSolveResult {
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
  /** The goals: name (= the bone's name), rig bone index, and target in model space (metres). */
  goals(): { name: string; bone: number; target: Vec3 }[];
  /**
   * Moves a goal's target (index or name, e.g. 'hand_r') to a model-space
   * point in metres: places its handle there and runs the handle's drag
   * handler, which sets the rig's target and solves from the current pose.
   */
  setGoalTarget(goal: number | string, target: Vec3): KinSolveResult;
  /** Solves from the current pose towards the current targets. */
  solve(): KinSolveResult;
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
  markReady(app: PosingApp): void;
  /** Records the failure; rejects `ready` if it has not settled yet. */
  fail(message: string): void;
}

function isVec3(value: unknown): value is Vec3 {
  return Array.isArray(value) && value.length === 3 && value.every((v) => typeof v === 'number' && Number.isFinite(v));
}

export function createKinApi(): KinApiControl {
  let app: PosingApp | null = null;
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
  const copy = (solve: KinSolveResult): KinSolveResult => ({ ...solve });

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
      return copy(posing.moveGoal(index, target[0], target[1], target[2]));
    },
    solve: () => copy(running().session.solve()),
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
  };

  return {
    api,
    markReady(posing) {
      app = posing;
      resolveReady();
    },
    fail(message) {
      error = message;
      rejectReady(new Error(message));
    },
  };
}
