// What each lesson says and asks: the text panel's paragraphs and its "try
// this" task with the check that tells the student when it is done.
import type { Rig } from '../rig/rig.js';
import { REACHED_M, type StepTargets, stepTargets } from './step-targets.js';
import { angleAt, anglesOf, distance, originOf, tipOf } from './lesson-checks.js';
import { builtContract, solverNames } from '../rig/contract.js';
import { BEND_SLOT, FOREARM } from './keyframes-lesson.js';
import type { LessonProgress, LessonTeaching } from './teaching.js';

/** Reached the reachable target by stepping (at least three steps shown), not by a jump. */
function steppedToTarget(targets: StepTargets) {
  return (rig: Rig, progress: LessonProgress): boolean =>
    progress.get('steps') >= 3 && distance(tipOf(rig, targets.effector), targets.reachable_ms) <= REACHED_M;
}

export const IK_STEPS_TEACHING: LessonTeaching = {
  summary: 'IK as optimisation, one iteration per click: Jacobian columns, gradient, line search, energy.',
  text: [
    'IK finds joint angles θ that put the hand x(θ) on a target t by minimising the energy E = ½ |t − x(θ)|².',
    'Each column of the Jacobian is a × (x − o): how the hand moves when one joint turns (a is the joint’s axis, o its origin). The arrows at the hand show them; the gradient g = Jᵀ(t − x) is how much each joint would help.',
    'Gradient descent steps along g (fixed step, or a line search that halves the step until E falls enough: the trial points). Gauss–Newton solves JΔθ = t − x; damped least squares (Levenberg–Marquardt) adds λ to stay sensible when J loses rank — as it does at full stretch toward a target out of reach.',
  ],
  task: {
    prompt: 'With DLS on the reachable target, press Step until the hand reaches it (at least three steps). Then try Gauss–Newton on the far target and watch E.',
    done: steppedToTarget(stepTargets('ik-steps')),
  },
  tool: 'step-through',
};

export const FOUR_DOF_TEACHING: LessonTeaching = {
  summary: 'The 4-DOF arm: Jacobian transpose with the optimal α against damped least squares, λ adjustable.',
  text: [
    'A ball-jointed shoulder (three angles) and a hinged elbow (one): four unknowns for three target coordinates, so J is 3 × 4 and many poses reach the same point.',
    'Jacobian transpose steps Δθ = α Jᵀe with the α that best shrinks the linearised error; it is cheap per step but needs many. DLS solves (JJᵀ + λI) y = e, Δθ = Jᵀy: few steps, and λ keeps them short near singular poses.',
  ],
  task: {
    prompt: 'Run both solvers to the far target, then change λ and run again: compare iterations and the error each ends with.',
    done: (_rig, progress) => progress.get('duel-unreachable-lambdas') >= 2,
  },
  tool: 'solver-duel',
};

export const PLANAR_ARM_TEACHING: LessonTeaching = {
  summary: 'A planar arm with one-way elbow: many answers to one target, and limits choosing among them.',
  text: [
    'Three hinges in a plane: the shoulder swings either way, the elbow bends one way only, the wrist a little. Drag the hand’s handle: every solver picks one of the many poses that reach it.',
    'A straight elbow sits on its limit: from there a Jacobian method sees no first-order reason to bend, which is why the solvers start a far reach a little inside the limits.',
  ],
  task: {
    prompt: 'Drag the hand down to touch the floor on the right, at least 0.5 m from the base.',
    done: (rig) => {
      const [x, y] = tipOf(rig, 'hand');
      return y <= 0.08 && x >= 0.5;
    },
  },
};

export const TENTACLE_TEACHING: LessonTeaching = {
  summary: 'A ten-segment tentacle: CCD and FABRIK animated pass by pass, against the Jacobian methods.',
  text: [
    'Ten ball joints, each swinging at most about 34° and twisting a little: a long reach has to bend many joints a little.',
    'CCD turns one joint at a time, from the tip inward, to point the tip at the target: one sweep is one step, and the joints near the tip do most of the work. FABRIK moves the joint positions instead: a backward pass drags the chain tip-first onto the target (orange), a forward pass pulls it back onto its base (cyan); angles are fitted after.',
    'DLS moves every joint at once, each in proportion to how much it helps: compare how the bend spreads.',
  ],
  task: {
    prompt: 'Step FABRIK until the tip reaches the target (at least three steps), watching the two passes.',
    done: steppedToTarget(stepTargets('chain')),
  },
  tool: 'step-through',
};

export const CANDY_TEACHING: LessonTeaching = {
  summary: 'Skinning: LBS pinches a twisted wrist (the candy wrapper), DQS keeps its volume; weights as colours, and the capsule rule.',
  text: [
    'Linear blend skinning averages the bones’ matrices per vertex: halfway through a 180° twist the average of two opposite rotations collapses, and the middle pinches to a point. Dual-quaternion skinning blends rotations as rotations, so the middle turns by half the twist and keeps its radius (tools: Skinning).',
    'The colours are one bone’s weights (red 1, blue 0). Scotty3D computes weights from capsules: a vertex at distance d from a bone’s segment gets w = max(0, r − d) / r, then every vertex’s weights are normalised. Drag a bone’s radius and watch the shared band grow or shrink.',
  ],
  task: {
    prompt: 'Twist the second bone (its x angle) to 170° or more, then switch the skinning to DQS.',
    done: (rig, progress) => Math.abs(anglesOf(rig, 'lower')[0]) >= (170 * Math.PI) / 180 && progress.get('dqs') === 1,
  },
  tool: 'weights',
};

