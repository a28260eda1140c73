// The top-left readout of the latest solve, plus a one-line hint on how to
// pose. Values are written with textContent only.
import type { SolveSummary } from './posing-session.js';

function row(parent: HTMLElement, label: string): HTMLElement {
  const line = document.createElement('div');
  const name = document.createElement('span');
  name.className = 'hud-label';
  name.textContent = label;
  const value = document.createElement('span');
  value.className = 'hud-value';
  value.textContent = '–';
  line.append(name, value);
  parent.append(line);
  return value;
}

export class Hud {
  readonly element = document.createElement('div');
  private readonly status: HTMLElement;
  private readonly iterations: HTMLElement;
  private readonly error: HTMLElement;
  private readonly time: HTMLElement;

  constructor(parent: HTMLElement) {
    this.element.className = 'hud';
    this.status = row(this.element, 'solver');
    this.iterations = row(this.element, 'iterations');
    this.error = row(this.element, 'error');
    this.time = row(this.element, 'solve time');
    const hint = document.createElement('div');
    hint.className = 'hud-hint';
    hint.textContent = 'Drag a coloured handle to pose · drag elsewhere to orbit';
    this.element.append(hint);
    parent.append(this.element);
  }

  show(solve: SolveSummary): void {
    this.status.textContent = solve.status;
    this.status.dataset.status = solve.status;
    this.iterations.textContent = String(solve.iterations);
    this.error.textContent = `${(solve.error * 1000).toFixed(2)} mm`;
    this.time.textContent = `${Math.round(solve.micros)} µs`;
  }
}
