// A Node worker thread answering solve-protocol.ts's messages with its own
// WASM module (the page's solve worker, web/src/rig/solve-worker.ts, in
// worker_threads): what solve-pool.ts runs. Started through
// solve-worker-entry.mjs, which lets Node load TypeScript.
import { parentPort } from 'node:worker_threads';
import { SolveService } from '../../web/src/rig/solve-service.js';
import type { ToSolveWorker } from '../../web/src/rig/solve-protocol.js';
import { errorMessage } from '../../web/src/text/error-message.js';
import { loadKinModuleNode } from '../../web/src/wasm/load-node.js';

const port = parentPort!;
const service = loadKinModuleNode().then(
  (module) => new SolveService(module),
  (error: unknown) => {
    port.postMessage({ kind: 'fatal', message: `the solve worker could not load the module: ${errorMessage(error)}` });
    return null;
  },
);

port.on('message', (message: ToSolveWorker) => {
  void service.then((ready) => {
    const reply = ready?.handle(message);
    if (reply) port.postMessage(reply.message, reply.transfer);
  });
});
