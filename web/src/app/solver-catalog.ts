// What the solver panel offers: each solver's label and one-line summary,
// which settings it reads, and how each setting is edited. Data only; the
// panel turns it into inputs.
import type { SolverName, SolverOptions } from '../rig/rig.js';

/** The solver options a user can edit on the page (look-at's axes come from its goal layout). */
export type SettingKey = 'maxIterations' | 'tolerance' | 'damping' | 'maxEscapes' | 'step' | 'lineSearch' | 'soften';
export type Settings = Required<Pick<SolverOptions, SettingKey>>;

export interface SolverInfo {
  label: string;
  summary: string;
  settings: readonly SettingKey[];
}

export interface SettingField {
  label: string;
  /** What the setting does, for the input's tooltip. */
  title: string;
  kind: 'integer' | 'number' | 'boolean';
  min?: number;
  max?: number;
}

// The core's IkOptions defaults (wasm/include/kin/ik/ik_job.h): what a solver
// uses for a setting the page leaves out.
export const DEFAULT_SETTINGS: Readonly<Settings> = {
  maxIterations: 64,
  tolerance: 1e-5,
  damping: 1e-3,
  maxEscapes: 3,
  step: 0.5,
  lineSearch: true,
  soften: 0,
};

export const SETTING_FIELDS: Readonly<Record<SettingKey, SettingField>> = {
  // The Rig keeps energy for at most 1000 iterations (kMaxSolveIterations).
  maxIterations: { label: 'iterations', title: 'Most iterations per solve', kind: 'integer', min: 1, max: 1000 },
  tolerance: { label: 'tolerance', title: 'Converged once every goal is this close to its target (metres)', kind: 'number', min: 0 },
  damping: { label: 'damping τ', title: 'Initial damping μ₀ = τ · max diag(J K⁻¹ Jᵀ)', kind: 'number', min: 0 },
  maxEscapes: { label: 'escapes', title: 'Nudges out of limit traps and saddles', kind: 'integer', min: 0, max: 100 },
  step: { label: 'step', title: 'Fixed step length, or the first one tried by the line search', kind: 'number', min: 0 },
  lineSearch: { label: 'line search', title: 'Backtrack until the energy decreases', kind: 'boolean' },
  soften: { label: 'soften', title: 'Start easing the reach at this fraction of the limb length (0 = off)', kind: 'number', min: 0, max: 0.99 },
};

const ITERATIVE: readonly SettingKey[] = ['maxIterations', 'tolerance'];

export const SOLVER_INFO: Readonly<Record<SolverName, SolverInfo>> = {
  dls: {
    label: 'Damped least squares',
    summary: 'Levenberg–Marquardt steps over all goals at once; respects the joint limits.',
    settings: [...ITERATIVE, 'damping', 'maxEscapes'],
  },
  'gauss-newton': {
    label: 'Gauss–Newton',
    summary: 'Undamped pseudo-inverse steps, optionally with a backtracking line search.',
    settings: [...ITERATIVE, 'lineSearch'],
  },
  'jacobian-transpose': {
    label: 'Jacobian transpose',
    summary: 'Steps along Jᵀe with the step length that is optimal to first order.',
    settings: ITERATIVE,
  },
  'gradient-descent': {
    label: 'Gradient descent',
    summary: 'Steps down the energy gradient: a fixed step, or backtracking from it.',
    settings: [...ITERATIVE, 'step', 'lineSearch'],
  },
  'projected-gradient': {
    label: 'Projected gradient',
    summary: 'Gradient descent whose steps are projected back onto the joint limits.',
    settings: [...ITERATIVE, 'step', 'lineSearch'],
  },
  ccd: {
    label: 'CCD',
    summary: 'Cyclic coordinate descent: turns one joint at a time toward the targets.',
    settings: ITERATIVE,
  },
  fabrik: {
    label: 'FABRIK',
    summary: 'Forward and backward reaching, several effectors at once; each bone turns within its joint limits in both passes.',
    settings: ITERATIVE,
  },
  'two-bone': {
    label: 'Two-bone (analytic)',
    summary: 'Law of cosines per limb: the handles move wrists and ankles; elbows point back, knees forward.',
    settings: ['tolerance', 'soften'],
  },
  'look-at': {
    label: 'Look-at',
    summary: 'Turns the head so that its forward axis (+Z) points at the handle, keeping it upright.',
    settings: ['tolerance'],
  },
};
