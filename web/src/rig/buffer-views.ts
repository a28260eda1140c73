// One view per buffer slot of the contract (exchange.buffers): the page
// reads every buffer of a rig and its features by slot name, at the offset
// and length the binding's last call left in the exchange record, as the
// typed array the contract names. A view is re-made only when memory grew or
// the buffer moved or changed length, so reading one allocates nothing.
import type { KinModule } from '../wasm/generated/kin.js';
import type { BufferSlot, ExchangeLayout } from './contract.js';
import type { ExchangeRecord } from './exchange-record.js';
import { HeapView } from './heap-view.js';

export type SlotView<S extends BufferSlot> = S extends 'skinJoints' ? Uint16Array : Float32Array;

export class BufferViews {
  private readonly views = new Map<BufferSlot, HeapView<Float32Array | Uint16Array>>();

  constructor(
    module: KinModule,
    private readonly exchange: ExchangeRecord,
    layout: ExchangeLayout,
  ) {
    for (const [slot, { type }] of Object.entries(layout.buffers) as [BufferSlot, ExchangeLayout['buffers'][BufferSlot]][]) {
      this.views.set(slot, type === 'uint16' ? new HeapView(module, Uint16Array) : new HeapView(module, Float32Array));
    }
  }

  /** The buffer in `slot` as it lies now (empty when its owner has none). */
  view<S extends BufferSlot>(slot: S): SlotView<S> {
    return this.views.get(slot)!.get(this.exchange.bufferOffset(slot), this.exchange.bufferLength(slot)) as SlotView<S>;
  }
}
