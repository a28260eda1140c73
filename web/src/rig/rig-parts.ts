// What a Rig hands the feature objects made over it (rig-skinning.ts,
// clip-sampler.ts, rig-springs.ts, rig-teaching.ts, rig-mirror.ts): its
// module and contract, its exchange record and buffer views, its address,
// and a check that it is still alive.
import type { KinModule } from '../wasm/generated/kin.js';
import type { BufferViews } from './buffer-views.js';
import type { KinContract } from './contract.js';
import type { ExchangeRecord } from './exchange-record.js';

export interface RigParts {
  readonly module: KinModule;
  readonly contract: KinContract;
  readonly exchange: ExchangeRecord;
  readonly views: BufferViews;
  /** The rig binding's address (the feature handles are made for it). */
  readonly address: number;
  readonly boneNames: readonly string[];
  /** Throws Error('Rig: used after dispose()') once the rig is disposed. */
  alive(): void;
  /** Index of the bone called `name`; throws if there is none. */
  boneIndex(name: string): number;
}