export const RETARGET_TEACHING: LessonTeaching = {
  summary: 'Retargeting a walk onto longer legs and a 5-bone spine, by rotations and by IK, with measured errors.',
  text: [
    'The default character’s walk (green) on a rig with longer legs, long shins and five spine bones. Copying rotations (orange bones) keeps the directions but not the reach: feet float or sink and slide.',
    'IK retargeting keeps each limb’s direction, reach as a fraction of its length, and pole, and solves on the new proportions: the skinned body. The card’s numbers measure both.',
  ],
  task: {
    prompt: 'Play the walk (Space), then pause it on a frame where the left foot is ahead of the right.',
    done: (rig, progress) => progress.get('playing') === 0 && progress.get('played') === 1 && tipOf(rig, 'LeftFoot')[2] > tipOf(rig, 'RightFoot')[2] + 0.1,
  },
};


export const TWO_BONE_TEACHING: LessonTeaching = {
  summary: 'The analytic two-bone solver: the triangle, the law of cosines, and a pole that chooses the elbow’s side.',
  text: [
    'Shoulder, elbow and wrist make a triangle with sides a (upper arm), b (forearm) and c (shoulder to target). The law of cosines gives the elbow’s angle at once: γ = acos((a² + b² − c²) / 2ab) — no iterations.',
    'That fixes the elbow’s bend but not where the elbow goes: it may swing anywhere on a circle around the line from shoulder to target. The pole handle picks the point of that circle the elbow turns toward.',
  ],
  task: {
    prompt: 'Drag the target until the elbow’s angle is a right angle (within 2°): then c² = a² + b².',
    done: (rig) => Math.abs(angleAt(originOf(rig, 'forearm'), originOf(rig, 'upper_arm'), originOf(rig, 'hand')) - Math.PI / 2) <= (2 * Math.PI) / 180,
  },
  tool: 'triangle',
};

export const RACE_TEACHING: LessonTeaching = {
  summary: 'A solver race on a humanoid: every solver on the same seeded targets — iterations, time and error.',
  text: [
    'Four limbs, each with its own target, and a five-bone spine they share: the hardest kind of problem here. The race poses the body toward twelve target sets taken from random poses within the limits (so each set can be reached) and times every solver from the same start.',
    'What to look for: damped least squares reaches every set; FABRIK all but one; Gauss–Newton, undamped, about two in three; CCD needs more than its 64 sweeps when four limbs pull on one spine; the first-order methods (Jacobian transpose, gradient descent) crawl and reach none in 64 iterations. Two-bone and look-at pose goals of their own and are not in the race.',
  ],
  task: {
    prompt: 'Run the race, then choose the winner (the fastest solver that converged on every set) in the inspector’s solver menu.',
    done: (rig, progress) => progress.get('race-runs') >= 1 && progress.get('race-winner') >= 0 && solverNames(builtContract).indexOf(rig.solver) === progress.get('race-winner'),
  },
  tool: 'race',
};

export const KEYFRAMES_TEACHING: LessonTeaching = {
  summary: 'Keyframes: linear, Catmull-Rom and Kochanek–Bartels (TCB) interpolation of one channel, seen in the curve view.',
  text: [
    'Nobody sets every angle of every frame: an animator keys a few poses and the computer interpolates. The elbow here has five keys; the curve view under the timeline shows its bend over time.',
    'Linear interpolation joins the keys with straight lines: the motion stops and starts at every key, choppy and robotic. Catmull-Rom gives each key a tangent from its neighbours, (p₊ − p₋) / (t₊ − t₋), so the curve passes smoothly through every key. Kochanek–Bartels adds tension (tighter or looser), continuity (a corner or not) and bias (overshoot before or after) per key; 0, 0, 0 is Catmull-Rom.',
  ],
  task: {
    prompt: 'Select all the elbow’s keys (click the markers with Shift), make them TCB, and give them a tension of 0.5 or more: the bends ease in and out.',
    done: (_rig, _progress, clip) => {
      const bend = clip.channels.find((c) => c.target === 'angle' && c.bone === FOREARM && c.slot === BEND_SLOT);
      return bend !== undefined && bend.keys.length >= 3 && bend.keys.slice(0, -1).every((k) => k.interpolation === 'tcb' && (k.tension ?? 0) >= 0.5);
    },
  },
  tool: 'curves',
};

