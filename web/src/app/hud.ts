// The top-left readout of the latest solve, plus a one-line hint on how to
// pose. A failed solve shows its message in place of the numbers. Values are
// written with textContent only.
import type { SolveSummary } from './posing-session.js';

const NO_VALUE = '–';

function row(parent: HTMLElement, label: string, valueClass: string): HTMLElement {
  const line = document.createElement('div');
  const name = document.createElement('span');
  name.className = 'hud-label';
  name.textContent = label;
  const value = document.createElement('span');
  value.className = `hud-value ${valueClass}`;
  value.textContent = NO_VALUE;
  line.append(name, value);
  parent.append(line);
  return value;
}

export class Hud {
  readonly element = document.createElement('div');
  private readonly solver: HTMLElement;
  private readonly status: HTMLElement;
  private readonly iterations: HTMLElement;
  private readonly error: HTMLElement;
  private readonly time: HTMLElement;
  private readonly failure = document.createElement('div');
  private readonly warning = document.createElement('div');

  constructor(parent: HTMLElement) {
    this.element.className = 'hud';
    this.solver = row(this.element, 'solver', 'hud-solver');
    this.status = row(this.element, 'status', 'hud-status');
    this.iterations = row(this.element, 'iterations', 'hud-iterations');
    this.error = row(this.element, 'error', 'hud-error');
    this.time = row(this.element, 'solve time', 'hud-time');
    this.failure.className = 'hud-failure';
    this.failure.hidden = true;
    this.warning.className = 'hud-warning';
    this.warning.hidden = true;
    const hint = document.createElement('div');
    hint.className = 'hud-hint';
    hint.textContent = 'Drag a coloured handle to pose · drag elsewhere to orbit';
    this.element.append(this.failure, this.warning, hint);
    parent.append(this.element);
  }

  /** A standing warning about the character on screen (a loaded model's unnormalised weights), or none. */
  warn(text: string | null): void {
    this.warning.hidden = text === null;
    this.warning.textContent = text ?? '';
  }

  show(solve: SolveSummary): void {
    const failed = solve.failure !== null;
    this.solver.textContent = solve.solver;
    this.status.textContent = failed ? 'failed' : solve.status;
    this.status.dataset.status = failed ? 'failed' : solve.status;
    this.iterations.textContent = failed ? NO_VALUE : String(solve.iterations);
    this.error.textContent = failed ? NO_VALUE : `${(solve.error * 1000).toFixed(2)} mm`;
    this.time.textContent = `${Math.round(solve.micros)} µs`;
    this.failure.hidden = !failed;
    this.failure.textContent = solve.failure ?? '';
  }
}
