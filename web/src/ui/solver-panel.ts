// The collapsible solver panel: a picker with every solver, the settings the
// chosen one reads (others are hidden), and a line for a rejected setting.
// It holds no solver state of its own beyond each solver's last settings: a
// change asks `choose` to apply it (which throws to reject it), and show()
// reflects whatever was applied, from here or from a script.
import { SOLVERS, type SolverName, type SolverOptions } from '../rig/rig.js';
import { ProblemLine } from './problem-line.js';
import { SETTING_FIELDS, SOLVER_INFO, type SettingKey } from './solver-catalog.js';

/** Applies a solver and its settings; throws if they are rejected. */
export type ChooseSolver = (solver: SolverName, options: SolverOptions) => void;

/** Turns solving drags in a background thread on or off. */
export type SolveInBackground = (on: boolean) => void;

/** The goals on the whole body that every Jacobian solver takes, each turned on or off. */
export interface BodyGoalSwitches {
  /** Keep balance: the centre of mass held over the planted feet. */
  keepBalance(on: boolean): void;
  /** Keep above the floor: every bone's joints and tips at y ≥ 0. */
  keepAboveFloor(on: boolean): void;
}

const SETTING_KEYS = Object.keys(SETTING_FIELDS) as SettingKey[];

function settingInput(key: SettingKey): HTMLInputElement {
  const field = SETTING_FIELDS[key];
  const input = document.createElement('input');
  input.name = key;
  input.title = field.title;
  if (field.kind === 'boolean') {
    input.type = 'checkbox';
    return input;
  }
  input.type = 'number';
  input.step = field.kind === 'integer' ? '1' : 'any';
  // The core's range (the panel shows what it refuses beside the field).
  if (field.range !== undefined) {
    input.min = String(field.range.min);
    if (Number.isFinite(field.range.max)) input.max = String(field.range.max);
  }
  return input;
}

/** A labelled checkbox row of the panel, for a switch beside the solver's settings. */
function switchRow(input: HTMLInputElement, name: string, rowClass: string, label: string, title: string): HTMLLabelElement {
  const row = document.createElement('label');
  row.className = `solver-field ${rowClass}`;
  row.title = title;
  input.type = 'checkbox';
  input.name = name;
  const text = document.createElement('span');
  text.textContent = label;
  row.append(text, input);
  return row;
}

export class SolverPanel {
  readonly element = document.createElement('details');
  /** Where further readouts (the energy plot) go, below the settings. */
  readonly body = document.createElement('div');
  private readonly current = document.createElement('span');
  private readonly picker = document.createElement('select');
  private readonly summary = document.createElement('p');
  private readonly rows = {} as Record<SettingKey, HTMLLabelElement>;
  private readonly inputs = {} as Record<SettingKey, HTMLInputElement>;
  private readonly problem = new ProblemLine('panel-problem solver-problem');
  private readonly remembered = new Map<SolverName, SolverOptions>();
  private readonly background = document.createElement('input');
  private readonly balance = document.createElement('input');
  private readonly floor = document.createElement('input');

