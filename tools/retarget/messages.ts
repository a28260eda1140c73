// What the batch tool's main thread (pool.ts) and its workers (worker.ts)
// say to each other: structured-clone plain data only.
import type { FileResult } from './retarget-file.js';

/** Main → worker: retarget this file (its outputs named `base`), or finish. */
export type ToWorker = { kind: 'file'; index: number; path: string; base: string } | { kind: 'stop' };

/** Worker → main. 'fatal': the worker cannot start (the character does not read), so no file can be done. */
export type FromWorker =
  | { kind: 'ready' }
  | { kind: 'fatal'; message: string }
  | { kind: 'done'; index: number; result: FileResult; seconds: number }
  | { kind: 'failed'; index: number; message: string; seconds: number };
