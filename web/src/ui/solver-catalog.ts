// What the solver panel shows: each solver's label and one-line summary,
// and how each setting reads on the page (its label and tooltip). Which
// settings a solver reads, their defaults and their ranges are the core's
// (the module's contract, rig/contract.ts): this file only words them.
import { type NumericOption, type OptionKey, builtContract } from '../rig/contract.js';
import type { SolverName } from '../rig/rig.js';

/** The solver options a user can edit on the page (look-at's axes come from its goal layout). */
export type SettingKey = 'maxIterations' | 'tolerance' | 'damping' | 'maxEscapes' | 'step' | 'lineSearch' | 'soften' | 'stretch';
const EDITABLE: readonly OptionKey[] = ['maxIterations', 'tolerance', 'damping', 'maxEscapes', 'step', 'lineSearch', 'soften', 'stretch'];

export interface SolverInfo {
  label: string;
  summary: string;
  /** The settings it reads that the page edits (the core's list). */
  settings: readonly SettingKey[];
}

export interface SettingField {
  label: string;
  /** What the setting does, for the input's tooltip. */
  title: string;
  kind: 'integer' | 'number' | 'boolean';
  /** The core's default. */
  default: number | boolean;
  /** The core's range (numbers only). */
  range?: NumericOption;
}

const SETTING_WORDS: Readonly<Record<SettingKey, { label: string; title: string }>> = {
  maxIterations: { label: 'iterations', title: 'Most iterations per solve' },
  tolerance: { label: 'tolerance', title: 'Converged once every goal is this close to its target (metres)' },
  damping: { label: 'damping τ', title: 'Initial damping μ₀ = τ · max diag(J K⁻¹ Jᵀ)' },
  maxEscapes: { label: 'escapes', title: 'Nudges out of limit traps and saddles' },
  step: { label: 'step', title: 'Fixed step length, or the first one tried by the line search' },
  lineSearch: { label: 'line search', title: 'Backtrack until the energy decreases' },
  soften: { label: 'soften', title: 'Start easing the reach at this fraction of the limb length (0 = off)' },
  stretch: { label: 'stretch to far targets', title: 'A target out of reach: first stretch the chain straight toward it, and stop at the closest any pose gets' },
};

function settingField(key: SettingKey): SettingField {
  const option = builtContract.options[key];
  if (option.type === 'vec3') throw new Error(`solver catalog: ${key} is not a number or a flag`);
  return option.type === 'boolean' ? { ...SETTING_WORDS[key], kind: 'boolean', default: option.default } : { ...SETTING_WORDS[key], kind: option.type, default: option.default, range: option };
}

export const SETTING_FIELDS: Readonly<Record<SettingKey, SettingField>> = Object.fromEntries(
  (Object.keys(SETTING_WORDS) as SettingKey[]).map((key) => [key, settingField(key)]),
) as Record<SettingKey, SettingField>;

const WORDS: Readonly<Record<SolverName, { label: string; summary: string }>> = {
  dls: { label: 'Damped least squares', summary: 'Levenberg–Marquardt steps over all goals at once; respects the joint limits.' },
  'gauss-newton': { label: 'Gauss–Newton', summary: 'Undamped pseudo-inverse steps, optionally with a backtracking line search.' },
  'jacobian-transpose': { label: 'Jacobian transpose', summary: 'Steps along Jᵀe with the step length that is optimal to first order.' },
  'gradient-descent': { label: 'Gradient descent', summary: 'Steps down the energy gradient: a fixed step, or backtracking from it.' },
  'projected-gradient': { label: 'Projected gradient', summary: 'Gradient descent whose steps are projected back onto the joint limits.' },
  ccd: { label: 'CCD', summary: 'Cyclic coordinate descent: turns one joint at a time toward the targets.' },
  fabrik: { label: 'FABRIK', summary: 'Forward and backward reaching, several effectors at once; each bone turns within its joint limits in both passes.' },
  'two-bone': { label: 'Two-bone (analytic)', summary: 'Law of cosines per limb: the handles move wrists and ankles; elbows point back, knees forward.' },
  'look-at': { label: 'Look-at', summary: 'Turns the head so that its forward axis points at the handle, keeping it upright.' },
};

export const SOLVER_INFO = Object.fromEntries(
  builtContract.solvers.map((solver): [SolverName, SolverInfo] => [
    solver.name,
    { ...WORDS[solver.name], settings: solver.settings.filter((key): key is SettingKey => EDITABLE.includes(key)) },
  ]),
) as unknown as Readonly<Record<SolverName, SolverInfo>>;
