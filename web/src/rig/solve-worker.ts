// The page's solve worker (a module Web Worker that solve-worker-switch.ts
// starts): its own instance of the WASM module, loaded as the page loads
// it, answering solve-protocol.ts's messages (solve-service.ts).
import { loadKinModuleBrowser } from '../wasm/load-browser.js';
import type { ToSolveWorker } from './solve-protocol.js';
import { serveSolves } from './solve-service.js';

const scope = self as unknown as { postMessage(message: unknown, transfer: Transferable[]): void; onmessage: ((event: MessageEvent<ToSolveWorker>) => void) | null };
const handle = serveSolves(loadKinModuleBrowser(), (message, transfer) => scope.postMessage(message, transfer));
scope.onmessage = (event) => handle(event.data);
