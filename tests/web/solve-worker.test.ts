// Solving in a worker (issue 15, item 9), with the page's own code over
// Node worker threads (tools/solve/solve-worker.ts runs the same
// SolveService as the page's Web Worker): a drag solved in the worker leaves
// the same pose and palette, bit for bit, as the same drag solved on the
// main thread; stale answers are refused; the rig's named errors cross; the
// batch pool's answers equal a serial run's.
import { Worker } from 'node:worker_threads';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { PoseEditor } from '../../web/src/posing/pose-editor.js';
import { type GoalDesc, LOOP_MODES, Rig, type SolverName } from '../../web/src/rig/rig.js';
import type { BoneDesc, Vec3Tuple } from '../../web/src/rig/rig-desc.js';
import { SolveClient, type SolvedAnswer } from '../../web/src/rig/solve-client.js';
import { type FromSolveWorker, GOAL_VALUES, type SolveBuffers, type SolveSetup, type ToSolveWorker, goalsWithValues } from '../../web/src/rig/solve-protocol.js';
import { serveSolves } from '../../web/src/rig/solve-service.js';
import type { KinModule } from '../../web/src/wasm/generated/kin.js';
import { loadKinModuleNode } from '../../web/src/wasm/load-node.js';
import { SolvePool } from '../../tools/solve/solve-pool.js';
import { withFlag, withGoal } from '../../web/src/posing/goal-set.js';
import { defaultCharacterBones, defaultCharacterEditor } from './default-character.js';
import { seededRandom, uniform } from './seeded-random.js';

const ENTRY = new URL('../../tools/solve/solve-worker-entry.mjs', import.meta.url);

/** The bytes of a typed array: equal bytes are equal bits (NaN payloads and -0 included). */
function bits(view: ArrayBufferView): Uint8Array {
  return new Uint8Array(view.buffer, view.byteOffset, view.byteLength).slice();
}

/** A serial chain of `count` ball-jointed bones along +y, total length 1. */
function chain(count: number): BoneDesc[] {
  const l = 1 / count;
  return Array.from({ length: count }, (_, i) => ({ name: `link${i}`, parent: i - 1, restT: [0, i === 0 ? 0 : l, 0], tip: [0, l, 0] }));
}

let module: KinModule;
let bones: BoneDesc[];
const threads: Worker[] = [];

function thread(): Worker {
  const worker = new Worker(ENTRY);
  threads.push(worker);
  return worker;
}

/** Resolves after the thread's next message has been handled by the listeners registered before. */
function nextMessage(worker: Worker): Promise<void> {
  return new Promise((resolve) => worker.once('message', () => resolve()));
}

beforeAll(async () => {
  module = await loadKinModuleNode();
  bones = await defaultCharacterBones();
});

afterEach(async () => {
  await Promise.all(threads.splice(0).map((worker) => worker.terminate()));
});

