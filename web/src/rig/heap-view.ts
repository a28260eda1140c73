// A typed array over a region of WASM memory that re-creates itself when
// memory grows (growth detaches the old buffer) or when the region moves.
import type { KinModule } from '../wasm/generated/kin.js';

type ViewConstructor<T> = new (buffer: ArrayBufferLike, byteOffset: number, length: number) => T;

export class HeapView<T extends Float32Array | Uint32Array | Uint16Array = Float32Array> {
  private view: T;
  private byteOffset = -1;

  constructor(
    private readonly module: KinModule,
    private readonly View: ViewConstructor<T> = Float32Array as unknown as ViewConstructor<T>,
  ) {
    this.view = new View(new ArrayBuffer(0), 0, 0);
  }

  /** The view over `length` elements at `byteOffset`; no allocation unless stale. */
  get(byteOffset: number, length: number): T {
    const buffer = this.module.HEAPU8.buffer;
    if (this.view.buffer !== buffer || this.byteOffset !== byteOffset || this.view.length !== length) {
      this.view = new this.View(buffer, byteOffset, length);
      this.byteOffset = byteOffset;
    }
    return this.view;
  }
}
