// Batch solving over worker threads (solve-worker.ts, one WASM module each),
// in Node: every thread is set up with the same rig, solver and goals, and
// takes the next request as soon as it has answered one. Each request is
// independent (its own start pose and goal values), so the answers are the
// ones a single thread gives, bit for bit, in request order.
import { Worker } from 'node:worker_threads';
import type { SolveReport } from '../../web/src/rig/rig.js';
import { type FromSolveWorker, type SolveBuffers, type SolveSetup, type ToSolveWorker, transferList } from '../../web/src/rig/solve-protocol.js';

export type SolveOutcome =
  | { ok: true; angles: Float32Array; rootOffset: Float64Array; report: SolveReport; energy: Float32Array }
  | { ok: false; message: string };

const ENTRY = new URL('./solve-worker-entry.mjs', import.meta.url);

/** The requests' buffers copied: they are transferred to the threads, and the caller keeps its own. */
function copied(request: SolveBuffers): SolveBuffers {
  return { angles: request.angles.slice(), rootOffset: request.rootOffset.slice(), goalValues: request.goalValues.slice() };
}

export class SolvePool {
  private readonly workers: Worker[];
  private generation = 0;
  private running = false;

  /** Starts `threads` worker threads (an integer ≥ 1). */
  constructor(threads: number) {
    if (!Number.isInteger(threads) || threads < 1) throw new Error(`SolvePool: threads must be a whole number ≥ 1, not ${threads}`);
    this.workers = Array.from({ length: threads }, () => new Worker(ENTRY));
  }

  get threads(): number {
    return this.workers.length;
  }

  /** Solves every request with `setup`; resolves with one outcome per request, in order (a refused one names the Rig's error). Rejects if a thread dies. */
  solveAll(setup: SolveSetup, requests: readonly SolveBuffers[]): Promise<SolveOutcome[]> {
    if (this.running) return Promise.reject(new Error('SolvePool: a batch is running; wait for it'));
    this.running = true;
    const generation = ++this.generation;
    const outcomes: SolveOutcome[] = new Array(requests.length);
    return new Promise<SolveOutcome[]>((resolve, reject) => {
      let next = 0;
      let answered = 0;
      let failed = false;
      const detach: (() => void)[] = [];
      const finish = (error: Error | null): void => {
        for (const off of detach) off();
        this.running = false;
        if (error !== null) reject(error);
        else resolve(outcomes);
      };
      const give = (worker: Worker): void => {
        if (next >= requests.length) return;
        const id = next++;
        const buffers = copied(requests[id]);
        const message: ToSolveWorker = { kind: 'solve', generation, id, ...buffers };
        worker.postMessage(message, transferList(buffers));
      };
      for (const worker of this.workers) {
        const onMessage = (message: FromSolveWorker): void => {
          if (failed) return;
          if (message.kind === 'fatal') {
            failed = true;
            return finish(new Error(message.message));
          }
          outcomes[message.id] =
            message.kind === 'solved'
              ? { ok: true, angles: message.angles, rootOffset: message.rootOffset, report: message.report, energy: message.energy }
              : { ok: false, message: message.message };
          if (++answered === requests.length) return finish(null);
          give(worker);
        };
        const onExit = (code: number): void => {
          if (failed) return;
          failed = true;
          finish(new Error(`SolvePool: a solve thread stopped (exit code ${code})`));
        };
        worker.on('message', onMessage);
        worker.on('exit', onExit);
        detach.push(() => {
          worker.off('message', onMessage);
          worker.off('exit', onExit);
        });
        worker.postMessage({ kind: 'setup', generation, setup } satisfies ToSolveWorker);
        give(worker);
      }
      if (requests.length === 0) finish(null);
    });
  }

  /** Ends the threads. */
  async close(): Promise<void> {
    await Promise.all(this.workers.map((worker) => worker.terminate()));
  }
}
