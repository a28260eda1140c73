// Each lesson's "try this" task through the real module: the check fails
// in the lesson's start state (its rig in its start pose, its clip, no
// progress) and passes for a scripted solution done with the same calls the
// page makes. Hand-derived geometry where a check measures something (the
// right angle of the two-bone lesson, the wands' common end pose).
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { anglesFromTable } from '../../web/src/posing/angle-table.js';
import { END_ANGLES } from '../../web/src/lessons/euler-quaternion-lesson.js';
import { BEND_SLOT, FOREARM } from '../../web/src/lessons/keyframes-lesson.js';
import type { Lesson } from '../../web/src/lessons/lesson.js';
import { lessonEntry } from '../../web/src/lessons/lessons.js';
import { LessonProgress } from '../../web/src/lessons/teaching.js';
import { PosingSession } from '../../web/src/posing/posing-session.js';
import { foundGoalLayouts } from '../../web/src/posing/found-goals.js';
import { runRace } from '../../web/src/posing/solver-race.js';
import { DuelRecord, runDuel } from '../../web/src/posing/solver-duel-run.js';
import { stepTargets } from '../../web/src/lessons/step-targets.js';
import { axesFromBoneSliders } from '../../web/src/app/lessons/convention-sliders.js';
import { builtContract, solverNames } from '../../web/src/rig/contract.js';
import type { ClipData } from '../../web/src/rig/clip-data.js';
import { Rig } from '../../web/src/rig/rig.js';
import { changeSpringChain } from '../../web/src/rig/springs.js';
import type { KinModule } from '../../web/src/wasm/generated/kin.js';
import { loadKinModuleNode } from '../../web/src/wasm/load-node.js';

interface Started {
  lesson: Lesson;
  rig: Rig;
  progress: LessonProgress;
  clip: ClipData;
  done(): boolean;
}

