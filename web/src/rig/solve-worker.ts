// The page's solve worker (a module Web Worker; solve-client.ts talks to
// it): its own instance of the WASM module, loaded as the page loads it, and
// a SolveService answering the page's messages. Messages that come while
// the module loads wait for it, in order.
import { errorMessage } from '../text/error-message.js';
import { loadKinModuleBrowser } from '../wasm/load-browser.js';
import type { ToSolveWorker } from './solve-protocol.js';
import { SolveService } from './solve-service.js';

const scope = self as unknown as { postMessage(message: unknown, transfer: Transferable[]): void; onmessage: ((event: MessageEvent<ToSolveWorker>) => void) | null };

const service = loadKinModuleBrowser().then(
  (module) => new SolveService(module),
  (error: unknown) => {
    scope.postMessage({ kind: 'fatal', message: `the solve worker could not load the module: ${errorMessage(error)}` }, []);
    return null;
  },
);

scope.onmessage = (event) => {
  void service.then((ready) => {
    const reply = ready?.handle(event.data);
    if (reply) scope.postMessage(reply.message, reply.transfer);
  });
};
