// The solvers a step-through offers, as the handouts name them: each a
// solver of the core with the options that make it that method (gradient
// descent with a fixed step or a line search is one solver, two settings).
import type { SolverName, SolverOptions } from '../../rig/rig.js';

export interface StepMethod {
  id: string;
  label: string;
  solver: SolverName;
  options: SolverOptions;
}

/**
 * A short run: a student steps through it. Escapes and the stretch toward a
 * target out of reach are off, so every step is the method's own.
 */
const STEP_LIMITS: SolverOptions = { maxIterations: 60, maxEscapes: 0, stretch: false };

export const STEP_METHODS: readonly StepMethod[] = [
  { id: 'dls', label: 'Damped least squares (LM)', solver: 'dls', options: STEP_LIMITS },
  { id: 'gauss-newton', label: 'Gauss–Newton', solver: 'gauss-newton', options: { ...STEP_LIMITS, lineSearch: false } },
  { id: 'gd-fixed', label: 'Gradient descent, fixed step', solver: 'gradient-descent', options: { ...STEP_LIMITS, lineSearch: false, step: 0.5 } },
  { id: 'gd-line', label: 'Gradient descent, line search', solver: 'gradient-descent', options: { ...STEP_LIMITS, lineSearch: true } },
  { id: 'projected', label: 'Projected gradient (bounds)', solver: 'projected-gradient', options: STEP_LIMITS },
  { id: 'transpose', label: 'Jacobian transpose', solver: 'jacobian-transpose', options: STEP_LIMITS },
  { id: 'ccd', label: 'CCD', solver: 'ccd', options: STEP_LIMITS },
  { id: 'fabrik', label: 'FABRIK', solver: 'fabrik', options: STEP_LIMITS },
];

export function stepMethod(id: string): StepMethod {
  const method = STEP_METHODS.find((m) => m.id === id);
  if (method === undefined) throw new Error(`no step method ${JSON.stringify(id)}; the methods are ${STEP_METHODS.map((m) => m.id).join(', ')}`);
  return method;
}

/** The method a lesson's step-through starts with (DLS unless it says otherwise). */
export function firstStepMethod(lessonId: string): StepMethod {
  return lessonId === 'chain' ? stepMethod('ccd') : lessonId === 'reach' ? stepMethod('fabrik') : STEP_METHODS[0];
}
