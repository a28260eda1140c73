// Where the solver lessons put their targets (model space, metres): one
// the rig can reach and one beyond its reach (the handout's warning case:
// Gauss–Newton's undamped steps on an unreachable target), by lesson id:
// the planar arm (arm-lesson.ts: shoulder at 0.5 m, 1.2 m of arm), the
// 4-DOF arm (four-dof-arm-lesson.ts: shoulder at 0.45 m, 0.95 m to the
// forearm's tip) and the tentacle (chain-lesson.ts: base at 0.05 m, 1.4 m long).
import type { Vec3Tuple } from '../rig/rig-desc.js';

export interface StepTargets {
  /** The bone whose tip the goal moves. */
  effector: string;
  reachable_ms: Vec3Tuple;
  unreachable_ms: Vec3Tuple;
}

const PLANAR_ARM: StepTargets = { effector: 'hand', reachable_ms: [0.55, 0.85, 0], unreachable_ms: [1.25, 1.1, 0] };
const FOUR_DOF_ARM: StepTargets = { effector: 'forearm', reachable_ms: [0.35, 0.8, 0.35], unreachable_ms: [0.9, 1.0, 0.6] };
// The long-legged humanoid's left hand (long-legs-lesson.ts: shoulder at about 1.6 m, 0.65 m of arm), its feet pinned.
const HUMANOID_HAND: StepTargets = { effector: 'LeftHand', reachable_ms: [0.35, 1.55, 0.4], unreachable_ms: [1.3, 2.0, 0.9] };
const TENTACLE: StepTargets = { effector: 'segment_10', reachable_ms: [0.6, 0.9, 0.3], unreachable_ms: [1.2, 1.2, 0.4] };

const BY_LESSON: Record<string, StepTargets> = { 'ik-steps': PLANAR_ARM, arm: PLANAR_ARM, arm4: FOUR_DOF_ARM, chain: TENTACLE, reach: HUMANOID_HAND };

/** The targets of a lesson's solver tools; throws for a lesson without any. */
export function stepTargets(lessonId: string): StepTargets {
  const targets = BY_LESSON[lessonId];
  if (targets === undefined) throw new Error(`lesson '${lessonId}' has no step targets`);
  return targets;
}

/** The two targets as a lesson panel offers them (the step-through's and the duel's choice). */
export const TARGET_CHOICES = [
  { id: 'reachable', label: 'Within reach' },
  { id: 'unreachable', label: 'Out of reach' },
] as const;

/** How close the effector must come to count as reached (the solvers' default tolerance is 1 mm). */
export const REACHED_M = 0.005;

/** What a lesson's framing keeps in view besides its rig: its targets, in and out of reach. */
export function lessonFramePoints(lessonId: string): Vec3Tuple[] {
  const targets = BY_LESSON[lessonId];
  return targets === undefined ? [] : [targets.reachable_ms, targets.unreachable_ms];
}
