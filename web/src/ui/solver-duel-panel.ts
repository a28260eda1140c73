// The controls of a two-solver comparison (lessons): the target, DLS's λ,
// Run both, which result the arm shows, a table of each solver's
// iterations, final error, status and time, and both energy curves on one
// plot. Plain DOM; the controller (app/lessons/solver-duel.ts) fills it.
import { type LessonOption, fillLessonRows, lessonChoice, lessonRow, lessonTable } from './lesson-controls.js';
import { StepPlot } from './step-plot.js';
import { toolButton } from './tool-controls.js';

export interface DuelPanelActions {
  chooseTarget(id: string): void;
  chooseDamping(value: number): void;
  run(): void;
  show(id: string): void;
}

export interface DuelRow {
  label: string;
  color: string;
  iterations: number;
  error_m: number;
  status: string;
  time_us: number;
}

export class SolverDuelPanel {
  readonly plot: StepPlot;
  private readonly body: HTMLTableSectionElement;
  private readonly targetSelect: HTMLSelectElement;
  private readonly dampingSelect: HTMLSelectElement;
  private readonly shownSelect: HTMLSelectElement;

  constructor(parent: HTMLElement, targets: readonly LessonOption[], dampings: readonly number[], initialDamping: number, results: readonly LessonOption[], actions: DuelPanelActions) {
    const target = lessonChoice('duel-target', 'Target ', targets, targets[0].id, actions.chooseTarget);
    const damping = lessonChoice('duel-damping', 'DLS λ ', dampings.map((d) => ({ id: String(d), label: String(d) })), String(initialDamping), (value) => actions.chooseDamping(Number(value)));
    const shown = lessonChoice('duel-shown', 'Arm shows ', results, results[0].id, actions.show);
    this.targetSelect = target.select;
    this.dampingSelect = damping.select;
    this.shownSelect = shown.select;
    const run = toolButton('lesson-duel-run', 'Run both solvers from the start pose to the target', 'Run both');
    run.addEventListener('click', actions.run);
    const { table, body } = lessonTable('lesson-duel', ['Solver', 'It.', 'Error', 'Status', 'Time']);
    this.body = body;
    this.plot = new StepPlot(document.createElement('div'), 'Energy per iteration of both solvers, log scale');
    parent.append(lessonRow(target.label), lessonRow(damping.label, run), lessonRow(shown.label), table, this.plot.canvas);
  }

  /** Shows the choices as made (a share link's). */
  showChoices(target: string, damping: number, shown: string): void {
    this.targetSelect.value = target;
    this.dampingSelect.value = String(damping);
    this.shownSelect.value = shown;
  }

  showRows(rows: readonly DuelRow[]): void {
    fillLessonRows(
      this.body,
      rows.map((r) => ({ color: r.color, cells: [r.label, String(r.iterations), `${(1000 * r.error_m).toFixed(2)} mm`, r.status, `${r.time_us.toFixed(0)} µs`] })),
    );
  }
}
