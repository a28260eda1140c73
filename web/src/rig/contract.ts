// The contract between this TypeScript and the core, declared once in the
// core and read from the module (wasm/bindings/contract_bindings.cpp, contract()): the
// solvers in kin::SolverKind order with what they take and which options
// they read, every option's default and range by its setSolver key, the
// names of the solve statuses, skinning methods, mirror modes, clip
// interpolations, channel targets (with their value sizes) and loop modes in
// the order of their codes, and the exchange record's layout.
//
// - readContract(module) reads a loaded module's, checks it and keeps it for
//   that module: the Rig works from it.
// - builtContract is the contract of the module the page is built with
//   (web/src/wasm/generated/contract.ts, which the build writes from the
//   module): it gives this file's name types, and the names to code that
//   needs them before a module is loaded (tests/web/contract.test.ts checks
//   that it is the loaded module's).
import { BUILT_CONTRACT } from '../wasm/generated/contract.js';
import type { KinModule } from '../wasm/generated/kin.js';

type Built = typeof BUILT_CONTRACT;
export type SolverName = Built['solvers'][number]['name'];
export type SolveStatus = Built['solveStatus'][number];
export type SkinningMethod = Built['skinningMethods'][number];
export type MirrorMode = Built['mirrorModes'][number];
/** How a clip key's segment is interpolated ('step', 'linear', 'catmull-rom', 'tcb', 'cubic-spline'). */
export type Interpolation = Built['interpolations'][number];
/** What a clip channel animates ('angle', 'rotation', 'root', 'translation', 'scale'). */
export type ChannelTarget = Built['channelTargets'][number];
/** 'clamp' holds a clip's ends; 'loop' wraps time into [0, duration). */
export type LoopMode = Built['loopModes'][number];
/** A solver option by its setSolver key ('maxIterations', 'tolerance', …). */
export type OptionKey = keyof Built['options'];
export type FloatSlot = keyof Built['exchange']['floats'];
export type BufferSlot = keyof Built['exchange']['buffers'];

type OptionValue<Type> = Type extends 'boolean' ? boolean : Type extends 'vec3' ? ArrayLike<number> : number;
/** Solver settings by key; any left out keeps the core's default. */
export type SolverOptions = { [K in OptionKey]?: OptionValue<Built['options'][K]['type']> };

export interface SolverContract {
  readonly name: SolverName;
  /** Takes orientation goals. */
  readonly orientation: boolean;
  /** Takes poles. */
  readonly poles: boolean;
  /** Poses with goals of its own shape (two-bone: a limb's lower bone; look-at: the aiming bone), not any goal set. */
  readonly ownGoals: boolean;
  /** Can move the root offset too (Rig.setMoveRoot): whole-body posing. */
  readonly rootTranslation: boolean;
  /** The options it reads. */
  readonly settings: readonly OptionKey[];
}

/** Valid values: min < value < max, each bound included when its flag says so; max is Infinity when unbounded. */
export interface NumericOption {
  readonly type: 'integer' | 'number';
  readonly default: number;
  readonly min: number;
  readonly minInclusive: boolean;
  readonly max: number;
  readonly maxInclusive: boolean;
}
export type OptionContract =
  | NumericOption
  | { readonly type: 'boolean'; readonly default: boolean }
  | { readonly type: 'vec3'; readonly default: readonly [number, number, number] };

/** A buffer slot: the record holds its byte offset at uint32 2·index after the floats, its length in elements at 2·index + 1. */
export interface BufferSlotLayout {
  readonly index: number;
  /** The typed array it is read as. */
  readonly type: 'float32' | 'uint16';
}

export interface ExchangeLayout {
  /** Float indices; `target` (in), `rootOffset` (out) and `pole` (in) take three each. */
  readonly floats: Readonly<Record<FloatSlot, number>>;
  readonly floatCount: number;
  /** Every buffer the page reads, by name (one table in the core: wasm/bindings/exchange_record.h). */
  readonly buffers: Readonly<Record<BufferSlot, BufferSlotLayout>>;
  /** Buffer slots (the record holds two uint32 per slot). */
  readonly bufferCount: number;
  readonly bufferByteOffset: number;
}

