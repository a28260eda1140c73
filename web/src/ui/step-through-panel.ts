// The controls of a solver step-through (lessons): the method and the
// target, Step / Back / Run to end / Restart, auto-step at a chosen speed,
// the shown iteration's numbers, a plot of E (solid) and the accepted step
// (dashed) per iteration, and per degree of freedom its analytic Jacobian
// column beside the finite-difference one, their difference and the
// gradient. Plain DOM; the controller (app/lessons/step-through.ts) fills it.
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

function select(name: string, label: string, options: readonly { id: string; label: string }[], onChange: (id: string) => void, value = options[0].id): HTMLLabelElement {
  const wrapper = document.createElement('label');
  wrapper.textContent = label;
  const element = document.createElement('select');
  element.className = 'tool-select';
  element.name = name;
  for (const option of options) element.append(new Option(option.label, option.id));
  element.value = value;
  element.addEventListener('change', () => onChange(element.value));
  wrapper.append(element);
  return wrapper;
}

function row(...children: HTMLElement[]): HTMLDivElement {
  const div = document.createElement('div');
  div.className = 'lesson-tool-row';
  div.append(...children);
  return div;
}

/** The Jacobian table's columns: short headings (the panel is narrow) and what they mean. */
const COLUMNS = [
  ['Joint', 'the joint and the axis it turns about'],
  ['|J|', 'length of the analytic column a × (x − o)'],
  ['|J| fd', 'length of the finite-difference column'],
  ['|Δ|', 'length of their difference'],
  ['g', 'gradient Jᵀr'],
] as const;

const format = (value: number, digits = 3): string => (Number.isFinite(value) ? (Math.abs(value) < 1e-3 && value !== 0 ? value.toExponential(2) : value.toFixed(digits)) : '–');

export class StepThroughPanel {
  readonly plot: StepPlot;
  private readonly summary = document.createElement('p');
  private readonly note = document.createElement('p');
  private readonly body = document.createElement('tbody');
  private readonly stepButton: HTMLButtonElement;
  private readonly backButton: HTMLButtonElement;

  constructor(
    parent: HTMLElement,
    methods: readonly { id: string; label: string }[],
    firstMethod: string,
    targets: readonly { id: string; label: string }[],
    actions: StepPanelActions,
  ) {
    const button = (action: string, title: string, text: string, onClick: () => void): HTMLButtonElement => {
      const b = toolButton(action, title, text);
      b.addEventListener('click', onClick);
      return b;
    };
    this.stepButton = button('lesson-step', 'One iteration of the solver', 'Step', actions.step);
    this.backButton = button('lesson-back', 'Back one iteration', 'Back', actions.back);
    const speed = document.createElement('label');
    speed.textContent = 'Auto';
    const rate = document.createElement('select');
    rate.className = 'tool-select';
    rate.name = 'auto-step';
    for (const [value, text] of [['0', 'off'], ['1', '1 / s'], ['3', '3 / s'], ['10', '10 / s']]) rate.append(new Option(text, value));
    rate.addEventListener('change', () => actions.autoStep(Number(rate.value)));
    speed.append(rate);
    this.summary.className = 'lesson-step-summary';
    this.summary.setAttribute('aria-live', 'polite');
    this.note.className = 'lesson-tool-note';
    this.plot = new StepPlot(document.createElement('div'), 'Energy (solid) and step size (dashed) per iteration, log scale');
    const table = document.createElement('table');
    table.className = 'lesson-tool-table lesson-jacobian';
    const head = document.createElement('tr');
    for (const [text, title] of COLUMNS) {
      const th = document.createElement('th');
      th.textContent = text;
      th.title = title;
      th.setAttribute('abbr', title);
      head.append(th);
    }
    const key = document.createElement('caption');
    key.textContent = COLUMNS.slice(1).map(([text, title]) => `${text}: ${title}`).join('; ');
    const thead = document.createElement('thead');
    thead.append(head);
    table.append(key, thead, this.body);
    parent.append(
      row(select('step-method', 'Method ', methods, actions.chooseMethod, firstMethod)),
      row(select('step-target', 'Target ', targets, actions.chooseTarget)),
      row(this.stepButton, this.backButton, button('lesson-run', 'Show the last iteration', 'Run to end', actions.runToEnd), button('lesson-restart', 'Back to the start pose', 'Restart', actions.restart), speed),
      this.summary,
      this.note,
      this.plot.canvas,
      table,
    );
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
    this.body.replaceChildren(
      ...rows.map((r) => {
        const tr = document.createElement('tr');
        for (const text of [r.dof, format(r.analytic), format(r.finite), format(r.difference), format(r.gradient)]) {
          const td = document.createElement('td');
          td.textContent = text;
          tr.append(td);
        }
        return tr;
      }),
    );
  }
}
