// Retargeting's names as the core declares them (wasm/bindings/
// retarget_bindings.cpp, retargetContract()): the bone roles, retarget modes
// and limbs in the order of their codes. builtRetargetContract is the built
// module's (web/src/wasm/generated/contract.ts) and gives the name types;
// readRetargetContract(module) reads and checks a loaded module's.
import { BUILT_RETARGET_CONTRACT } from '../wasm/generated/contract.js';
import type { KinModule } from '../wasm/generated/kin.js';

type Built = typeof BUILT_RETARGET_CONTRACT;
/** 'rotation': world-space rotation deltas; 'ik': then each limb re-solved from direction, reach and pole. */
export type RetargetMode = Built['retargetModes'][number];
/** 'hips', 'spine', …, 'toes_r'. */
export type BoneRole = Built['boneRoles'][number];
/** 'arm_l', 'arm_r', 'leg_l', 'leg_r', 'head'. */
export type RetargetLimb = Built['retargetLimbs'][number];

export interface RetargetContract {
  readonly boneRoles: readonly BoneRole[];
  readonly retargetModes: readonly RetargetMode[];
  readonly retargetLimbs: readonly RetargetLimb[];
}

function names(raw: Record<string, unknown>, key: string): string[] {
  const value = raw[key];
  if (!Array.isArray(value) || value.length === 0 || !value.every((v) => typeof v === 'string')) {
    throw new Error(`Retarget: the module's retarget contract has no list of names '${key}'`);
  }
  return value as string[];
}

/** Checks a raw retargetContract() and types it; throws naming the malformed field. */
export function checkRetargetContract(raw: unknown): RetargetContract {
  if (typeof raw !== 'object' || raw === null) throw new Error('Retarget: the module\'s retarget contract is not an object');
  const r = raw as Record<string, unknown>;
  return {
    boneRoles: names(r, 'boneRoles') as BoneRole[],
    retargetModes: names(r, 'retargetModes') as RetargetMode[],
    retargetLimbs: names(r, 'retargetLimbs') as RetargetLimb[],
  };
}

const read = new WeakMap<KinModule, RetargetContract>();

/** The module's retarget contract, read and checked once per module. */
export function readRetargetContract(module: KinModule): RetargetContract {
  let contract = read.get(module);
  if (!contract) {
    contract = checkRetargetContract(module.retargetContract());
    read.set(module, contract);
  }
  return contract;
}

/** The retarget contract of the module the page is built with. */
export const builtRetargetContract: RetargetContract = checkRetargetContract(BUILT_RETARGET_CONTRACT);
