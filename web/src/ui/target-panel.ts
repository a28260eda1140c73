// The inspector's section for the selected target: which bone it pulls, where
// its target is (x, y, z in metres, model space: typing a number moves it as
// a drag would), whether it is a pin, and a button that removes it. A solver
// with its own targets (two-bone, look-at) moves them but does not edit the
// set: the pin and remove buttons say so. It shows what it is told: the
// session owns the targets.
import { pinTarget, removeTarget } from '../posing/goal-actions.js';
import { takesAnyGoals } from '../posing/goal-set.js';
import type { PoseEditor } from '../posing/pose-editor.js';
import type { PosingSession } from '../posing/posing-session.js';
import { NOTHING, type Selection } from '../posing/selection.js';
import { errorMessage } from '../text/error-message.js';
import { closeButton } from './close-button.js';
import { toolButton } from './tool-controls.js';

const AXES = ['x', 'y', 'z'] as const;

export class TargetPanel {
  readonly element = document.createElement('section');
  private readonly title = document.createElement('span');
  private readonly inputs: HTMLInputElement[];
  private readonly pin = toolButton('target-pin', 'Pin: hold this tip where it is while other targets move', 'Pin');
  private readonly remove = toolButton('target-remove', 'Remove this target', 'Remove');
  private readonly problem = document.createElement('p');
  private shownSession: PosingSession | null = null;
  private shownGoalsVersion = -1;
  private shownSelection = -1;
  private shownTargets = -1;

  constructor(parent: HTMLElement, private readonly editor: PoseEditor, private readonly selection: Selection) {
    this.element.className = 'target-panel';
    this.element.hidden = true;
    this.element.setAttribute('aria-label', 'selected target');
    const heading = document.createElement('div');
    heading.className = 'bone-panel-heading';
    this.title.className = 'bone-panel-name';
    heading.append(this.title, closeButton('bone-panel-close', 'deselect target', () => selection.clear()));
    const position = document.createElement('div');
    position.className = 'target-position';
    this.inputs = AXES.map((axis, k) => {
      const label = document.createElement('label');
      label.className = 'target-axis';
      const name = document.createElement('span');
      name.textContent = axis;
      const input = document.createElement('input');
      input.type = 'number';
      input.step = '0.01';
      input.name = `target-${axis}`;
      input.setAttribute('aria-label', `target ${axis} (metres)`);
      input.addEventListener('change', () => this.moveTo(k, input.valueAsNumber));
      label.append(name, input);
      position.append(label);
      return input;
    });
    this.problem.className = 'solver-problem';
    this.problem.hidden = true;
    const buttons = document.createElement('div');
    buttons.className = 'tool-group';
    buttons.append(this.pin, this.remove);
    this.element.append(heading, position, buttons, this.problem);
    parent.append(this.element);
    this.pin.addEventListener('click', () => this.act((bone) => pinTarget(editor, bone, !editor.session.pinned(this.selection.goal))));
    this.remove.addEventListener('click', () => this.act((bone) => removeTarget(editor, bone)));
  }

  /**
   * Shows the selected target (or hides the section). Called with every
   * frame and every change, a drag's moves included: it returns at once
   * unless the selection, the goals or (outside a gesture) the targets
   * changed, and writes no text during a gesture.
   */
  refresh(): void {
    const session = this.editor.session;
    const selectionVersion = this.selection.version;
    const goalsChanged = session !== this.shownSession || session.goalsVersion !== this.shownGoalsVersion || selectionVersion !== this.shownSelection;
    if (!goalsChanged && (this.editor.undo.inStep || session.targetsVersion === this.shownTargets)) return;
    if (goalsChanged) {
      this.shownSession = session;
      this.shownGoalsVersion = session.goalsVersion;
      this.shownSelection = selectionVersion;
      this.showGoal();
    }
    if (this.element.hidden || this.editor.undo.inStep) return;
    this.shownTargets = session.targetsVersion;
    this.showPosition();
  }

  // Apart from refresh(): a closure there would make refresh() allocate its
  // context on every call, a drag's moves included, before V8 optimises it.
  private showPosition(): void {
    const goal = this.selection.goal;
    const targets_ms = this.editor.session.targets_ms;
    this.inputs.forEach((input, k) => {
      // Not while someone types in it.
      if (document.activeElement !== input) input.value = targets_ms[3 * goal + k].toFixed(3);
    });
  }

  /** The selected goal's name, pin and buttons, or the section hidden. */
  private showGoal(): void {
    const goal = this.selection.goal;
    const { session } = this.editor;
    this.shownTargets = -1;
    if (goal === NOTHING || goal >= session.goalNames.length) {
      this.element.hidden = true;
      return;
    }
    const bone = session.goalNames[goal];
    this.title.textContent = `Target: ${bone}`;
    this.pin.setAttribute('aria-pressed', String(session.pinned(goal)));
    const fixed = takesAnyGoals(session.solverName) ? null : `The ${session.solverName} solver poses with its own targets; choose another solver to edit them`;
    for (const button of [this.pin, this.remove]) {
      button.disabled = fixed !== null;
      button.title = fixed ?? button.getAttribute('aria-label') ?? '';
    }
    this.element.hidden = false;
    this.showProblem(null);
  }

  private moveTo(axis: number, value: number): void {
    const goal = this.selection.goal;
    if (goal === NOTHING) return;
    if (!Number.isFinite(value)) {
      this.showProblem(new Error(`${AXES[axis]}: enter a number of metres`));
      return;
    }
    const target_ms = this.editor.session.target_ms(goal);
    target_ms[axis] = value;
    try {
      this.editor.moveGoal(goal, target_ms[0], target_ms[1], target_ms[2]);
      this.showProblem(null);
    } catch (error) {
      this.showProblem(error);
    }
  }

  private act(action: (bone: string) => void): void {
    const goal = this.selection.goal;
    if (goal === NOTHING) return;
    try {
      action(this.editor.session.goalNames[goal]);
      this.showProblem(null);
    } catch (error) {
      this.showProblem(error);
    }
  }

  private showProblem(error: unknown): void {
    this.problem.hidden = error === null;
    this.problem.textContent = error === null ? '' : errorMessage(error);
  }
}
