// The rig binding's exchange record in WASM memory: the numbers a drag frame
// passes to and from the core, and the byte offsets of the buffers the page
// reads, at the slots the module's contract names (contract.ts). Reading and
// writing them here instead of passing them through calls keeps a frame
// allocation-free: no float is boxed into a heap number and no call goes
// through Embind's generated glue.
import type { KinModule } from '../wasm/generated/kin.js';
import type { BufferSlot, ExchangeLayout } from './contract.js';
import { HeapView } from './heap-view.js';

export class ExchangeRecord {
  private readonly floatView: HeapView<Float32Array>;
  private readonly slotView: HeapView<Uint32Array>;

  /** `byteOffset`: the binding's exchangePtr(), fixed for its life; `layout`: the module's contract's. */
  constructor(
    module: KinModule,
    private readonly byteOffset: number,
    private readonly layout: ExchangeLayout,
  ) {
    this.floatView = new HeapView(module, Float32Array);
    this.slotView = new HeapView(module, Uint32Array);
  }

  /** Writes the point the next set-goal-target call moves a target to. */
  setTarget(target: ArrayLike<number>): void {
    const floats = this.floats();
    const at = this.layout.floats.target;
    floats[at] = target[0];
    floats[at + 1] = target[1];
    floats[at + 2] = target[2];
  }

  // Each setter writes its three floats itself: through a shared helper the
  // drag frame allocated a heap number per frame in Node's V8 (measured by
  // tests/web/drag-allocation.test.ts).
  /** Writes the point the next set-goal-pole call moves a pole to. */
  setPole(pole: ArrayLike<number>): void {
    const floats = this.floats();
    const at = this.layout.floats.pole;
    floats[at] = pole[0];
    floats[at + 1] = pole[1];
    floats[at + 2] = pole[2];
  }

  /** Writes the time the next sample-clip or sample-ghost call samples at (seconds). */
  setTime(time_s: number): void {
    this.floats()[this.layout.floats.time] = time_s;
  }

  /** setTime(clock_s[index]): a time held in a typed array is copied without boxing it into a heap number for the call. */
  copyTime(clock_s: Float64Array, index = 0): void {
    this.floats()[this.layout.floats.time] = clock_s[index];
  }

  /** Writes the milliseconds the next step-springs call advances by (a frame's whole milliseconds are stored without boxing). */
  setSpringStep(dtMillis: number): void {
    this.floats()[this.layout.floats.springStepMillis] = dtMillis;
  }

  /**
   * Copies the last solve's numbers into `out`. Written into the caller's
   * object rather than returned: a getter returning the error (a fraction)
   * boxed it into a heap number per frame in Chromium when not inlined.
   */
  readReport(out: { iterations: number; error: number; energy: number; worstGoal: number; shortGoal: number; shortfall: number; energyCount: number }): void {
    const floats = this.floats();
    const { iterations, error, energy, worstGoal, shortGoal, shortfall, energyCount } = this.layout.floats;
    out.iterations = floats[iterations];
    out.error = floats[error];
    out.energy = floats[energy];
    out.worstGoal = floats[worstGoal];
    out.shortGoal = floats[shortGoal];
    out.shortfall = floats[shortfall];
    out.energyCount = floats[energyCount];
  }

  /** Copies the rig's root offset (as the binding's last call left it) into `out`. */
  rootOffset<T extends { [index: number]: number }>(out: T): T {
    const floats = this.floats();
    const at = this.layout.floats.rootOffset;
    out[0] = floats[at];
    out[1] = floats[at + 1];
    out[2] = floats[at + 2];
    return out;
  }

  /** A buffer's byte offset, as the binding's last call left it. */
  bufferOffset(slot: BufferSlot): number {
    return this.slots()[2 * this.layout.buffers[slot].index];
  }

  /** A buffer's length in elements (0: none), as the binding's last call left it. */
  bufferLength(slot: BufferSlot): number {
    return this.slots()[2 * this.layout.buffers[slot].index + 1];
  }

  private slots(): Uint32Array {
    const { bufferByteOffset, bufferCount } = this.layout;
    return this.slotView.get(this.byteOffset + bufferByteOffset, 2 * bufferCount);
  }

  private floats(): Float32Array {
    return this.floatView.get(this.byteOffset, this.layout.floatCount);
  }
}