  constructor(parent: HTMLElement, private readonly choose: ChooseSolver, open: boolean, solveInBackground: SolveInBackground, bodyGoals: BodyGoalSwitches) {
    this.element.className = 'solver-panel';
    this.element.open = open;
    const heading = document.createElement('summary');
    heading.textContent = 'Solver ';
    this.current.className = 'solver-panel-current';
    heading.append(this.current);

    this.body.className = 'solver-panel-body';
    this.picker.name = 'solver';
    this.picker.className = 'solver-picker';
    this.picker.setAttribute('aria-label', 'solver');
    for (const name of SOLVERS) {
      const option = document.createElement('option');
      option.value = name;
      option.textContent = SOLVER_INFO[name].label;
      this.picker.append(option);
    }
    this.summary.className = 'solver-summary';

    const settings = document.createElement('div');
    settings.className = 'solver-settings';
    for (const key of SETTING_KEYS) {
      const row = document.createElement('label');
      row.className = 'solver-field';
      row.dataset.setting = key;
      const label = document.createElement('span');
      label.textContent = SETTING_FIELDS[key].label;
      const input = settingInput(key);
      row.append(label, input);
      settings.append(row);
      this.rows[key] = row;
      this.inputs[key] = input;
      input.addEventListener('change', this.onSettingChanged);
    }

    // Goals every Jacobian solver takes, kept across solver changes.
    const balanceRow = switchRow(this.balance, 'keepBalance', 'solver-balance', 'Keep balance',
      'Hold the centre of mass over the planted feet while posing (the Jacobian solvers); shows both on the floor.');
    this.balance.addEventListener('change', () => this.problem.run(() => bodyGoals.keepBalance(this.balance.checked)));
    const floorRow = switchRow(this.floor, 'keepAboveFloor', 'solver-floor', 'Keep above the floor',
      'Nothing goes through the floor while posing: every joint and bone tip stays at or above it (the Jacobian solvers).');
    this.floor.addEventListener('change', () => this.problem.run(() => bodyGoals.keepAboveFloor(this.floor.checked)));
    // Not a solver setting: where every solver runs (the same solve, bit for bit).
    const backgroundRow = switchRow(this.background, 'solveInBackground', 'solver-background', 'Solve drags in a background thread',
      'Heavy rigs stay smooth to drag: the pose follows the latest finished solve, a frame or so behind the handle.');
    this.background.addEventListener('change', () => this.problem.run(() => solveInBackground(this.background.checked)));

    this.body.append(this.picker, this.summary, settings, balanceRow, floorRow, backgroundRow, this.problem.element);
    this.element.append(heading, this.body);
    parent.append(this.element);
    this.picker.addEventListener('change', this.onSolverPicked);
  }

  /** Shows a solver and its applied options (left-out settings at `defaults`, the character's, else the core's). */
  show(solver: SolverName, options: SolverOptions, defaults: SolverOptions = {}): void {
    this.remembered.set(solver, options);
    const info = SOLVER_INFO[solver];
    this.picker.value = solver;
    this.current.textContent = info.label;
    this.summary.textContent = info.summary;
    for (const key of SETTING_KEYS) {
      const applies = info.settings.includes(key);
      this.rows[key].hidden = !applies;
      if (!applies) continue;
      const value = options[key] ?? defaults[key] ?? SETTING_FIELDS[key].default;
      if (typeof value === 'boolean') this.inputs[key].checked = value;
      else this.inputs[key].value = String(value);
    }
    this.problem.show(null);
  }

  /** Shows whether Keep balance and Keep above the floor are on. */
  showBodyGoals(keepBalance: boolean, keepAboveFloor: boolean): void {
    this.balance.checked = keepBalance;
    this.floor.checked = keepAboveFloor;
  }

  /** Shows whether drags solve in a background thread. */
  showBackground(on: boolean): void {
    this.background.checked = on;
  }

  private apply(solver: SolverName, options: SolverOptions): void {
    this.problem.run(() => this.choose(solver, options));
  }

  private readonly onSolverPicked = (): void => {
    const solver = this.picker.value as SolverName;
    this.apply(solver, this.remembered.get(solver) ?? {});
  };

  private readonly onSettingChanged = (): void => {
    const solver = this.picker.value as SolverName;
    const options: SolverOptions = { ...this.remembered.get(solver) };
    const edited = options as Record<SettingKey, number | boolean>;
    for (const key of SOLVER_INFO[solver].settings) {
      const input = this.inputs[key];
      if (SETTING_FIELDS[key].kind === 'boolean') {
        edited[key] = input.checked;
      } else if (Number.isFinite(input.valueAsNumber)) {
        edited[key] = input.valueAsNumber;
      } else {
        this.problem.show(`${SETTING_FIELDS[key].label}: enter a number`);
        return;
      }
    }
    this.apply(solver, options);
  };
}
