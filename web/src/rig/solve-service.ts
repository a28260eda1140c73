// The worker's side of solve-protocol.ts, the same in a Web Worker and in a
// Node worker thread (only the entries differ): one Rig built from the
// setup's bones, set up with its solver and goals, and per request the start
// pose and the goals' values put in, one solve, and the solved pose, root
// offset, report and energies handed back in the request's own buffers.
// The rig's errors go back as their messages ('Rig: …'); nothing throws out.
import type { KinModule } from '../wasm/generated/kin.js';
import { errorMessage } from '../text/error-message.js';
import { Rig, describedRestScales, type GoalDesc } from './rig.js';
import { type FromSolveWorker, type SolveBuffers, type SolveSetup, type ToSolveWorker, goalsWithValues, transferList } from './solve-protocol.js';

/**
 * What a solve worker's entry runs (the page's Web Worker, a Node worker
 * thread): returns the handler of the port's messages, answered through
 * `post` by a SolveService over the module `loading` resolves to. Messages
 * that come while it loads wait for it, in order; a module that does not
 * load is reported once ('fatal') and nothing is answered.
 */
export function serveSolves(loading: Promise<KinModule>, post: (message: FromSolveWorker, transfer: ArrayBuffer[]) => void): (message: ToSolveWorker) => void {
  const service = loading.then(
    (module) => new SolveService(module),
    (error: unknown) => {
      post({ kind: 'fatal', message: `the solve worker could not load the module: ${errorMessage(error)}` }, []);
      return null;
    },
  );
  return (message) => {
    void service.then((ready) => {
      const reply = ready?.handle(message);
      if (reply) post(reply.message, reply.transfer);
    });
  };
}

export interface Reply {
  message: FromSolveWorker;
  transfer: ArrayBuffer[];
}

export class SolveService {
  private rig: Rig | null = null;
  private generation = -1;
  private goals: readonly GoalDesc[] = [];
  /** Why the current generation's setup was refused, or null. */
  private setupProblem: string | null = null;

  constructor(private readonly module: KinModule) {}

  /** Handles one message; a solve request gets a reply (a setup is answered through the requests of its generation). */
  handle(message: ToSolveWorker): Reply | null {
    if (message.kind === 'setup') {
      this.setUp(message.generation, message.setup);
      return null;
    }
    const buffers: SolveBuffers = { angles: message.angles, rootOffset: message.rootOffset, goalValues: message.goalValues, ...(message.ikFrom ? { ikFrom: message.ikFrom } : {}) };
    const failed = (text: string, stale: boolean): Reply => ({
      message: { kind: 'failed', generation: message.generation, id: message.id, message: text, stale, ...buffers },
      transfer: transferList(buffers),
    });
    if (message.generation !== this.generation) return failed(`Rig: request of generation ${message.generation}, the worker is set up for ${this.generation}`, true);
    if (this.setupProblem !== null) return failed(this.setupProblem, false);
    const rig = this.rig!;
    try {
      rig.setPose(buffers.angles, [buffers.rootOffset[0], buffers.rootOffset[1], buffers.rootOffset[2]]);
      if (buffers.ikFrom) rig.setIkFrom(buffers.ikFrom);
      rig.setGoals(goalsWithValues(this.goals, buffers.goalValues));
      const began = performance.now();
      const solved = rig.solve();
      const micros = (performance.now() - began) * 1000;
      const report = { ...solved };
      buffers.angles.set(rig.pose());
      rig.readRootOffset(buffers.rootOffset);
      const energy = Float32Array.from(rig.energyHistory());
      return {
        message: { kind: 'solved', generation: message.generation, id: message.id, report, micros, energy, ...buffers },
        transfer: transferList(buffers, energy),
      };
    } catch (error) {
      return failed(errorMessage(error), false);
    }
  }

  /** Frees the rig. */
  dispose(): void {
    this.rig?.dispose();
    this.rig = null;
  }

  private setUp(generation: number, setup: SolveSetup): void {
    this.generation = generation;
    this.setupProblem = null;
    try {
      if (setup.bones !== undefined) {
        this.dispose();
        this.rig = Rig.create(this.module, setup.bones);
      }
      if (this.rig === null) throw new Error('Rig: the first setup must give the bones');
      const rig = this.rig;
      // The rig refuses another solver while it moves the root, keeps balance or keeps above the floor: off first (as PosingSession does).
      rig.setMoveRoot(false);
      rig.setKeepBalance(false);
      rig.setKeepAboveFloor(false);
      rig.setRestScales(setup.restScales ?? describedRestScales(rig.description));
      rig.setSolver(setup.solver, setup.options);
      rig.setGoals(setup.goals);
      if (setup.moveRoot) rig.setMoveRoot(true);
      if (setup.keepBalance === true) rig.setKeepBalance(true);
      if (setup.keepAboveFloor === true) rig.setKeepAboveFloor(true);
      this.goals = setup.goals;
    } catch (error) {
      this.setupProblem = errorMessage(error);
    }
  }
}
