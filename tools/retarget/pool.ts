// Runs a batch over worker threads (worker.ts, one WASM module each): every
// worker takes the next file as soon as it has finished one, so a slow file
// holds up one worker only. Each file's outcome is reported as it comes in.
// A worker that cannot start (the character does not read) fails the whole
// batch; a worker that dies fails the file it held, and the others go on.
import { Worker } from 'node:worker_threads';
import type { FromWorker, ToWorker } from './messages.js';
import type { BatchFile } from './output-names.js';
import type { WorkerSetup } from './options.js';
import type { FileResult } from './retarget-file.js';

export type FileOutcome = ({ ok: true; result: FileResult } | { ok: false; message: string }) & { index: number; seconds: number };

const ENTRY = new URL('./worker-entry.mjs', import.meta.url);

/** Retargets every file with `workers` threads; resolves with the outcomes in file order, rejects if no worker can start. */
export function runBatch(files: readonly BatchFile[], setup: WorkerSetup, workers: number, onOutcome: (outcome: FileOutcome) => void): Promise<FileOutcome[]> {
  return new Promise((resolve, reject) => {
    const outcomes: FileOutcome[] = [];
    let next = 0;
    let live = 0;
    let fatal: string | null = null;
    const finish = (outcome: FileOutcome): void => {
      outcomes[outcome.index] = outcome;
      onOutcome(outcome);
    };
    const settle = (): void => {
      if (live > 0) return;
      if (fatal !== null) return reject(new Error(fatal));
      // Files no worker was left to take.
      for (let index = next; index < files.length; index++) finish({ index, ok: false, message: 'no worker was left to take it', seconds: 0 });
      resolve(outcomes);
    };

    for (let w = 0; w < Math.min(workers, files.length); w++) {
      const worker = new Worker(ENTRY, { workerData: setup });
      live++;
      let held: number | null = null;
      const give = (): void => {
        held = fatal === null && next < files.length ? next++ : null;
        const message: ToWorker = held === null ? { kind: 'stop' } : { kind: 'file', index: held, ...files[held] };
        worker.postMessage(message);
      };
      worker.on('message', (message: FromWorker) => {
        if (message.kind === 'fatal') {
          fatal = message.message;
          return;
        }
        if (message.kind === 'done') finish({ index: message.index, ok: true, result: message.result, seconds: message.seconds });
        else if (message.kind === 'failed') finish({ index: message.index, ok: false, message: message.message, seconds: message.seconds });
        give();
      });
      let crash = '';
      worker.on('error', (error) => {
        crash = error.message;
      });
      worker.on('exit', (code) => {
        if (held !== null) finish({ index: held, ok: false, message: `its worker stopped (${crash || `exit code ${code}`})`, seconds: 0 });
        live--;
        settle();
      });
    }
  });
}
