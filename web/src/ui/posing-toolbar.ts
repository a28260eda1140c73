// The posing toolbar (a column at the bottom left; a bar on phones): undo
// and redo, a pose preset picker and Reset, mirror left to right / right to
// left, flip, the symmetric-drag toggle, the help button, the target list
// (goal-list.ts) and the exports. The buttons act through the same
// functions as the keyboard and window.kin. refresh() runs every frame: it
// touches the DOM only when the history, the toggle or the goals changed, so
// that undo and redo are enabled exactly when they can act (not mid-drag).
// Labels have a short part that stays on phones and a long part that goes.
import type { MirrorMode } from '../rig/rig.js';
import { errorMessage } from './error-overlay.js';
import { downloadGlb, downloadPoseJson } from '../export/character-export.js';
import { GoalList } from './goal-list.js';
import { applyPosePreset, mirrorPose } from '../posing/pose-actions.js';
import { POSE_PRESETS, START_PRESET, isPosePreset, presetLabel } from '../posing/pose-presets.js';
import type { PosingApp } from '../app/posing-app.js';
import { long, toolButton, toolOption, toolSelect } from './tool-controls.js';

// Phones (index.html's narrow layout) start with the target list folded.
const PHONE = '(max-width: 640px)';

/** Controls side by side; `stacked`: one per line in the desktop column. */
function group(stacked: boolean, ...items: HTMLElement[]): HTMLElement {
  const element = document.createElement('div');
  element.className = stacked ? 'tool-group tool-group-stack' : 'tool-group';
  element.append(...items);
  return element;
}

export class PosingToolbar {
  readonly element = document.createElement('div');
  private readonly undoButton = toolButton('undo', 'Undo (Ctrl+Z)', '↶', long(' Undo'));
  private readonly redoButton = toolButton('redo', 'Redo (Ctrl+Shift+Z)', '↷', long(' Redo'));
  private readonly presetPicker = toolSelect('preset', 'Apply a pose preset', 'Pose…');
  private readonly resetButton = toolButton('reset', 'Reset to the relaxed start pose', 'Reset');
  private readonly mirrorButtons: HTMLButtonElement[];
  private readonly symmetricButton = toolButton('symmetric', 'Symmetric drag: moving a target moves its mirror partner’s too', '⇆', long(' Symmetric'));
  private readonly goals: GoalList;
  private readonly problem = document.createElement('div');
  private shownHistory = -1;
  // A new character brings a new session, whose goal versions count afresh.
  private shownSession: PosingApp['session'] | null = null;
  private shownGoals = -1;
  private shownSymmetric: boolean | null = null;

  constructor(parent: HTMLElement, private readonly app: PosingApp, toggleHelp: () => void) {
    this.element.className = 'posing-toolbar';
    this.element.setAttribute('role', 'toolbar');
    this.element.setAttribute('aria-label', 'posing');

    for (const name of POSE_PRESETS) this.presetPicker.append(toolOption(name, presetLabel(name)));

    const mirrors: [MirrorMode, HTMLButtonElement][] = [
      ['left-to-right', toolButton('mirror-left-to-right', 'Mirror L→R: copy the left side’s pose onto the right', long('Mirror '), 'L→R')],
      ['right-to-left', toolButton('mirror-right-to-left', 'Mirror R→L: copy the right side’s pose onto the left', long('Mirror '), 'R→L')],
      ['flip', toolButton('mirror-flip', 'Flip: mirror the whole pose left to right', 'Flip')],
    ];
    this.mirrorButtons = mirrors.map(([mode, button]) => {
      button.addEventListener('click', () => this.act(() => mirrorPose(app, mode)));
      return button;
    });
    const help = toolButton('help', 'Keyboard shortcuts (?)', '?');
    this.goals = new GoalList(app, (action) => this.act(action), !window.matchMedia(PHONE).matches);
    const exportGlb = toolButton('export-glb', 'Export GLB: the character with this pose baked in', long('Export '), 'GLB');
    const exportPose = toolButton('export-pose-json', 'Export pose JSON: every bone’s angles by name', long('Export '), 'pose JSON');
    this.problem.className = 'posing-toolbar-problem';
    this.problem.setAttribute('role', 'alert');
    this.problem.hidden = true;

    this.element.append(
      group(false, this.undoButton, this.redoButton),
      group(true, this.presetPicker, this.resetButton),
      group(true, ...this.mirrorButtons),
      group(false, this.symmetricButton, help),
      group(true, this.goals.element),
      group(true, exportGlb, exportPose),
      this.problem,
    );
    parent.append(this.element);

    this.undoButton.addEventListener('click', () => app.history.undo());
    this.redoButton.addEventListener('click', () => app.history.redo());
    this.resetButton.addEventListener('click', () => this.act(() => applyPosePreset(app, START_PRESET)));
    this.presetPicker.addEventListener('change', this.onPresetPicked);
    this.symmetricButton.addEventListener('click', () => {
      app.symmetry.enabled = !app.symmetry.enabled;
      this.refresh();
    });
    help.addEventListener('click', toggleHelp);
    exportGlb.addEventListener('click', () => this.act(() => downloadGlb(app)));
    exportPose.addEventListener('click', () => this.act(() => downloadPoseJson(app)));

    // A rig that does not mirror cannot mirror or drag symmetrically: say why on the buttons.
    const unavailable = app.symmetry.unavailable;
    if (unavailable !== null) {
      for (const button of [...this.mirrorButtons, this.symmetricButton]) {
        button.disabled = true;
        button.title = `Not for this character: ${unavailable}`;
      }
    }
    this.refresh();
  }

  /** Called every frame: reflects undo/redo availability, the symmetric toggle and the goals. */
  refresh(): void {
    // Checked here rather than in the goal list: a call into it every frame
    // was measured to allocate in Chromium (bench/drag-allocation.ts).
    const { history, session, symmetry } = this.app;
    if (session !== this.shownSession || session.goalsVersion !== this.shownGoals) {
      this.goals.show(session);
      this.shownSession = session;
      this.shownGoals = session.goalsVersion;
    }
    if (history.version !== this.shownHistory) {
      this.undoButton.disabled = !history.canUndo;
      this.redoButton.disabled = !history.canRedo;
      this.shownHistory = history.version;
    }
    if (symmetry.enabled !== this.shownSymmetric) {
      this.symmetricButton.setAttribute('aria-pressed', String(symmetry.enabled));
      this.shownSymmetric = symmetry.enabled;
    }
  }

  /** Runs an action (or starts one that finishes later); a failure shows under the toolbar instead of escaping the click. */
  private act(action: () => void | Promise<void>): void {
    try {
      const finishing = action();
      this.showProblem(null);
      if (finishing instanceof Promise) finishing.catch((error: unknown) => this.showProblem(error));
    } catch (error) {
      this.showProblem(error);
    }
  }

  private showProblem(error: unknown): void {
    this.problem.hidden = error === null;
    this.problem.textContent = error === null ? '' : errorMessage(error);
  }

  private readonly onPresetPicked = (): void => {
    const name = this.presetPicker.value;
    // Back to the placeholder, so that picking the same preset again applies it again.
    this.presetPicker.value = '';
    if (isPosePreset(name)) this.act(() => applyPosePreset(this.app, name));
  };
}
