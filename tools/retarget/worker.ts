// A batch worker thread: its own WASM module, the character read once, one
// Retargeter reused for every file the main thread hands it (pool.ts).
// Started through worker-entry.mjs, which lets Node load TypeScript.
import { performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';
import { Retargeter } from '../../web/src/rig/retarget.js';
import { errorMessage } from '../../web/src/text/error-message.js';
import { loadKinModuleNode } from '../../web/src/wasm/load-node.js';
import type { FromWorker, ToWorker } from './messages.js';
import type { WorkerSetup } from './options.js';
import { type BatchContext, retargetFile } from './retarget-file.js';
import { readTargetCharacter } from './target-character.js';

const port = parentPort!;
const setup = workerData as WorkerSetup;
const send = (message: FromWorker): void => port.postMessage(message);

async function start(): Promise<BatchContext> {
  const module = await loadKinModuleNode();
  const target = await readTargetCharacter(module, setup.onto).catch((error: unknown) => {
    throw new Error(`the character '${setup.onto}' cannot be used: ${errorMessage(error)}`);
  });
  return { module, retargeter: Retargeter.create(module), target, options: setup };
}

start().then(
  (context) => {
    port.on('message', (message: ToWorker) => {
      if (message.kind === 'stop') {
        context.retargeter.dispose();
        context.target.rig.dispose();
        port.close();
        return;
      }
      const began = performance.now();
      const seconds = (): number => (performance.now() - began) / 1000;
      retargetFile(context, message.path, message.base).then(
        (result) => send({ kind: 'done', index: message.index, result, seconds: seconds() }),
        (error: unknown) => send({ kind: 'failed', index: message.index, message: errorMessage(error), seconds: seconds() }),
      );
    });
    send({ kind: 'ready' });
  },
  (error: unknown) => {
    send({ kind: 'fatal', message: errorMessage(error) });
    port.close();
  },
);
