// The solve worker thread's entry: Node 20 does not pass tsx's loader on to
// worker threads, so the worker registers it and then loads solve-worker.ts.
// Plain JavaScript, so that it starts from tsx, plain Node and Vitest alike.
import { tsImport } from 'tsx/esm/api';

await tsImport('./solve-worker.ts', import.meta.url);