describe('a drag solved in a worker thread', () => {
  /** Two pose editors on the default character: one solves its drags here, the other in a worker thread. */
  function editors(): { here: PoseEditor; threaded: PoseEditor; worker: Worker } {
    const here = defaultCharacterEditor(module, bones);
    const threaded = defaultCharacterEditor(module, bones);
    const worker = thread();
    const background = threaded.solveInBackground({ post: (message, transfer) => worker.postMessage(message, transfer) })!;
    worker.on('message', (message: FromSolveWorker) => background.receive(message));
    return { here, threaded, worker };
  }

  const SOLVED: readonly SolverName[] = ['dls', 'gauss-newton', 'fabrik', 'two-bone'];
  for (const [s, solver] of SOLVED.entries()) {
    it(`gives the main thread's pose and palette bit for bit after every move (${solver}, seed ${40 + s})`, async () => {
      const { here, threaded, worker } = editors();
      for (const editor of [here, threaded]) editor.setSolver(solver, {});
      const random = seededRandom(40 + s);
      const goal = here.session.goalIndex(here.session.goalNames.find((name) => name.startsWith('hand') || name.startsWith('forearm')) ?? 0);
      const start = here.session.target_ms(goal);
      const stepsBefore = threaded.undo.depths.undo;
      for (const editor of [here, threaded]) editor.beginGesture();
      for (let move = 0; move < 8; move++) {
        const position = { x: start[0] + uniform(random, -0.25, 0.25), y: start[1] + uniform(random, -0.25, 0.25), z: start[2] + uniform(random, -0.2, 0.2) };
        here.handleMoved(goal, position);
        const answered = nextMessage(worker);
        threaded.handleMoved(goal, position);
        // Deferred: nothing moved yet on the threaded side.
        expect(threaded.backgroundSolve!.busy).toBe(true);
        await answered;
        expect(threaded.backgroundSolve!.busy).toBe(false);
        expect(bits(threaded.session.rig.pose())).toEqual(bits(here.session.rig.pose()));
        expect(threaded.session.rig.rootOffset).toEqual(here.session.rig.rootOffset);
        expect(bits(threaded.session.rig.palette())).toEqual(bits(here.session.rig.palette()));
        const { status, iterations, error } = here.session.lastSolve;
        expect(threaded.session.lastSolve).toMatchObject({ status, iterations, error, failure: null });
        expect(bits(threaded.session.energyHistory())).toEqual(bits(here.session.energyHistory()));
      }
      for (const editor of [here, threaded]) editor.endGesture();
      expect(threaded.backgroundSolve!.counts).toEqual({ applied: 8, refused: 0 });
      expect(threaded.undo.depths.undo).toBe(stepsBefore + 1);
      expect(bits(threaded.session.rig.palette())).toEqual(bits(here.session.rig.palette()));
    });
  }

  it('is set up again when the goals or the solver change between drags (a goal added, one turned to a pole, another solver, another character)', async () => {
    const { here, threaded, worker } = editors();
    const drag = async (goalName: string, dx: number, dy: number): Promise<void> => {
      const goal = here.session.goalIndex(goalName);
      const [x, y, z] = here.session.target_ms(goal);
      for (const editor of [here, threaded]) editor.beginGesture();
      here.handleMoved(goal, { x: x + dx, y: y + dy, z });
      const answered = nextMessage(worker);
      threaded.handleMoved(goal, { x: x + dx, y: y + dy, z });
      await answered;
      for (const editor of [here, threaded]) editor.endGesture();
      expect(bits(threaded.session.rig.palette()), goalName).toEqual(bits(here.session.rig.palette()));
    };
    await drag('hand_r', -0.1, 0.1);
    for (const editor of [here, threaded]) editor.setEditableGoals(withGoal(editor.session.rig, editor.session.editableGoals, 'head'));
    await drag('head', 0.05, -0.05);
    for (const editor of [here, threaded]) editor.setEditableGoals(withFlag(editor.session.editableGoals, editor.session.goalIndex('hand_l'), 'pole', true));
    await drag('hand_l', 0.1, 0.05);
    for (const editor of [here, threaded]) editor.setSolver('gauss-newton', { maxIterations: 20 });
    await drag('hand_l', 0.05, 0.1);
    // Another character (a longer forearm, so that the old rig would answer otherwise): the worker builds its rig anew.
    const longArm = bones.map((bone) => (bone.name === 'forearm_r' ? { ...bone, restT: bone.restT!.map((x) => 1.3 * x) as Vec3Tuple } : bone));
    for (const editor of [here, threaded]) {
      const fresh = defaultCharacterEditor(module, longArm);
      editor.replaceCharacter(fresh.session, { source: fresh.source, presets: fresh.presets });
    }
    await drag('hand_r', 0.1, 0.1);
    expect(threaded.backgroundSolve!.counts).toEqual({ applied: 5, refused: 0 });
  });

  it("solves here while the clip moves bones' rests (translation keys), which the worker's rig does not have", () => {
    const { here, threaded } = editors();
    const forearm = here.session.rig.boneIndex('forearm_r');
    const rest = here.session.rig.description[forearm].restT ?? [0, 0, 0];
    const longer = rest.map((x) => 1.2 * x);
    for (const editor of [here, threaded]) {
      editor.setClip({ name: 'long arm', duration: 1, fps: 30, channels: [{ target: 'translation', bone: forearm, slot: 0, keys: [{ time: 0, value: longer, interpolation: 'linear' }] }] });
      editor.session.rig.clips.sampleClip(0, LOOP_MODES[0]);
    }
    const goal = here.session.goalIndex('hand_r');
    const [x, y, z] = here.session.target_ms(goal);
    for (const editor of [here, threaded]) {
      editor.beginGesture();
      editor.handleMoved(goal, { x: x - 0.1, y: y + 0.1, z });
    }
    expect(threaded.backgroundSolve!.busy).toBe(false);
    expect(bits(threaded.session.rig.palette())).toEqual(bits(here.session.rig.palette()));
    for (const editor of [here, threaded]) editor.endGesture();
  });

  it('sends only the latest of the moves made while one is in flight, from the pose the last answer left', async () => {
    const { here, threaded, worker } = editors();
    const goal = here.session.goalIndex('hand_r');
    const [x, y, z] = here.session.target_ms(goal);
    threaded.beginGesture();
    here.beginGesture();
    const first = nextMessage(worker);
    threaded.handleMoved(goal, { x: x + 0.05, y, z });
    // Three more moves while the first is in flight: only the last is asked for.
    for (const dx of [0.1, 0.15, 0.2]) threaded.handleMoved(goal, { x: x + dx, y, z });
    await first;
    const second = nextMessage(worker);
    await second;
    expect(threaded.backgroundSolve!.counts).toEqual({ applied: 2, refused: 0 });
    // The same two solves here: the first move, then the last from where the first left the pose.
    here.handleMoved(goal, { x: x + 0.05, y, z });
    here.handleMoved(goal, { x: x + 0.2, y, z });
    expect(bits(threaded.session.rig.palette())).toEqual(bits(here.session.rig.palette()));
    threaded.endGesture();
    here.endGesture();
  });

  it('refuses the answer in flight when Esc puts the pose back, which stays as it was bit for bit', async () => {
    const { threaded, worker } = editors();
    const before = bits(threaded.session.rig.palette());
    const goal = threaded.session.goalIndex('hand_l');
    const [x, y, z] = threaded.session.target_ms(goal);
    threaded.beginGesture();
    const answered = nextMessage(worker);
    threaded.handleMoved(goal, { x: x - 0.2, y: y + 0.1, z });
    expect(threaded.cancelGesture()).toBe(true);
    await answered;
    expect(threaded.backgroundSolve!.counts).toEqual({ applied: 0, refused: 1 });
    expect(bits(threaded.session.rig.palette())).toEqual(before);
    expect(threaded.undo.depths.undo).toBe(0);
  });

  it('refuses an answer whose start pose a script replaced while the worker solved', async () => {
    const { threaded, worker } = editors();
    const goal = threaded.session.goalIndex('hand_r');
    const [x, y, z] = threaded.session.target_ms(goal);
    threaded.beginGesture();
    const answered = nextMessage(worker);
    threaded.handleMoved(goal, { x: x - 0.2, y, z });
    const elbow = 3 * threaded.session.rig.boneIndex('forearm_r');
    const bent = Float32Array.from(threaded.session.rig.pose(), (angle, i) => (i === elbow ? angle + 0.1 : angle));
    threaded.setPose(bent);
    const set = bits(threaded.session.rig.palette());
    await answered;
    expect(threaded.backgroundSolve!.counts).toEqual({ applied: 0, refused: 1 });
    expect(bits(threaded.session.rig.palette())).toEqual(set);
    threaded.endGesture();
  });

  it('lets the answer of a drag released with a solve in flight land after it, the drag one undo step', async () => {
    const { here, threaded, worker } = editors();
    const before = bits(threaded.session.rig.palette());
    const goal = here.session.goalIndex('hand_r');
    const [x, y, z] = here.session.target_ms(goal);
    const answered = nextMessage(worker);
    for (const editor of [here, threaded]) {
      editor.beginGesture();
      editor.handleMoved(goal, { x, y: y + 0.15, z: z + 0.1 });
      editor.endGesture();
    }
    // Released: nothing solved on this thread, the answer still to come.
    expect(threaded.backgroundSolve!.busy).toBe(true);
    expect(bits(threaded.session.rig.palette())).toEqual(before);
    await answered;
    expect(threaded.backgroundSolve!.counts).toEqual({ applied: 1, refused: 0 });
    expect(bits(threaded.session.rig.palette())).toEqual(bits(here.session.rig.palette()));
    expect(threaded.undo.depths.undo).toBe(1);
    expect(threaded.undo.undo()).toBe(true);
    expect(bits(threaded.session.rig.palette())).toEqual(before);
    expect(threaded.undo.redo()).toBe(true);
    expect(bits(threaded.session.rig.palette())).toEqual(bits(here.session.rig.palette()));
  });

  it('refuses the answer still coming after the drag when an edit moves a target or undoes the drag first', async () => {
    const { threaded, worker } = editors();
    const before = bits(threaded.session.rig.palette());
    const goal = threaded.session.goalIndex('hand_r');
    const [x, y, z] = threaded.session.target_ms(goal);
    const drag = (): void => {
      threaded.beginGesture();
      threaded.handleMoved(goal, { x, y: y + 0.15, z: z + 0.1 });
      threaded.endGesture();
    };
    let answered = nextMessage(worker);
    drag();
    const typed = Array.from({ length: threaded.session.goalNames.length }, (_, g) => threaded.session.target_ms(g));
    typed[goal] = [x, y - 0.1, z];
    threaded.setTargets(typed);
    await answered;
    expect(threaded.backgroundSolve!.counts).toEqual({ applied: 0, refused: 1 });
    expect(bits(threaded.session.rig.palette())).toEqual(before);
    answered = nextMessage(worker);
    drag();
    expect(threaded.undo.undo()).toBe(true);
    await answered;
    expect(threaded.backgroundSolve!.counts).toEqual({ applied: 0, refused: 2 });
    expect(bits(threaded.session.rig.palette())).toEqual(before);
  });
});

