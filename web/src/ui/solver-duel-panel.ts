// The controls of a two-solver comparison (lessons): the target, DLS's λ,
// Run both, which result the arm shows, a table of each solver's
// iterations, final error, status and time, and both energy curves on one
// plot. Plain DOM; the controller (app/lessons/solver-duel.ts) fills it.
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

function labelled(text: string, control: HTMLElement): HTMLLabelElement {
  const label = document.createElement('label');
  label.textContent = text;
  label.append(control);
  return label;
}

function selectOf(name: string, options: readonly (readonly [string, string])[], onChange: (value: string) => void): HTMLSelectElement {
  const element = document.createElement('select');
  element.className = 'tool-select';
  element.name = name;
  for (const [value, text] of options) element.append(new Option(text, value));
  element.addEventListener('change', () => onChange(element.value));
  return element;
}

export class SolverDuelPanel {
  readonly plot: StepPlot;
  private readonly body = document.createElement('tbody');
  private readonly shownSelect: HTMLSelectElement;

  constructor(parent: HTMLElement, targets: readonly (readonly [string, string])[], dampings: readonly number[], initialDamping: number, results: readonly (readonly [string, string])[], actions: DuelPanelActions) {
    const row = (...children: HTMLElement[]): HTMLDivElement => {
      const div = document.createElement('div');
      div.className = 'lesson-tool-row';
      div.append(...children);
      return div;
    };
    const damping = selectOf('duel-damping', dampings.map((d) => [String(d), String(d)] as const), (value) => actions.chooseDamping(Number(value)));
    damping.value = String(initialDamping);
    const run = toolButton('lesson-duel-run', 'Run both solvers from the start pose to the target', 'Run both');
    run.addEventListener('click', actions.run);
    this.shownSelect = selectOf('duel-shown', results, actions.show);
    const table = document.createElement('table');
    table.className = 'lesson-tool-table lesson-duel';
    const head = document.createElement('tr');
    for (const text of ['Solver', 'It.', 'Error', 'Status', 'Time']) {
      const th = document.createElement('th');
      th.textContent = text;
      head.append(th);
    }
    const thead = document.createElement('thead');
    thead.append(head);
    table.append(thead, this.body);
    this.plot = new StepPlot(document.createElement('div'), 'Energy per iteration of both solvers, log scale');
    parent.append(
      row(labelled('Target ', selectOf('duel-target', targets, actions.chooseTarget))),
      row(labelled('DLS λ ', damping), run),
      row(labelled('Arm shows ', this.shownSelect)),
      table,
      this.plot.canvas,
    );
  }

  showRows(rows: readonly DuelRow[]): void {
    this.body.replaceChildren(
      ...rows.map((r) => {
        const tr = document.createElement('tr');
        tr.style.color = r.color;
        for (const text of [r.label, String(r.iterations), `${(1000 * r.error_m).toFixed(2)} mm`, r.status, `${r.time_us.toFixed(0)} µs`]) {
          const td = document.createElement('td');
          td.textContent = text;
          tr.append(td);
        }
        return tr;
      }),
    );
  }
}
