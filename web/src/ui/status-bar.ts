// The status line along the bottom of the editor: the latest solve (solver,
// status, iterations, its largest miss and the goal that misses by it, solve
// time), a standing warning about
// the character on screen, and a one-line hint on how to pose. A failed
// solve shows its message in place of the numbers; a target out of reach is
// said in words in place of the status. Values are text nodes
// (never HTML), their strings made once per shown value.
import { NumberLabels } from './number-labels.js';
import type { SolveSummary } from '../posing/posing-session.js';
import { boneWords } from '../text/bone-words.js';

const NO_VALUE = '–';

// Shown rounded: iterations as they are, the error in 0.01 mm steps, the
// time in µs. The error is two texts, its whole millimetres and the rest, so
// that an error that changes every frame (a target out of reach) is shown
// from two small sets of labels: one label per value would be a new string
// a frame, and more values than a label cache holds.
const WHOLE_NUMBERS = new NumberLabels((n) => String(n));
const HUNDREDTHS_MM = new NumberLabels((hundredths) => `.${String(hundredths).padStart(2, '0')} mm`);
// Solve times to two significant digits (a drag's vary from frame to frame,
// and more digits say nothing): a few hundred labels in all.
const MICROS = new NumberLabels((micros) => (micros < 1000 ? `${micros} µs` : `${(micros / 1000).toFixed(micros < 10000 ? 1 : 0)} ms`));

/** A time in µs rounded to two significant digits (whole µs below 100). */
function twoDigits(micros: number): number {
  if (micros < 100) return Math.round(micros);
  const unit = micros < 1000 ? 10 : micros < 10000 ? 100 : 1000;
  return Math.round(micros / unit) * unit;
}
const WHOLE = 0;
const FRACTION = 1;

// A target beyond reach is said in words, "Left hand out of reach — 12 cm
// short", in place of the status: the solver did its best, and the body is
// what falls short. The shortfall in whole centimetres, below one in whole
// millimetres; the bone's words made once per name.
const OUT_OF_REACH = 'out-of-reach';
const OUT_OF_REACH_WORDS = ' out of reach — ';
const CM_SHORT = new NumberLabels((cm) => `${cm} cm short`);
const MM_SHORT = new NumberLabels((mm) => (mm < 1 ? 'under 1 mm short' : `${mm} mm short`));
const STATUS_WORDS = 0;
const REACH_WORDS = 1;
const SHORTFALL = 2;
const MAX_BONE_WORDS = 256;

function shortfallLabel(metres: number): string {
  const mm = Math.round(metres * 1000);
  return mm < 10 ? MM_SHORT.get(mm) : CM_SHORT.get(Math.round(metres * 100));
}

/**
 * A value's text nodes (one, or more shown one after another): each
 * rewritten only when its text changes, never replaced. The shown texts are
 * compared with the ones kept here: reading a node's data back would make
 * the browser allocate a new string each time.
 */
class ValueText {
  readonly element = document.createElement('span');
  private readonly texts: Text[] = [];
  private readonly shown: string[] = [];

  constructor(valueClass: string, parts = 1) {
    this.element.className = `hud-value ${valueClass}`;
    for (let part = 0; part < parts; part++) {
      const text = part === 0 ? NO_VALUE : '';
      this.texts.push(document.createTextNode(text));
      this.shown.push(text);
    }
    this.element.append(...this.texts);
  }

  /** Shows `text` as part `part`; returns whether it differs from what was shown. */
  set(text: string, part = 0): boolean {
    if (text === this.shown[part]) return false;
    this.shown[part] = text;
    this.texts[part].data = text;
    return true;
  }
}

function row(parent: HTMLElement, label: string, valueClass: string, parts = 1): ValueText {
  const line = document.createElement('span');
  line.className = 'hud-item';
  const name = document.createElement('span');
  name.className = 'hud-label';
  name.textContent = label;
  const value = new ValueText(valueClass, parts);
  line.append(name, value.element);
  parent.append(line);
  return value;
}

export class StatusBar {
  readonly element = document.createElement('div');
  private readonly solver: ValueText;
  private readonly status: ValueText;
  private readonly iterations: ValueText;
  private readonly error: ValueText;
  private readonly worst: ValueText;
  private readonly time: ValueText;
  private readonly failure = document.createElement('div');
  private readonly warning = document.createElement('div');
  private readonly wordsByBone = new Map<string, string>();
  /** The status the status value is styled by (kept here: reading the DOM back allocates). */
  private shownStatus = '';