describe('lesson tasks', () => {
  let module: KinModule;
  const rigs: Rig[] = [];
  beforeAll(async () => {
    module = await loadKinModuleNode();
  });
  afterEach(() => {
    while (rigs.length > 0) rigs.pop()!.dispose();
  });

  /** The lesson as the page starts it: its rig in its first pose (springs and clip on), no progress. */
  function start(id: string): Started {
    const entry = lessonEntry(id);
    const lesson = entry.build(module);
    const rig = Rig.create(module, lesson.bones);
    rigs.push(rig);
    rig.setPose(anglesFromTable(rig, lesson.poses[0].angles));
    if (lesson.springs !== undefined) rig.springs.setSpringChains(lesson.springs);
    const clip: ClipData = lesson.clip ?? { name: 'New clip', duration: 2, fps: 30, channels: [] };
    if (lesson.clip !== undefined) rig.clips.setClip(lesson.clip);
    const started: Started = { lesson, rig, progress: new LessonProgress(), clip, done: () => entry.teaching.task.done(rig, started.progress, started.clip) };
    return started;
  }

  it('every lesson has a summary, a text and a task', async () => {
    const { LESSONS } = await import('../../web/src/lessons/lessons.js');
    for (const entry of LESSONS) {
      expect(entry.teaching.summary.length, entry.id).toBeGreaterThan(20);
      expect(entry.teaching.text.length, entry.id).toBeGreaterThan(0);
      expect(entry.teaching.task.prompt.length, entry.id).toBeGreaterThan(20);
    }
  });

  /** Steps a traced solve toward `target_ms` as the step-through does: every iteration shown in turn. */
  function stepThrough(s: Started, solver: 'dls' | 'fabrik', effector: string, target_ms: [number, number, number]): number {
    const session = new PosingSession(s.rig, foundGoalLayouts(s.rig));
    session.useSolver(solver, { maxIterations: 60, maxEscapes: 0 });
    session.placeTarget(session.goalIndex(effector), target_ms);
    const start = Float32Array.from(s.rig.pose());
    const trace = s.rig.teaching.traceSolve();
    s.rig.setPose(start);
    for (const [k, iteration] of trace.iterations.entries()) {
      const r = iteration.rootOffset;
      s.rig.setPose(iteration.angles, [r[0], r[1], r[2]]);
      if (k > 0) s.progress.set('steps', k);
    }
    return trace.iterations.length - 1;
  }

  it('IK step by step: DLS stepped to the reachable target', () => {
    const s = start('ik-steps');
    expect(s.done()).toBe(false);
    const targets = stepTargets('ik-steps');
    // Jumping there is not stepping.
    s.rig.setGoals([{ bone: targets.effector, target: targets.reachable_ms }]);
    s.rig.solve();
    expect(s.done()).toBe(false);
    s.rig.setPose(anglesFromTable(s.rig, s.lesson.poses[0].angles));
    expect(stepThrough(s, 'dls', targets.effector, targets.reachable_ms)).toBeGreaterThanOrEqual(3);
    expect(s.done()).toBe(true);
  });

  it('tentacle: FABRIK stepped to the reachable target', () => {
    const s = start('chain');
    expect(s.done()).toBe(false);
    const targets = stepTargets('chain');
    expect(stepThrough(s, 'fabrik', targets.effector, targets.reachable_ms)).toBeGreaterThanOrEqual(3);
    expect(s.done()).toBe(true);
  });

  it('humanoid: FABRIK stepped to the left hand’s target, the feet held', () => {
    const s = start('reach');
    expect(s.done()).toBe(false);
    const targets = stepTargets('reach');
    const feet = ['LeftFoot', 'RightFoot'].map((b) => Array.from(s.rig.boneTips().slice(3 * s.rig.boneIndex(b), 3 * s.rig.boneIndex(b) + 3)));
    expect(stepThrough(s, 'fabrik', targets.effector, targets.reachable_ms)).toBeGreaterThanOrEqual(3);
    expect(s.done()).toBe(true);
    ['LeftFoot', 'RightFoot'].forEach((b, k) => {
      const tip = s.rig.boneTips().slice(3 * s.rig.boneIndex(b), 3 * s.rig.boneIndex(b) + 3);
      expect(Math.hypot(tip[0] - feet[k][0], tip[1] - feet[k][1], tip[2] - feet[k][2]), b).toBeLessThan(2e-3);
    });
  });

  it('4-DOF arm: both solvers run out of reach with two values of λ; DLS ends nearer the target than the transpose', () => {
    const s = start('arm4');
    expect(s.done()).toBe(false);
    const targets = stepTargets('arm4');
    const start_pose = Float32Array.from(s.rig.pose());
    s.rig.setGoals([{ bone: targets.effector, target: targets.reachable_ms }]);
    const record = new DuelRecord();
    const run = (unreachable: boolean, damping: number) => {
      const results = runDuel(s.rig, {}, { goal: 0, target_ms: unreachable ? targets.unreachable_ms : targets.reachable_ms, damping, start: start_pose, startRoot: [0, 0, 0] }, () => performance.now());
      s.progress.set('duel-unreachable-lambdas', record.record(unreachable, damping));
      return results;
    };
    const reachable = run(false, 0.01);
    expect(reachable.map((r) => r.trace.report.status)).toEqual(['converged', 'converged']);
    // Jacobian transpose needs more steps than DLS to the same tolerance.
    expect(reachable[1].trace.report.iterations).toBeGreaterThan(reachable[0].trace.report.iterations);
    run(true, 0.01);
    expect(s.done()).toBe(false);
    run(true, 0.01);
    expect(s.done()).toBe(false);
    const far = run(true, 0.1);
    expect(s.done()).toBe(true);
    // Out of reach the best answer points the straight arm at the target: 1.21 m away, 0.95 m of arm.
    const shoulder = [0, 0.45, 0];
    const best = Math.hypot(...targets.unreachable_ms.map((v, k) => v - shoulder[k])) - 0.95;
    expect(far[0].trace.report.error).toBeCloseTo(best, 2);
  });

  it('spaces and axes: the forearm unrolled and turned 90° about its x', () => {
    const s = start('spaces');
    expect(s.done()).toBe(false);
    const unrolled = axesFromBoneSliders().changed(1, 'roll', 0).build(module);
    const rig = Rig.create(module, unrolled.bones);
    rigs.push(rig);
    const check = (): boolean => lessonEntry('spaces').teaching.task.done(rig, s.progress, s.clip);
    expect(check()).toBe(false);
    rig.setAngles(rig.boneIndex('fore'), Math.PI / 2, 0, 0);
    expect(check()).toBe(true);
    // Rolled a quarter turn (the lesson's start), the same angle is not the task.
    s.rig.setAngles(s.rig.boneIndex('fore'), Math.PI / 2, 0, 0);
    expect(s.done()).toBe(false);
  });

  it('canonical bones: the hand pointed up by the forearm’s bend', () => {
    const s = start('canonical');
    expect(s.done()).toBe(false);
    // Rest: the upper arm at +0.86 rad, the forearm at −0.86 (along +X), the hand at +0.4 more. Pointing up needs 90° − 0.4 rad of bend about z.
    s.rig.setAngles(s.rig.boneIndex('fore'), 0, Math.PI / 2 - 0.4, 0);
    expect(s.done()).toBe(true);
  });

  it('planar arm: touching the floor on the right, solved by IK', () => {
    const s = start('arm');
    expect(s.done()).toBe(false);
    s.rig.setGoals([{ bone: 'hand', target: [0.7, 0.03, 0] }]);
    s.rig.solve();
    expect(s.done()).toBe(true);
  });

  it('two-bone: an elbow at a right angle, the law of cosines’ c² = a² + b²', () => {
    const s = start('two-bone');
    expect(s.done()).toBe(false);
    // Upper arm 0.5 m, forearm to the hand's origin 0.45 m: a target at √(a² + b²) from the shoulder.
    const c = Math.hypot(0.5, 0.45);
    const session = new PosingSession(s.rig, foundGoalLayouts(s.rig));
    session.useSolver('two-bone', {});
    const goal = session.goalIndex('forearm');
    session.placeTarget(goal, [c * Math.sin(0.6), 0.45 + c * Math.cos(0.6), 0]);
    session.solve();
    expect(s.done()).toBe(true);
    // The elbow bent by π/2 about its hinge: the interior angle is a right angle.
    expect(s.rig.getAngles(1)[2]).toBeCloseTo(Math.PI / 2, 3);
  });

  it('candy wrapper: a 170° twist and DQS', () => {
    const s = start('candy');
    expect(s.done()).toBe(false);
    s.rig.setAngles(1, (175 * Math.PI) / 180, 0, 0);
    expect(s.done()).toBe(false);
    s.progress.set('dqs', 1);
    expect(s.done()).toBe(true);
  });

  it('keyframes: every bend key TCB with tension ≥ 0.5', () => {
    const s = start('keyframes');
    expect(s.done()).toBe(false);
    const bend = s.clip.channels.find((c) => c.bone === FOREARM && c.slot === BEND_SLOT)!;
    s.clip = { ...s.clip, channels: s.clip.channels.map((c) => (c === bend ? { ...c, keys: c.keys.map((k) => ({ ...k, interpolation: 'catmull-rom' as const })) } : c)) };
    expect(s.done()).toBe(false);
    s.clip = { ...s.clip, channels: s.clip.channels.map((c) => (c.bone === FOREARM ? { ...c, keys: c.keys.map((k) => ({ ...k, interpolation: 'tcb' as const, tension: 0.5 })) } : c)) };
    s.rig.clips.setClip(s.clip);
    expect(s.done()).toBe(true);
    // TCB with tension eases: the sample a quarter into the first segment lies closer to the first key than linear's.
    const [k0, k1] = bend.keys;
    s.rig.clips.sampleClip(0.125, 'clamp');
    const eased = s.rig.getAngles(FOREARM)[BEND_SLOT];
    const linear = k0.value[0] + 0.25 * (k1.value[0] - k0.value[0]);
    expect(Math.abs(eased - k0.value[0])).toBeLessThan(Math.abs(linear - k0.value[0]));
  });

  it('Euler vs quaternion: both wands end in the same pose, the Euler tip on the longer path; the task is a stop at 1 s', () => {
    const s = start('euler-quaternion');
    s.rig.clips.sampleClip(2, 'clamp');
    const tips = s.rig.boneTips();
    // Same end rotation: each tip sits at the same offset from its own base (bases 0.9 m apart on x).
    for (let k = 0; k < 3; k++) expect(tips[3 + k] - tips[k]).toBeCloseTo(k === 0 ? 0.9 : 0, 4);
    expect(s.rig.getAngles(0).map((a) => Number(a.toFixed(5)))).toEqual(END_ANGLES.map((a) => Number(a.toFixed(5))));
    // Path lengths over the clip: the quaternion tip's is an arc about one axis; the Euler tip's is longer.
    const lengths = [0, 0];
    let last: number[] | null = null;
    for (let f = 0; f <= 60; f++) {
      s.rig.clips.sampleGhost(f / 30, 'clamp');
      const t = Array.from(s.rig.clips.ghostTips());
      if (last !== null) for (const w of [0, 1]) lengths[w] += Math.hypot(t[3 * w] - last[3 * w], t[3 * w + 1] - last[3 * w + 1], t[3 * w + 2] - last[3 * w + 2]);
      last = t;
    }
    expect(lengths[0]).toBeGreaterThan(1.2 * lengths[1]);
    expect(s.done()).toBe(false);
    s.progress.set('played', 1);
    s.progress.set('playing', 0);
    s.progress.set('time', 1.04);
    expect(s.done()).toBe(true);
  });

  it('retargeting: paused on a frame with the left foot ahead', () => {
    const s = start('retarget');
    s.progress.set('played', 1);
    expect(s.done()).toBe(false);
    const pose = Float32Array.from(s.rig.pose());
    const thigh = s.rig.boneIndex('LeftUpLeg');
    pose[3 * thigh] = -0.5; // −x swings the thigh forward
    s.rig.setPose(pose);
    expect(s.done()).toBe(true);
  });

  it('springs: a slower, bouncier antenna', () => {
    const s = start('springs');
    expect(s.done()).toBe(false);
    const [antenna] = s.rig.springs.springChains();
    s.rig.springs.setSpringChains([changeSpringChain(antenna, { frequencyHz: 0.9, dampingRatio: 0.12 })]);
    expect(s.done()).toBe(true);
  });

  it('solver race (seed 7): run, then choose the winner', () => {
    const s = start('race');
    const session = new PosingSession(s.rig, foundGoalLayouts(s.rig));
    expect(s.done()).toBe(false);
    const rows = runRace(session, {}, 4, 7, () => performance.now());
    expect(rows.map((r) => r.solver)).toContain('dls');
    const complete = rows.filter((r) => r.converged === r.sets);
    expect(complete.length).toBeGreaterThan(0);
    const winner = complete.reduce((best, r) => (r.time_us_median < best.time_us_median ? r : best));
    s.progress.set('race-runs', 1);
    s.progress.set('race-winner', solverNames(builtContract).indexOf(winner.solver));
    session.useSolver(rows.find((r) => r.solver !== winner.solver)!.solver, {});
    expect(s.done()).toBe(false);
    session.useSolver(winner.solver, {});
    expect(s.done()).toBe(true);
  });
});