/** The goals buffer's record: the core's Goal, `floats` floats each, its target (3 floats, model space) at float `target`. */
export interface GoalRecordLayout {
  readonly floats: number;
  readonly target: number;
}

export interface KinContract {
  readonly solvers: readonly SolverContract[];
  readonly options: Readonly<Record<OptionKey, OptionContract>>;
  readonly solveStatus: readonly SolveStatus[];
  readonly skinningMethods: readonly SkinningMethod[];
  readonly mirrorModes: readonly MirrorMode[];
  readonly interpolations: readonly Interpolation[];
  readonly channelTargets: readonly ChannelTarget[];
  /** Numbers per key value, by channel target code. */
  readonly channelValueSizes: readonly number[];
  readonly loopModes: readonly LoopMode[];
  /** The most samples one Rig.sampleChannel call takes. */
  readonly maxChannelSamples: number;
  /** The most bones a rig takes. */
  readonly maxBones: number;
  /** The most goals one Rig.setGoals call takes. */
  readonly maxGoals: number;
  /** Metres from the origin for any position the Rig takes (rest translations, tips, targets, poles, root offsets). */
  readonly maxCoordinate: number;
  /** Kochanek–Bartels tension, continuity and bias lie within ± this. */
  readonly tcbLimit: number;
  readonly exchange: ExchangeLayout;
  readonly goalRecord: GoalRecordLayout;
}

type Json = Record<string, unknown>;

function fail(what: string): never {
  throw new Error(`Rig: module contract: ${what}`);
}

function object(value: unknown, what: string): Json {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) fail(`${what} is not an object`);
  return value as Json;
}

function array(value: unknown, what: string): unknown[] {
  if (!Array.isArray(value)) fail(`${what} is not an array`);
  return value;
}

function boolean(value: unknown, what: string): boolean {
  if (typeof value !== 'boolean') fail(`${what} is not a boolean`);
  return value;
}

function names(value: unknown, what: string): string[] {
  const list = array(value, what);
  if (list.length === 0) fail(`${what} is empty`);
  list.forEach((name, i) => {
    if (typeof name !== 'string' || name === '') fail(`${what}[${i}] is not a name`);
  });
  if (new Set(list).size !== list.length) fail(`${what} repeats a name`);
  return list as string[];
}

/** Buffer slots by name, each an index in [0, count) and a typed-array type; every name `required` must be there. */
function bufferSlots(value: unknown, count: number, required: readonly string[], what: string): Record<string, BufferSlotLayout> {
  const slot = object(value, what);
  for (const name of required) if (!(name in slot)) fail(`${what} has no slot '${name}'`);
  const out: Record<string, BufferSlotLayout> = {};
  for (const [name, raw] of Object.entries(slot)) {
    const s = object(raw, `${what}.${name}`);
    if (!Number.isInteger(s.index) || (s.index as number) < 0 || (s.index as number) >= count) fail(`${what}.${name}.index is not an index below ${count}`);
    if (s.type !== 'float32' && s.type !== 'uint16') fail(`${what}.${name}.type '${String(s.type)}' is not float32 or uint16`);
    out[name] = { index: s.index as number, type: s.type };
  }
  return out;
}

/** Integer indices in [0, count) by name; every name `required` must be there. */
function slots(value: unknown, count: number, required: readonly string[], what: string): Record<string, number> {
  const slot = object(value, what);
  for (const name of required) if (!(name in slot)) fail(`${what} has no slot '${name}'`);
  for (const [name, index] of Object.entries(slot)) {
    if (!Number.isInteger(index) || (index as number) < 0 || (index as number) >= count) fail(`${what}.${name} is not an index below ${count}`);
  }
  return slot as Record<string, number>;
}

