// The inspector's section for the selected target: which bone it pulls, where
// its target is (x, y, z in metres, model space: typing a number moves it as
// a drag would), and its toggles — a pin; Moves body (a root target: the
// solve moves the whole body); Rotation (it holds its bone's orientation:
// a rotation gizmo on the target, R turns it); Pole (the joint above bends
// toward a pole handle) — and a button that removes it. A toggle the goal or
// the solver cannot take is disabled, its tooltip and a line below saying
// why. A solver with its own targets (two-bone, look-at) moves them but does
// not edit the set. It shows what it is told: the session owns the targets.
import { removeTarget, setGoalFlag } from '../posing/goal-actions.js';
import { type GoalFlag, solverContract, takesAnyGoals } from '../posing/goal-set.js';
import type { PoseEditor } from '../posing/pose-editor.js';
import { NOTHING, type Selection } from '../posing/selection.js';
import { closeButton } from './close-button.js';
import { ProblemLine } from './problem-line.js';
import { toolButton } from './tool-controls.js';
import { ChangeFlag } from '../scene/change-flag.js';
import { Change } from '../scene/scene-change.js';

const AXES = ['x', 'y', 'z'] as const;

export class TargetPanel {
  readonly element = document.createElement('section');
  private readonly title = document.createElement('span');
  private readonly inputs: HTMLInputElement[];
  private readonly toggles: Record<GoalFlag, HTMLButtonElement> = {
    pinned: toolButton('target-pin', 'Pin: hold this tip where it is while other targets move', 'Pin'),
    movesRoot: toolButton('target-moves-root', 'Moves body: dragging this target moves the whole body (the root), the pins holding', 'Moves body'),
    orient: toolButton('target-orient', 'Rotation: the target holds the bone’s orientation too (turn it with the rings, or R)', 'Rotation'),
    pole: toolButton('target-pole', 'Pole: the joint above bends toward a pole handle (an elbow, a knee)', 'Pole'),
  };
  private readonly remove = toolButton('target-remove', 'Remove this target', 'Remove');
  private readonly why = document.createElement('p');
  private readonly problem = new ProblemLine('panel-problem target-problem');
  /** Raised by other goals or another solver (or character), and by moved targets. */
  private readonly goalsChanged: ChangeFlag;
  private readonly targetsMoved: ChangeFlag;
  private selectionChanged = true;
  private readonly stopHearingSelection: () => void;

  constructor(parent: HTMLElement, private readonly editor: PoseEditor, private readonly selection: Selection) {
    this.goalsChanged = new ChangeFlag(editor, Change.GOALS | Change.SOLVER);
    this.targetsMoved = new ChangeFlag(editor, Change.TARGETS);
    this.stopHearingSelection = selection.onChange(() => {
      this.selectionChanged = true;
    });
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
    const buttons = document.createElement('div');
    buttons.className = 'tool-group';
    buttons.append(...Object.values(this.toggles), this.remove);
    this.why.className = 'tool-note';
    this.why.hidden = true;
    this.element.append(heading, position, buttons, this.why, this.problem.element);
    parent.append(this.element);
    for (const [flag, button] of Object.entries(this.toggles) as [GoalFlag, HTMLButtonElement][]) {
      button.addEventListener('click', () => this.act((bone) => setGoalFlag(editor, bone, flag, button.getAttribute('aria-pressed') !== 'true')));
    }
    this.remove.addEventListener('click', () => this.act((bone) => removeTarget(editor, bone)));
  }

  /** Stops hearing the editor and the selection. */
  dispose(): void {
    this.goalsChanged.dispose();
    this.targetsMoved.dispose();
    this.stopHearingSelection();
  }

