// The rig binding's exchange record in WASM memory (wasm/bindings/embind.cpp
// lays it out): the numbers a drag frame passes to and from the core, and
// the byte offsets of the buffers the page reads. Reading and writing them
// here instead of passing them through calls keeps a frame allocation-free:
// no float is boxed into a heap number and no call goes through Embind's
// generated glue.
import type { KinModule } from '../wasm/generated/kin.js';
import { HeapView } from './heap-view.js';

/** Float slots: the target in (x, y, z), then the last solve's report out. */
const TARGET = 0;
const ITERATIONS = 3;
const ERROR = 4;
const ENERGY_COUNT = 5;
const FLOAT_SLOTS = 6;

/** Uint32 slots after the floats, in the order of RigBinding::BufferSlot. */
export const BufferSlot = {
  model: 0,
  palette: 1,
  tips: 2,
  pose: 3,
  energy: 4,
  bind: 5,
  dqsPalette: 6,
  dqsPaletteSize: 7,
  skinnedPositions: 8,
  skinnedNormals: 9,
  vertexCount: 10,
} as const;
export type BufferSlot = (typeof BufferSlot)[keyof typeof BufferSlot];
const BUFFER_SLOTS = 11;

export class ExchangeRecord {
  private readonly floatView: HeapView<Float32Array>;
  private readonly slotView: HeapView<Uint32Array>;

  /** `byteOffset`: the binding's exchangePtr(), fixed for its life. */
  constructor(module: KinModule, private readonly byteOffset: number) {
    this.floatView = new HeapView(module, Float32Array);
    this.slotView = new HeapView(module, Uint32Array);
  }

  /** Writes the point the next set-goal-target call moves a target to. */
  setTarget(target: ArrayLike<number>): void {
    const floats = this.floats();
    floats[TARGET] = target[0];
    floats[TARGET + 1] = target[1];
    floats[TARGET + 2] = target[2];
  }

  get iterations(): number {
    return this.floats()[ITERATIONS];
  }

  get error(): number {
    return this.floats()[ERROR];
  }

  get energyCount(): number {
    return this.floats()[ENERGY_COUNT];
  }

  /** A buffer's byte offset or size, as the binding's last call left it. */
  slot(slot: BufferSlot): number {
    return this.slotView.get(this.byteOffset + 4 * FLOAT_SLOTS, BUFFER_SLOTS)[slot];
  }

  private floats(): Float32Array {
    return this.floatView.get(this.byteOffset, FLOAT_SLOTS);
  }
}