describe('the solve client and the worker thread', () => {
  const chainBones = chain(12);
  const tipGoal: GoalDesc = { bone: 11, target: [0.4, 0.6, 0.1] };
  const setup = (options = {}): SolveSetup => ({ bones: chainBones, solver: 'dls', options, moveRoot: false, goals: [tipGoal] });

  function client(worker: Worker, values: number[]): { client: SolveClient; solved: SolvedAnswer[]; failed: string[] } {
    const solved: SolvedAnswer[] = [];
    const failed: string[] = [];
    const c = new SolveClient({ post: (message, transfer) => worker.postMessage(message, transfer) }, {
      fill: (buffers) => {
        buffers.angles.fill(0);
        buffers.rootOffset.fill(0);
        buffers.goalValues.set(values);
      },
      solved: (answer) => solved.push(answer),
      failed: (message) => failed.push(message),
    });
    worker.on('message', (message: FromSolveWorker) => c.receive(message));
    return { client: c, solved, failed };
  }

  const values = (target: number[]): number[] => [...target, NaN, NaN, NaN, NaN, NaN, NaN, NaN];

  it('refuses an answer of an older setup or sent before cancel(), and hands on the current one', async () => {
    const worker = thread();
    const { client: c, solved } = client(worker, values([0.4, 0.6, 0.1]));
    c.setup(setup(), chainBones.length);
    let answered = nextMessage(worker);
    c.request();
    // Set up again before the answer comes: it belongs to the old generation.
    c.setup(setup({ maxIterations: 5 }), chainBones.length);
    await answered;
    expect({ solved: solved.length, refused: c.refused }).toEqual({ solved: 0, refused: 1 });
    answered = nextMessage(worker);
    c.request();
    c.cancel();
    await answered;
    expect({ solved: solved.length, refused: c.refused }).toEqual({ solved: 0, refused: 2 });
    answered = nextMessage(worker);
    c.request();
    await answered;
    expect({ solved: solved.length, refused: c.refused, busy: c.busy }).toEqual({ solved: 1, refused: 2, busy: false });
    // The second setup's 5 iterations at most.
    expect(solved[0].report.iterations).toBeLessThanOrEqual(5);
  });

  it('refuses, in the worker, a request of a generation it was not set up for', async () => {
    const worker = thread();
    const answer = new Promise<FromSolveWorker>((resolve) => worker.once('message', resolve));
    worker.postMessage({ kind: 'setup', generation: 1, setup: setup() } satisfies ToSolveWorker);
    worker.postMessage({ kind: 'solve', generation: 2, id: 0, angles: new Float32Array(36), rootOffset: new Float64Array(3), goalValues: Float64Array.from(values([0, 1, 0])) } satisfies ToSolveWorker);
    expect(await answer).toMatchObject({ kind: 'failed', stale: true, message: 'Rig: request of generation 2, the worker is set up for 1' });
  });

  it("hands on the rig's named errors: a refused setting, a bad target, a wrong goal count", async () => {
    const here = Rig.create(module, chainBones);
    const refusedOption = (() => {
      try {
        here.setSolver('dls', { maxIterations: 0 });
      } catch (error) {
        return (error as Error).message;
      }
      return 'accepted';
    })();
    const badTarget = (() => {
      try {
        here.setGoals([{ ...tipGoal, target: [NaN, 0, 0] }]);
      } catch (error) {
        return (error as Error).message;
      }
      return 'accepted';
    })();
    here.dispose();
    expect(refusedOption).toMatch(/^Rig: .*max_iterations 0/);
    expect(badTarget).toMatch(/^Rig: goal 0/);

    const worker = thread();
    const optionCase = client(worker, values([0.4, 0.6, 0.1]));
    optionCase.client.setup(setup({ maxIterations: 0 }), chainBones.length);
    let answered = nextMessage(worker);
    optionCase.client.request();
    await answered;
    expect(optionCase.failed).toEqual([refusedOption]);

    const worker2 = thread();
    const targetCase = client(worker2, values([NaN, 0, 0]));
    targetCase.client.setup(setup(), chainBones.length);
    answered = nextMessage(worker2);
    targetCase.client.request();
    await answered;
    expect(targetCase.failed).toEqual([badTarget]);

    expect(() => goalsWithValues([tipGoal], new Float64Array(GOAL_VALUES + 1))).toThrow(`Rig: ${GOAL_VALUES + 1} goal values for 1 goals (${GOAL_VALUES} each)`);
  });
});

