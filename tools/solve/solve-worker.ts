// A Node worker thread answering solve-protocol.ts's messages with its own
// WASM module: the page's solve worker (web/src/rig/solve-worker.ts) in
// worker_threads, what solve-pool.ts runs. Started through
// solve-worker-entry.mjs, which lets Node load TypeScript.
import { parentPort } from 'node:worker_threads';
import { serveSolves } from '../../web/src/rig/solve-service.js';
import { loadKinModuleNode } from '../../web/src/wasm/load-node.js';

const port = parentPort!;
port.on('message', serveSolves(loadKinModuleNode(), (message, transfer) => port.postMessage(message, transfer)));
