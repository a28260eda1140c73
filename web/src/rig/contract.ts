// The contract between this TypeScript and the core, declared once in the
// core and read from the module (wasm/bindings/contract_bindings.cpp, contract()): the
// solvers in kin::SolverKind order with what they take and which options
// they read, every option's default and range by its setSolver key, the
// names of the solve statuses, skinning methods, mirror modes, clip
// interpolations, channel targets (with their value sizes) and loop modes in
// the order of their codes, the exchange record's layout and the fields of
// the shapes the core parses.
//
// Nothing here restates its shape: KinContract is the type of the built
// module's (web/src/wasm/generated/contract.ts, which the build writes from
// the module), and checkContract checks a loaded module's against that same
// built contract field by field, adding only what JSON types cannot say
// (indices in range, names unique, defaults within their ranges).
//
// - readContract(module) reads a loaded module's, checks it and keeps it for
//   that module: the Rig works from it.
// - builtContract is the contract of the module the page is built with: it
//   gives this file's name types, and the names to code that needs them
//   before a module is loaded (tests/web/contract.test.ts checks that it is
//   the loaded module's).
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

/**
 * A value of the built contract's type with its numbers and flags widened
 * (a module's may differ) and everything read-only; names stay the built
 * module's. Not distributive (keys through Extract, not keyof alone): the
 * solvers' entries merge into one type.
 */
type Widened<T> = [T] extends [number]
  ? number
  : [T] extends [boolean]
    ? boolean
    : [T] extends [string]
      ? T
      : [T] extends [readonly unknown[]]
        ? readonly Widened<T[number]>[]
        : { readonly [K in Extract<keyof T, string>]: Widened<T[K]> };

/**
 * The contract, typed from the built module's (generated/contract.ts) but
 * for its options, which checkContract gives in one form: a numeric one's
 * max is Infinity when the core gives none. Buffer slots: the record holds
 * a slot's byte offset at uint32 2·index after the floats, its length in
 * elements at 2·index + 1; goalRecord: the core's Goal, `floats` floats
 * each, its target (3 floats, model space) at float `target`.
 */
export type KinContract = Omit<Widened<Built>, 'options'> & {
  readonly options: Readonly<Record<OptionKey, OptionContract>>;
};
export type SolverContract = KinContract['solvers'][number];
export type ExchangeLayout = KinContract['exchange'];

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

/**
 * Checks that `raw` is like the built contract's `built` at the same place:
 * the same JSON type; an object with every key the built one has (a module
 * may give more); an array whose entries are each like the built one's first.
 * The built contract's shape is the validator's expectation, so nothing
 * here restates it. `what` is the path from the top ('' there).
 */
function like(raw: unknown, built: unknown, what: string): void {
  if (Array.isArray(built)) {
    const list = array(raw, what);
    if (built.length > 0) list.forEach((v, i) => like(v, built[0], `${what}[${i}]`));
    return;
  }
  if (typeof built === 'object' && built !== null) {
    const o = object(raw, what || 'the contract');
    for (const [key, value] of Object.entries(built)) {
      if (!(key in o)) fail(`${what || 'the contract'} has no '${key}'`);
      like(o[key], value, what ? `${what}.${key}` : key);
    }
    return;
  }
  if (typeof raw !== typeof built) fail(`${what} is not a ${typeof built}`);
}

/** Integers in [0, count): every slot index, say. */
function indexBelow(value: unknown, count: number, what: string): void {
  if (!Number.isInteger(value) || (value as number) < 0 || (value as number) >= count) fail(`${what} is not an index below ${count}`);
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
  like(raw, BUILT_CONTRACT, '');
  // Its JSON types are the built one's; what follows is what they cannot say.
  const c = raw as typeof BUILT_CONTRACT & Json;
  const options: Record<string, OptionContract> = {};
  for (const [key, value] of Object.entries(c.options)) options[key] = option(value, `options.${key}`);
  names(c.solvers.map((s) => s.name), 'solver names');
  for (const s of c.solvers) {
    for (const key of s.settings as readonly string[]) {
      if (!(key in options)) fail(`solver '${s.name}' reads '${key}', which is not an option`);
    }
  }
  const solveStatus = names(c.solveStatus, 'solveStatus');
  if (!solveStatus.includes('invalid-input')) fail("solveStatus has no 'invalid-input'");
  for (const list of ['skinningMethods', 'mirrorModes', 'interpolations', 'loopModes'] as const) names(c[list], list);
  const e = c.exchange;
  const { floatCount, bufferCount } = e;
  if (!Number.isInteger(floatCount) || !Number.isInteger(bufferCount) || !Number.isInteger(e.bufferByteOffset)) {
    fail('exchange counts are not integers');
  }
  for (const [name, index] of Object.entries(e.floats)) indexBelow(index, floatCount, `exchange.floats.${name}`);
  for (const [name, slot] of Object.entries(e.buffers)) {
    indexBelow(slot.index, bufferCount, `exchange.buffers.${name}.index`);
    const type: string = slot.type;
    if (type !== 'float32' && type !== 'uint16') fail(`exchange.buffers.${name}.type '${type}' is not float32 or uint16`);
  }
  const channelTargets = names(c.channelTargets, 'channelTargets');
  const sizes = c.channelValueSizes as readonly number[];
  if (sizes.length !== channelTargets.length || !sizes.every((n) => Number.isInteger(n) && n >= 1 && n <= 4)) {
    fail('channelValueSizes is not one size in 1..4 per channel target');
  }
  if (!Number.isInteger(c.maxChannelSamples) || c.maxChannelSamples < 2) fail('maxChannelSamples is not an integer ≥ 2');
  if (!Number.isInteger(c.maxBones) || c.maxBones < 1) fail('maxBones is not an integer ≥ 1');
  if (!Number.isInteger(c.maxBoneNameBytes) || c.maxBoneNameBytes < 1) fail('maxBoneNameBytes is not an integer ≥ 1');
  if (!Number.isInteger(c.maxGoals) || c.maxGoals < 1) fail('maxGoals is not an integer ≥ 1');
  if (!(c.maxCoordinate > 0) || !Number.isFinite(c.maxCoordinate)) fail('maxCoordinate is not a finite number > 0');
  if (!(c.tcbLimit > 0) || !Number.isFinite(c.tcbLimit)) fail('tcbLimit is not a finite number > 0');
  for (const name of ['target', 'rootOffset', 'pole'] as const) {
    if (e.floats[name] + 3 > floatCount) fail(`exchange.floats.${name} does not leave room for 3 floats`);
  }
  if (e.bufferByteOffset < 4 * floatCount) fail('exchange.bufferByteOffset overlaps the floats');
  const g = c.goalRecord;
  if (!Number.isInteger(g.floats) || !Number.isInteger(g.target) || g.target < 0 || g.target + 3 > g.floats) {
    fail('goalRecord is not a record of whole floats holding a 3-float target');
  }
  return { ...(c as unknown as KinContract), options: options as Record<OptionKey, OptionContract> };
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
