// The inspector on the right of the editor: the selection first — the
// selected bone's sliders or the selected target's position and pins
// (bone-posing.ts and target-panel.ts fill that part), or a line saying how
// to select something —, then the solver (its picker, the settings it
// reads, its energy plot per iteration).
import type { SolverName, SolverOptions } from '../rig/rig.js';
import { EnergyPlot } from './energy-plot.js';
import { type BodyGoalSwitches, type SolveInBackground, SolverPanel } from './solver-panel.js';

export class Inspector {
  readonly solverPanel: SolverPanel;
  readonly energyPlot: EnergyPlot;
  /** Where the selected bone's and target's sections go. */
  readonly selection = document.createElement('div');
  private readonly hint = document.createElement('p');

  constructor(parent: HTMLElement, choose: (solver: SolverName, options: SolverOptions) => void, solveInBackground: SolveInBackground, bodyGoals: BodyGoalSwitches) {
    this.selection.className = 'inspector-selection';
    this.hint.className = 'inspector-hint';
    this.hint.textContent = 'Click a bone to turn it, or a handle to move its target.';
    this.selection.append(this.hint);
    parent.append(this.selection);
    this.solverPanel = new SolverPanel(parent, choose, true, solveInBackground, bodyGoals);
    this.energyPlot = new EnergyPlot(this.solverPanel.body);
  }

  /** Shows the hint while nothing is selected. */
  showHint(shown: boolean): void {
    if (this.hint.hidden === !shown) return;
    this.hint.hidden = !shown;
  }
}