export const EULER_QUATERNION_TEACHING: LessonTeaching = {
  summary: 'Euler angles against quaternions: the same large rotation interpolated both ways, and the detour Euler angles take.',
  text: [
    'Both wands turn from rest to the same end pose in two seconds. The left (orange path) interpolates its three Euler angles, each on its own; the right (blue path) interpolates a unit quaternion with slerp.',
    'Halfway in time, the Euler wand is not halfway along any rotation: its tip wanders on a long detour. Slerp turns about one fixed axis at a constant rate, the shortest way — why the handout keys rotations as quaternions.',
  ],
  task: {
    prompt: 'Play the clip once (Space), then stop it halfway, within 0.1 s of t = 1 s, and compare the two wands.',
    done: (_rig, progress) => progress.get('played') === 1 && progress.get('playing') === 0 && Math.abs(progress.get('time') - 1) <= 0.1,
  },
  tool: 'trails',
};

export const SPRINGS_TEACHING: LessonTeaching = {
  summary: 'Spring bones: an antenna that lags, swings and settles after the arm moves; frequency, damping, gravity.',
  text: [
    'The antenna is not posed by IK: after the arm is posed each frame, a spring pulls each segment toward where the arm carries it, with damping and gravity. The page steps it implicitly in fixed substeps, so it swings the same at 30 or 144 frames a second.',
    'Frequency sets how many swings a second; the damping ratio how fast they die (1 is critical: no swing at all); inertia how much of the arm’s acceleration the antenna feels. The Springs section of the inspector has them.',
  ],
  task: {
    prompt: 'In Springs, make the antenna slower and bouncier — 1 Hz or less, damping ratio 0.15 or less — then drag the hand and watch.',
    done: (rig) => rig.springs.springChains().some((chain) => chain.name === 'antenna' && chain.frequencyHz <= 1 && chain.dampingRatio <= 0.15),
  },
};

/** The unit x axis of a bone's joint frame (x y z w), in its bone space. */
function frameX([x, y, z, w]: readonly number[]): [number, number, number] {
  return [1 - 2 * (y * y + z * z), 2 * (x * y + w * z), 2 * (x * z - w * y)];
}

export const SPACES_TEACHING: LessonTeaching = {
  summary: 'Spaces and axes: bind space and pose space per bone, axes from extent and roll, and the matrices B, P and P·B⁻¹.',
  text: [
    'Each bone has its own space. B_j takes a point from bone j’s space to the model in the bind pose; P_j does the same in the current pose. A vertex bound to the bone moves by P_j · B_j⁻¹ — the matrix skinning applies.',
    'Here a bone is described as in Scotty3D: an extent from its parent’s tip and a roll. Its axes come from the extent: y along it, x the model’s +X made perpendicular and turned by the roll, z = x × y. The pose turns about x, then y, then z (solid axes: pose; faded: bind). The base places the root; the base offset moves the whole skeleton.',
  ],
  task: {
    prompt: 'Set the forearm’s roll back to 0°, then turn its x angle to 90° (within 3°). Watch which way the hand goes, and how P·B⁻¹ changes.',
    done: (rig) => {
      const fore = rig.boneIndex('fore');
      const x = frameX(rig.frame(fore));
      // Roll 0 for an extent along +X: x_b is +Z (+X made perpendicular to a parallel y falls back to +Z).
      return Math.abs(x[2] - 1) < 1e-3 && Math.abs(rig.getAngles(fore)[0] - Math.PI / 2) <= (3 * Math.PI) / 180;
    },
  },
  tool: 'frames',
};

export const CANONICAL_TEACHING: LessonTeaching = {
  summary: 'Canonical bones and FK: rest transforms, bones along +X, and twist-bend-twist (x-z-x) angles.',
  text: [
    'In the canonical-bone convention every bone lies along +X of its own frame; a rest transform (a translation and a rotation in the parent’s frame) places that frame. Forward kinematics multiplies the rest transforms and pose rotations from the root down.',
    'The pose of a bone is a twist about its own x, a bend about z, and a second twist about x — the x-z-x Euler angles. The first twist chooses the plane the bend happens in; the second turns the bone about itself.',
  ],
  task: {
    prompt: 'Make the hand point straight up (within 5°) by turning only the forearm: a twist, then a bend.',
    done: (rig) => {
      const origin = originOf(rig, 'hand');
      const tip = tipOf(rig, 'hand');
      const length = distance(origin, tip);
      return length > 0 && (tip[1] - origin[1]) / length >= Math.cos((5 * Math.PI) / 180);
    },
  },
  tool: 'frames',
};

export const HUMANOID_STEPS_TEACHING: LessonTeaching = {
  summary: 'CCD and FABRIK on a humanoid: one hand reaching while the feet stay pinned, pass by pass.',
  text: [
    'The same step-through on a whole body: the left hand has a target, the other hand, the feet (pinned) and the hips hold theirs. Each FABRIK iteration drags the chains toward their targets from the hands and feet in (backward, orange) and back out from the hips (forward, cyan); where chains meet — the chest — the pulls are averaged.',
    'CCD turns one joint at a time, from the hand inward, the spine’s five bones included: watch how much of the reach it gives the spine compared with FABRIK and DLS.',
  ],
  task: {
    prompt: 'Step FABRIK until the left hand reaches the target (at least three steps); then compare CCD and DLS on the same target.',
    done: steppedToTarget(stepTargets('reach')),
  },
  tool: 'step-through',
};
