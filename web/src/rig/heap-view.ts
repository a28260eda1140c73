// A Float32Array over a region of WASM memory that re-creates itself when
// memory grows (growth detaches the old buffer) or when the region moves.
import type { KinModule } from '../wasm/generated/kin.js';

export class HeapView {
  private view: Float32Array = new Float32Array(0);
  private byteOffset = -1;

  constructor(private readonly module: KinModule) {}

  /** The view over `length` floats at `byteOffset`; no allocation unless stale. */
  get(byteOffset: number, length: number): Float32Array {
    const buffer = this.module.HEAPF32.buffer;
    if (this.view.buffer !== buffer || this.byteOffset !== byteOffset || this.view.length !== length) {
      this.view = new Float32Array(buffer, byteOffset, length);
      this.byteOffset = byteOffset;
    }
    return this.view;
  }
}