function option(value: unknown, what: string): OptionContract {
  const o = object(value, what);
  if (o.type === 'boolean') return { type: 'boolean', default: boolean(o.default, `${what}.default`) };
  if (o.type === 'vec3') {
    const v = array(o.default, `${what}.default`);
    if (v.length !== 3 || !v.every(Number.isFinite)) fail(`${what}.default is not 3 finite numbers`);
    return { type: 'vec3', default: [v[0], v[1], v[2]] as [number, number, number] };
  }
  if (o.type !== 'integer' && o.type !== 'number') fail(`${what}.type '${String(o.type)}' is not integer, number, boolean or vec3`);
  const max = o.max ?? Infinity;
  if (!Number.isFinite(o.min) || (max !== Infinity && !Number.isFinite(max))) fail(`${what} has no finite range`);
  const numeric: NumericOption = {
    type: o.type,
    default: o.default as number,
    min: o.min as number,
    minInclusive: boolean(o.minInclusive, `${what}.minInclusive`),
    max: max as number,
    maxInclusive: o.max === undefined ? false : boolean(o.maxInclusive, `${what}.maxInclusive`),
  };
  if (!inRange(numeric, numeric.default)) fail(`${what}.default ${String(o.default)} is outside its range`);
  return numeric;
}

/** Whether `value` is a valid setting for the numeric option. */
export function inRange(option: NumericOption, value: number): boolean {
  if (!Number.isFinite(value) || (option.type === 'integer' && !Number.isInteger(value))) return false;
  const above = option.minInclusive ? value >= option.min : value > option.min;
  const below = option.maxInclusive ? value <= option.max : value < option.max;
  return above && below;
}

