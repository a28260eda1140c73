// The solver settings' "Solve drags in a background thread": turned on, a
// module Web Worker (rig/solve-worker.ts, its own WASM module) solves the
// drags' moves and the pose editor shows the latest finished solve; turned
// off, the worker is terminated and drags solve on the page's thread again.
// Off by default: on the default character a solve takes far less than a
// frame, and the round trip would only add a frame of lag.
import type { PoseEditor } from '../posing/pose-editor.js';
import type { FromSolveWorker } from '../rig/solve-protocol.js';

export class SolveWorkerSwitch {
  private worker: Worker | null = null;
  private readonly listeners: (() => void)[] = [];

  constructor(private readonly editor: PoseEditor) {}

  get on(): boolean {
    return this.worker !== null;
  }

  /** Calls `listener` after every change of on. */
  onChange(listener: () => void): void {
    this.listeners.push(listener);
  }

  set(on: boolean): void {
    if (on === this.on) return;
    if (on) {
      // Vite bundles the worker and its module from this literal URL.
      const worker = new Worker(new URL('../rig/solve-worker.ts', import.meta.url), { type: 'module', name: 'kin-solve' });
      const background = this.editor.solveInBackground({ post: (message, transfer) => worker.postMessage(message, transfer) })!;
      worker.onmessage = (event: MessageEvent<FromSolveWorker>) => background.receive(event.data);
      // A script that does not load gives an event without a message.
      worker.onerror = (event) => background.receive({ kind: 'fatal', message: `the solve worker failed: ${event.message || 'its script did not load'}` });
      this.worker = worker;
    } else {
      // Settles a drag's last solve here before the worker goes.
      this.editor.solveInBackground(null);
      this.worker!.terminate();
      this.worker = null;
    }
    for (const listener of this.listeners) listener();
  }

  dispose(): void {
    this.set(false);
  }
}
