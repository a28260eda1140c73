// The controls of a solver step-through (lessons): the method and the
// target, Step / Back / Run to end / Restart, auto-step at a chosen speed,
// the shown iteration's numbers, a plot of E (solid) and the accepted step
// (dashed) per iteration, and per degree of freedom its analytic Jacobian
// column beside the finite-difference one, their difference and the
// gradient. Plain DOM; the controller (app/lessons/step-through.ts) fills it.
import { type LessonOption, fillLessonRows, lessonChoice, lessonRow, lessonTable } from './lesson-controls.js';
import { StepPlot } from './step-plot.js';
import { toolButton } from './tool-controls.js';

export interface StepPanelActions {
  chooseMethod(id: string): void;
  chooseTarget(id: string): void;
  step(): void;
  back(): void;
  runToEnd(): void;
  restart(): void;
  /** Steps per second, 0: auto-step off. */
  autoStep(rate: number): void;
}

export interface StepRow {
  dof: string;
  analytic: number;
  finite: number;
  difference: number;
  gradient: number;
}

/** The Jacobian table's columns: short headings (the panel is narrow) and what they mean. */
const COLUMNS = [
  { text: 'Joint', title: 'the joint and the axis it turns about' },
  { text: '|J|', title: 'length of the analytic column a × (x − o)' },
  { text: '|J| fd', title: 'length of the finite-difference column' },
  { text: '|Δ|', title: 'length of their difference' },
  { text: 'g', title: 'gradient Jᵀr' },
];

const format = (value: number, digits = 3): string => (Number.isFinite(value) ? (Math.abs(value) < 1e-3 && value !== 0 ? value.toExponential(2) : value.toFixed(digits)) : '–');

export class StepThroughPanel {
  readonly plot: StepPlot;
  private readonly summary = document.createElement('p');
  private readonly note = document.createElement('p');
  private readonly body: HTMLTableSectionElement;
  private readonly stepButton: HTMLButtonElement;
  private readonly backButton: HTMLButtonElement;
  private readonly methodSelect: HTMLSelectElement;
  private readonly targetSelect: HTMLSelectElement;

  constructor(parent: HTMLElement, methods: readonly LessonOption[], firstMethod: string, targets: readonly LessonOption[], actions: StepPanelActions) {
    const button = (action: string, title: string, text: string, onClick: () => void): HTMLButtonElement => {
      const b = toolButton(action, title, text);
      b.addEventListener('click', onClick);
      return b;
    };
    this.stepButton = button('lesson-step', 'One iteration of the solver', 'Step', actions.step);
    this.backButton = button('lesson-back', 'Back one iteration', 'Back', actions.back);
    const rates = [
      { id: '0', label: 'off' },
      { id: '1', label: '1 / s' },
      { id: '3', label: '3 / s' },
      { id: '10', label: '10 / s' },
    ];
    const speed = lessonChoice('auto-step', 'Auto', rates, '0', (rate) => actions.autoStep(Number(rate)));
    const method = lessonChoice('step-method', 'Method ', methods, firstMethod, actions.chooseMethod);
    const target = lessonChoice('step-target', 'Target ', targets, targets[0].id, actions.chooseTarget);
    this.methodSelect = method.select;
    this.targetSelect = target.select;
    this.summary.className = 'lesson-step-summary';
    this.summary.setAttribute('aria-live', 'polite');
    this.note.className = 'lesson-tool-note';
    this.plot = new StepPlot(document.createElement('div'), 'Energy (solid) and step size (dashed) per iteration, log scale');
    const { table, body } = lessonTable('lesson-jacobian', COLUMNS, COLUMNS.slice(1).map(({ text, title }) => `${text}: ${title}`).join('; '));
    this.body = body;
    parent.append(
      lessonRow(method.label),
      lessonRow(target.label),
      lessonRow(this.stepButton, this.backButton, button('lesson-run', 'Show the last iteration', 'Run to end', actions.runToEnd), button('lesson-restart', 'Back to the start pose', 'Restart', actions.restart), speed.label),
      this.summary,
      this.note,
      this.plot.canvas,
      table,
    );
  }

  /** Shows `method` and `target` as chosen (a share link's). */
  showChoices(method: string, target: string): void {
    this.methodSelect.value = method;
    this.targetSelect.value = target;
  }

  /** The shown iteration's line; the buttons follow where it is. */
  showIteration(text: string, atStart: boolean, atEnd: boolean): void {
    this.summary.textContent = text;
    this.stepButton.disabled = atEnd;
    this.backButton.disabled = atStart;
  }

  /** A warning under the numbers (empty: none). */
  showNote(text: string): void {
    this.note.textContent = text;
  }

  showRows(rows: readonly StepRow[]): void {
    fillLessonRows(
      this.body,
      rows.map((r) => ({ cells: [r.dof, format(r.analytic), format(r.finite), format(r.difference), format(r.gradient)] })),
    );
  }
}