describe('a worker whose module does not load', () => {
  it('says so once, answers nothing, and the client fails every request with its words', async () => {
    const posted: FromSolveWorker[] = [];
    const handle = serveSolves(Promise.reject(new Error('kin.wasm: 404')), (message) => posted.push(message));
    handle({ kind: 'setup', generation: 1, setup: { bones: chain(2), solver: 'dls', options: {}, moveRoot: false, goals: [] } });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(posted).toEqual([{ kind: 'fatal', message: 'the solve worker could not load the module: kin.wasm: 404' }]);

    const failed: string[] = [];
    const c = new SolveClient({ post: () => {} }, { fill: () => {}, solved: () => failed.push('solved'), failed: (message) => failed.push(message) });
    c.setup({ bones: chain(2), solver: 'dls', options: {}, moveRoot: false, goals: [] }, 2);
    c.request();
    c.receive(posted[0]);
    c.request();
    // The request in flight, then the one asked after: both fail with the worker's words.
    expect(failed).toEqual(Array(2).fill('the solve worker could not load the module: kin.wasm: 404'));
    expect(c.busy).toBe(false);
  });
});

describe('the batch solve pool', () => {
  const chainBones = chain(32);
  const goals: GoalDesc[] = [{ bone: 31, target: [0, 1, 0] }, { bone: 15, target: [0, 0.5, 0], weight: 0.5 }];
  let pools: SolvePool[] = [];

  afterAll(async () => {
    await Promise.all(pools.map((pool) => pool.close()));
    pools = [];
  });

  /** 24 requests (seed 77): random start poses and targets within reach, and one with a NaN target. */
  function requests(): SolveBuffers[] {
    const random = seededRandom(77);
    return Array.from({ length: 24 }, (_, r) => {
      const angles = Float32Array.from({ length: 3 * chainBones.length }, () => uniform(random, -0.2, 0.2));
      const goalValues = new Float64Array(GOAL_VALUES * goals.length).fill(NaN);
      for (let g = 0; g < goals.length; g++) for (let k = 0; k < 3; k++) goalValues[GOAL_VALUES * g + k] = uniform(random, -0.5, 0.5) + (k === 1 ? 0.4 : 0);
      if (r === 13) goalValues[0] = NaN;
      return { angles, rootOffset: Float64Array.of(0, 0, 0), goalValues };
    });
  }

  it("gives, over 3 threads, a single thread's answers and the main thread's own solves, bit for bit and in order", async () => {
    const batch = requests();
    const setup: SolveSetup = { bones: chainBones, solver: 'dls', options: { maxIterations: 40 }, moveRoot: false, goals };
    const three = new SolvePool(3);
    const one = new SolvePool(1);
    pools.push(three, one);
    const [parallel, serial] = await Promise.all([three.solveAll(setup, batch), one.solveAll(setup, batch)]);

    const rig = Rig.create(module, chainBones);
    rig.setSolver('dls', { maxIterations: 40 });
    try {
      for (const [r, request] of batch.entries()) {
        let expected: { angles: Uint8Array; report: object } | { message: string };
        try {
          rig.setPose(request.angles);
          rig.setGoals(goalsWithValues(goals, request.goalValues));
          const report = { ...rig.solve() };
          expected = { angles: bits(rig.pose()), report };
        } catch (error) {
          expected = { message: (error as Error).message };
        }
        for (const outcome of [parallel[r], serial[r]]) {
          if ('message' in expected) expect(outcome).toEqual({ ok: false, message: expected.message });
          else {
            expect(outcome.ok).toBe(true);
            if (!outcome.ok) continue;
            expect(bits(outcome.angles)).toEqual(expected.angles);
            expect(outcome.report).toEqual(expected.report);
          }
        }
      }
    } finally {
      rig.dispose();
    }
    expect(parallel.filter((o) => !o.ok)).toHaveLength(1);
    // The caller's requests are still its own (copies were transferred).
    expect(batch[0].angles.length).toBe(3 * chainBones.length);
  });

  it('refuses a thread count that is not a whole number ≥ 1', () => {
    expect(() => new SolvePool(0)).toThrow('SolvePool: threads must be a whole number ≥ 1, not 0');
  });
});