  /**
   * Shows the selected target (or hides the section). Called with every
   * frame and every change, a drag's moves included: it returns at once
   * unless the selection, the goals or (outside a gesture) the targets
   * changed, and writes no text during a gesture.
   */
  refresh(): void {
    const goalsChanged = this.goalsChanged.take() || this.selectionChanged;
    // During a gesture the numbers wait (the flag stays raised until it ends).
    if (!goalsChanged && (this.editor.undo.inStep || !this.targetsMoved.take())) return;
    if (goalsChanged) {
      this.selectionChanged = false;
      this.showGoal();
    }
    if (this.element.hidden || this.editor.undo.inStep) return;
    this.targetsMoved.take();
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
    this.targetsMoved.raise();
    if (goal === NOTHING || goal >= session.goalNames.length) {
      this.element.hidden = true;
      return;
    }
    const bone = session.goalNames[goal];
    this.title.textContent = `Target: ${bone}`;
    const placed = session.layout.goals[goal];
    const { fits, reasons } = this.availability(goal);
    for (const [flag, button] of Object.entries(this.toggles) as [GoalFlag, HTMLButtonElement][]) {
      const reason = reasons[flag];
      // An option this goal can never have (a pole on the root) is not offered at all.
      button.hidden = !fits[flag];
      button.setAttribute('aria-pressed', String(placed[flag] === true));
      // An option that is on stays clickable (to turn it off) even where the solver ignores it.
      button.disabled = reason !== null && !(placed[flag] === true && takesAnyGoals(session.solverName));
      button.title = reason ?? button.getAttribute('aria-label') ?? '';
    }
    this.remove.disabled = !takesAnyGoals(session.solverName);
    this.remove.title = this.remove.disabled ? (reasons.pinned ?? '') : (this.remove.getAttribute('aria-label') ?? '');
    // Why an option offered here does nothing under this solver, said in a line.
    const notes = (Object.keys(this.toggles) as GoalFlag[]).filter((flag) => fits[flag] && reasons[flag] !== null).map((flag) => reasons[flag]);
    const note = [...new Set(notes)].join(' ');
    this.why.hidden = note === '';
    this.why.textContent = note;
    this.element.hidden = false;
    this.problem.show(null);
  }

  /** Which options the goal can have at all (its bones), and why each cannot act under the solver now (or null). */
  private availability(goal: number): { fits: Record<GoalFlag, boolean>; reasons: Record<GoalFlag, string | null> } {
    const { session } = this.editor;
    const solver = solverContract(session.solverName);
    const { rig } = session;
    const bone = session.goalBones[goal];
    const middle = rig.parents[bone];
    const fits = { pinned: true, movesRoot: middle < 0, orient: true, pole: middle >= 0 && rig.parents[middle] >= 0 };
    if (!takesAnyGoals(session.solverName)) {
      const fixed = `The ${session.solverName} solver poses with its own targets; choose another solver to edit them.`;
      return { fits, reasons: { pinned: fixed, movesRoot: fixed, orient: fixed, pole: fixed } };
    }
    const cannot = (what: string, takes: boolean): string | null => (takes ? null : `${session.solverName} does not ${what}; the Jacobian solvers (DLS…) do.`);
    return {
      fits,
      reasons: {
        pinned: null,
        movesRoot: cannot('move the body', solver.rootTranslation),
        orient: cannot('hold orientations', solver.orientation),
        pole: cannot('take poles', solver.poles),
      },
    };
  }

  private moveTo(axis: number, value: number): void {
    const goal = this.selection.goal;
    if (goal === NOTHING) return;
    if (!Number.isFinite(value)) {
      this.problem.show(new Error(`${AXES[axis]}: enter a number of metres`));
      return;
    }
    const target_ms = this.editor.session.target_ms(goal);
    target_ms[axis] = value;
    this.problem.run(() => this.editor.moveGoal(goal, target_ms[0], target_ms[1], target_ms[2]));
  }

  private act(action: (bone: string) => void): void {
    const goal = this.selection.goal;
    if (goal === NOTHING) return;
    this.problem.run(() => action(this.editor.session.goalNames[goal]));
  }
}