  constructor(parent: HTMLElement) {
    this.element.className = 'hud status-bar';
    this.element.setAttribute('role', 'status');
    this.solver = row(this.element, 'solver', 'hud-solver');
    this.status = row(this.element, 'status', 'hud-status', 3);
    this.iterations = row(this.element, 'iterations', 'hud-iterations');
    // The largest miss, not the energy the solver lowers: a pin can keep its
    // foot by moving a hand away, and the hand is what the user sees.
    this.error = row(this.element, 'largest miss', 'hud-error', 2);
    this.worst = row(this.element, 'at', 'hud-worst');
    this.time = row(this.element, 'solve time', 'hud-time');
    this.failure.className = 'hud-failure';
    this.failure.hidden = true;
    this.warning.className = 'hud-warning';
    this.warning.hidden = true;
    const hint = document.createElement('span');
    hint.className = 'hud-hint';
    hint.textContent = 'Drag a handle to pose · click a bone to turn it · drag elsewhere to orbit · ? for keys';
    this.element.append(this.failure, this.warning, hint);
    parent.append(this.element);
  }

  /** A standing warning about the character on screen (a loaded model's unnormalised weights), or none. */
  warn(text: string | null): void {
    this.warning.hidden = text === null;
    this.warning.textContent = text ?? '';
    this.warning.title = text ?? '';
  }

  /** Back to placeholders: no solve of the character on screen yet. */
  clear(): void {
    this.solver.set(NO_VALUE);
    this.status.set(NO_VALUE, STATUS_WORDS);
    this.shownStatus = '';
    delete this.status.element.dataset.status;
    this.status.set('', REACH_WORDS);
    this.status.set('', SHORTFALL);
    this.iterations.set(NO_VALUE);
    this.error.set(NO_VALUE, WHOLE);
    this.error.set('', FRACTION);
    this.worst.set(NO_VALUE);
    this.time.set(NO_VALUE);
    this.failure.hidden = true;
  }

  /** Allocation-free for a successful solve (a drag frame). */
  show(solve: SolveSummary): void {
    const failed = solve.failure !== null;
    const shortBone = failed || solve.status === 'converged' ? null : solve.shortBone;
    const short = shortBone !== null;
    const status = failed ? 'failed' : short ? OUT_OF_REACH : solve.status;
    this.solver.set(solve.solver);
    // Styled by status: written only when it changed, as the text is.
    if (this.shownStatus !== status) {
      this.shownStatus = status;
      this.status.element.dataset.status = status;
    }
    this.status.set(shortBone !== null ? this.wordsOf(shortBone) : status, STATUS_WORDS);
    this.status.set(short ? OUT_OF_REACH_WORDS : '', REACH_WORDS);
    this.status.set(short ? shortfallLabel(solve.shortfall) : '', SHORTFALL);
    this.iterations.set(failed ? NO_VALUE : WHOLE_NUMBERS.get(solve.iterations));
    const hundredths_mm = Math.round(solve.error * 1e5);
    this.error.set(failed ? NO_VALUE : WHOLE_NUMBERS.get(Math.floor(hundredths_mm / 100)), WHOLE);
    this.error.set(failed ? '' : HUNDREDTHS_MM.get(hundredths_mm % 100), FRACTION);
    this.worst.set(failed || solve.status === 'converged' || solve.worstBone === null ? NO_VALUE : solve.worstBone);
    this.time.set(Number.isNaN(solve.micros) ? NO_VALUE : MICROS.get(twoDigits(solve.micros)));
    if (this.failure.hidden !== !failed) this.failure.hidden = !failed;
    if (failed) this.failure.textContent = solve.failure;
  }

  /** A goal's bone in words (boneWords), made once per name. */
  private wordsOf(bone: string): string {
    let words = this.wordsByBone.get(bone);
    if (words === undefined) {
      if (this.wordsByBone.size >= MAX_BONE_WORDS) this.wordsByBone.clear();
      words = boneWords(bone);
      this.wordsByBone.set(bone, words);
    }
    return words;
  }
}
