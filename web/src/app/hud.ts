// The top-left readout of the latest solve, plus a one-line hint on how to
// pose. A failed solve shows its message in place of the numbers. Values are
// text nodes (never HTML), their strings made once per shown value.
import { NumberLabels } from './number-labels.js';
import type { SolveSummary } from './posing-session.js';

const NO_VALUE = '–';

// Shown rounded: iterations as they are, the error in 0.01 mm steps, the time in µs.
const ITERATIONS = new NumberLabels((n) => String(n));
const ERROR_HUNDREDTHS_MM = new NumberLabels((hundredths) => `${(hundredths / 100).toFixed(2)} mm`);
const MICROS = new NumberLabels((micros) => `${micros} µs`);

/**
 * A value's text node: rewritten only when the text changes, never
 * replaced. The shown text is compared with the one kept here: reading the
 * node's data back would make the browser allocate a new string each time.
 */
class ValueText {
  readonly element = document.createElement('span');
  private readonly text = document.createTextNode(NO_VALUE);
  private shown = NO_VALUE;

  constructor(valueClass: string) {
    this.element.className = `hud-value ${valueClass}`;
    this.element.append(this.text);
  }

  /** Shows `text`; returns whether it differs from what was shown. */
  set(text: string): boolean {
    if (text === this.shown) return false;
    this.shown = text;
    this.text.data = text;
    return true;
  }
}

function row(parent: HTMLElement, label: string, valueClass: string): ValueText {
  const line = document.createElement('div');
  const name = document.createElement('span');
  name.className = 'hud-label';
  name.textContent = label;
  const value = new ValueText(valueClass);
  line.append(name, value.element);
  parent.append(line);
  return value;
}

export class Hud {
  readonly element = document.createElement('div');
  private readonly solver: ValueText;
  private readonly status: ValueText;
  private readonly iterations: ValueText;
  private readonly error: ValueText;
  private readonly time: ValueText;
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

  /** Allocation-free for a successful solve (a drag frame). */
  show(solve: SolveSummary): void {
    const failed = solve.failure !== null;
    const status = failed ? 'failed' : solve.status;
    this.solver.set(solve.solver);
    // Styled by status: written only when it changed, as the text is.
    if (this.status.set(status)) this.status.element.dataset.status = status;
    this.iterations.set(failed ? NO_VALUE : ITERATIONS.get(solve.iterations));
    this.error.set(failed ? NO_VALUE : ERROR_HUNDREDTHS_MM.get(Math.round(solve.error * 1e5)));
    this.time.set(MICROS.get(Math.round(solve.micros)));
    if (this.failure.hidden !== !failed) this.failure.hidden = !failed;
    if (failed) this.failure.textContent = solve.failure;
  }
}