/** Checks a contract as the module gives it (plain JSON) and types it; throws Error('Rig: module contract: …'). */
export function checkContract(raw: unknown): KinContract {
  const c = object(raw, 'the contract');
  const rawOptions = object(c.options, 'options');
  const options: Record<string, OptionContract> = {};
  for (const [key, value] of Object.entries(rawOptions)) options[key] = option(value, `options.${key}`);
  const solverList = array(c.solvers, 'solvers');
  names(solverList.map((s, i) => object(s, `solvers[${i}]`).name), 'solver names');
  const solvers = solverList.map((value): SolverContract => {
    const s = value as Json;
    const where = `solver '${String(s.name)}'`;
    const settings = array(s.settings, `${where}.settings`);
    settings.forEach((key) => {
      if (typeof key !== 'string' || !(key in options)) fail(`${where} reads '${String(key)}', which is not an option`);
    });
    return {
      name: s.name as SolverName,
      orientation: boolean(s.orientation, `${where}.orientation`),
      poles: boolean(s.poles, `${where}.poles`),
      ownGoals: boolean(s.ownGoals, `${where}.ownGoals`),
      rootTranslation: boolean(s.rootTranslation, `${where}.rootTranslation`),
      settings: settings as OptionKey[],
    };
  });
  const solveStatus = names(c.solveStatus, 'solveStatus');
  if (!solveStatus.includes('invalid-input')) fail("solveStatus has no 'invalid-input'");
  const e = object(c.exchange, 'exchange');
  const floatCount = e.floatCount as number;
  const bufferCount = e.bufferCount as number;
  if (!Number.isInteger(floatCount) || !Number.isInteger(bufferCount) || !Number.isInteger(e.bufferByteOffset)) {
    fail('exchange counts are not integers');
  }
  const floats = slots(e.floats, floatCount, Object.keys(BUILT_CONTRACT.exchange.floats), 'exchange.floats');
  const channelTargets = names(c.channelTargets, 'channelTargets');
  const sizes = array(c.channelValueSizes, 'channelValueSizes');
  if (sizes.length !== channelTargets.length || !sizes.every((n) => Number.isInteger(n) && (n as number) >= 1 && (n as number) <= 4)) {
    fail('channelValueSizes is not one size in 1..4 per channel target');
  }
  if (!Number.isInteger(c.maxChannelSamples) || (c.maxChannelSamples as number) < 2) fail('maxChannelSamples is not an integer ≥ 2');
  if (!Number.isInteger(c.maxBones) || (c.maxBones as number) < 1) fail('maxBones is not an integer ≥ 1');
  if (!Number.isInteger(c.maxGoals) || (c.maxGoals as number) < 1) fail('maxGoals is not an integer ≥ 1');
  if (typeof c.maxCoordinate !== 'number' || !(c.maxCoordinate > 0) || !Number.isFinite(c.maxCoordinate)) {
    fail('maxCoordinate is not a finite number > 0');
  }
  if (typeof c.tcbLimit !== 'number' || !(c.tcbLimit > 0) || !Number.isFinite(c.tcbLimit)) fail('tcbLimit is not a finite number > 0');
  for (const name of ['target', 'rootOffset', 'pole']) {
    if (floats[name] + 3 > floatCount) fail(`exchange.floats.${name} does not leave room for 3 floats`);
  }
  if ((e.bufferByteOffset as number) < 4 * floatCount) fail('exchange.bufferByteOffset overlaps the floats');
  const g = object(c.goalRecord, 'goalRecord');
  if (!Number.isInteger(g.floats) || !Number.isInteger(g.target) || (g.target as number) < 0 || (g.target as number) + 3 > (g.floats as number)) {
    fail('goalRecord is not a record of whole floats holding a 3-float target');
  }
  return {
    solvers,
    options: options as Record<OptionKey, OptionContract>,
    solveStatus: solveStatus as SolveStatus[],
    skinningMethods: names(c.skinningMethods, 'skinningMethods') as SkinningMethod[],
    mirrorModes: names(c.mirrorModes, 'mirrorModes') as MirrorMode[],
    interpolations: names(c.interpolations, 'interpolations') as Interpolation[],
    channelTargets: channelTargets as ChannelTarget[],
    channelValueSizes: sizes as number[],
    loopModes: names(c.loopModes, 'loopModes') as LoopMode[],
    maxChannelSamples: c.maxChannelSamples as number,
    maxBones: c.maxBones as number,
    maxGoals: c.maxGoals as number,
    maxCoordinate: c.maxCoordinate as number,
    tcbLimit: c.tcbLimit as number,
    exchange: {
      floats: floats as Record<FloatSlot, number>,
      floatCount,
      buffers: bufferSlots(e.buffers, bufferCount, Object.keys(BUILT_CONTRACT.exchange.buffers), 'exchange.buffers') as Record<BufferSlot, BufferSlotLayout>,
      bufferCount,
      bufferByteOffset: e.bufferByteOffset as number,
    },
    goalRecord: { floats: g.floats as number, target: g.target as number },
  };
}

const read = new WeakMap<KinModule, KinContract>();

/** The module's contract, read and checked once per module; throws Error('Rig: module contract: …'). */
export function readContract(module: KinModule): KinContract {
  let contract = read.get(module);
  if (!contract) {
    contract = checkContract(module.contract());
    read.set(module, contract);
  }
  return contract;
}

/** The contract of the module the page is built with. */
export const builtContract: KinContract = checkContract(BUILT_CONTRACT);

/** The solvers' names in kin::SolverKind order (a solver's index is its share-link code). */
export function solverNames(contract: KinContract): readonly SolverName[] {
  return contract.solvers.map((s) => s.name);
}

/** Every option at its default: what a solver uses for a setting left out. */
export function defaultOptions(contract: KinContract): Required<SolverOptions> {
  const defaults: Record<string, unknown> = {};
  for (const [key, o] of Object.entries(contract.options)) defaults[key] = o.default;
  return defaults as Required<SolverOptions>;
}
