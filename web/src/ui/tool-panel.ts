// The tools on the left of the editor: undo and redo; the poses the
// character offers and Reset; mirror left to right / right to left, flip and
// symmetric dragging (disabled, saying why, on a rig without left/right
// pairs); the target list (goal-list.ts); and the view — front, side and top
// views, framing, the skeleton, the onion skin's ghosts and the skinning method. The buttons act
// through the same functions as the keyboard and window.kin. refresh() runs
// with every frame: it touches the DOM only when what it shows changed, so
// that undo and redo are enabled exactly when they can act (not mid-drag).
import type { MirrorMode, SkinningMethod } from '../rig/rig.js';
import type { PoseEditor } from '../posing/pose-editor.js';
import { Change, type Changes, NEW_HANDLES } from '../scene/scene-change.js';
import type { Selection } from '../posing/selection.js';
import { VIEW_NAMES, type ViewName } from '../three/view-presets.js';
import { GoalList } from './goal-list.js';
import { ProblemLine } from './problem-line.js';
import { SkinningToggle } from './skinning-toggle.js';
import { long, toolButton, toolOption, toolSelect } from './tool-controls.js';

/** What the view section acts on (the page's view). */
export interface ViewActions {
  showView(name: ViewName): void;
  /** Frames the selection, or the whole character with nothing selected. */
  frame(): void;
  skeletonShown(): boolean;
  showSkeleton(shown: boolean): void;
  ghostsShown(): boolean;
  showGhosts(shown: boolean): void;
  skinning(): SkinningMethod;
  setSkinning(method: SkinningMethod): void;
  /** Moves the character down (or up) until the lowest point of its skin is on the floor (one undo step). */
  dropToFloor(): void;
}

const VIEW_LABELS: Readonly<Record<ViewName, { label: string; key: string }>> = {
  front: { label: 'Front', key: '1' },
  side: { label: 'Side', key: '3' },
  top: { label: 'Top', key: '7' },
};

/** A section of the tools under a heading (null: its first item heads it, as the target list's summary does). */
function section(title: string | null, ...items: HTMLElement[]): HTMLElement {
  const element = document.createElement('section');
  element.className = 'tool-section';
  if (title !== null) {
    const heading = document.createElement('h2');
    heading.className = 'tool-heading';
    heading.textContent = title;
    element.append(heading);
  }
  element.append(...items);
  return element;
}

/** Controls side by side, wrapping. */
function group(...items: HTMLElement[]): HTMLElement {
  const element = document.createElement('div');
  element.className = 'tool-group';
  element.append(...items);
  return element;
}

export class ToolPanel {
  readonly element = document.createElement('div');
  /** The Pose section (the pose library opens below it). */
  readonly poseSection: HTMLElement;
  private readonly undoButton = toolButton('undo', 'Undo (Ctrl+Z)', '↶', long(' Undo'));
  private readonly redoButton = toolButton('redo', 'Redo (Ctrl+Shift+Z)', '↷', long(' Redo'));
  private readonly presetPicker = toolSelect('preset', 'Apply one of this character’s poses', 'Pose…');
  private readonly resetButton = toolButton('reset', 'Reset to the start pose', 'Reset');
  private readonly dropButton = toolButton('drop-to-floor', 'Drop to floor: move the character down or up until the lowest point of its skin is on the floor', 'Drop to floor');
  private readonly mirrorButtons: HTMLButtonElement[];
  private readonly symmetricButton = toolButton('symmetric', 'Symmetric drag: moving a target moves its mirror partner’s too', '⇆ Symmetric');
  private readonly mirrorNote = document.createElement('p');
  private readonly skeletonButton = toolButton('skeleton', 'Show the skeleton: bones and their joint axes (x red, y green, z blue)', 'Skeleton');
  private readonly ghostsButton = toolButton('ghosts', 'Onion skin: ghosts of the clip at the keys before (red) and after (blue) the current time', 'Ghosts');
  private readonly skinningToggle: SkinningToggle;
  private readonly goals: GoalList;
  private readonly problem = new ProblemLine('panel-problem posing-toolbar-problem');
  // Raised by the undo history's moves: the buttons show canUndo and canRedo anew.
  private historyMoved = true;
  /** What the editor's changes left for refresh() to show (all of it at first). */
  private stale: Changes = Change.CHARACTER | Change.GOALS;
  private selectionChanged = true;
  private readonly stopListening: (() => void)[];
  private shownSymmetric: boolean | null = null;
  private shownSkeleton: boolean | null = null;
  private shownGhosts: boolean | null = null;

  constructor(parent: HTMLElement, private readonly editor: PoseEditor, selection: Selection, private readonly view: ViewActions) {
    this.element.className = 'posing-toolbar tool-panel';
    this.element.setAttribute('role', 'toolbar');
    this.element.setAttribute('aria-label', 'posing tools');
    this.element.setAttribute('aria-orientation', 'vertical');

    const mirrors: [MirrorMode, HTMLButtonElement][] = [
      ['left-to-right', toolButton('mirror-left-to-right', 'Mirror L→R: copy the left side’s pose onto the right', 'L→R')],
      ['right-to-left', toolButton('mirror-right-to-left', 'Mirror R→L: copy the right side’s pose onto the left', 'R→L')],
      ['flip', toolButton('mirror-flip', 'Flip: mirror the whole pose left to right', 'Flip')],
    ];
    this.mirrorButtons = mirrors.map(([mode, button]) => {
      button.addEventListener('click', () => this.act(() => editor.mirror(mode)));
      return button;
    });
    this.mirrorNote.className = 'tool-note';
    this.mirrorNote.hidden = true;
    this.goals = new GoalList(editor, selection, (action) => this.act(action), true);
    const viewButtons = VIEW_NAMES.map((name) => {
      const { label, key } = VIEW_LABELS[name];
      const button = toolButton(`view-${name}`, `${label} view (${key})`, label);
      button.addEventListener('click', () => view.showView(name));
      return button;
    });
    const frameButton = toolButton('frame', 'Frame the selection, or the whole character (F)', 'Frame');
    this.skinningToggle = new SkinningToggle((method) => view.setSkinning(method));

    this.poseSection = section('Pose', group(this.presetPicker, this.resetButton), group(this.dropButton));
    this.element.append(
      section('History', group(this.undoButton, this.redoButton)),
      this.poseSection,
      section('Mirror', group(...this.mirrorButtons), group(this.symmetricButton), this.mirrorNote),
      section(null, this.goals.element),
      section('View', group(...viewButtons, frameButton), group(this.skeletonButton, this.ghostsButton), this.skinningToggle.element),
      this.problem.element,
    );
    parent.append(this.element);

    this.undoButton.addEventListener('click', () => editor.undo.undo());
    this.redoButton.addEventListener('click', () => editor.undo.redo());
    this.resetButton.addEventListener('click', () => this.act(() => editor.reset()));
    this.dropButton.addEventListener('click', () => this.act(() => view.dropToFloor()));
    this.presetPicker.addEventListener('change', this.onPresetPicked);
    this.symmetricButton.addEventListener('click', () => {
      editor.symmetry.enabled = !editor.symmetry.enabled;
      this.refresh();
    });
    frameButton.addEventListener('click', () => view.frame());
    this.skeletonButton.addEventListener('click', () => {
      view.showSkeleton(!view.skeletonShown());
      this.refresh();
    });
    this.ghostsButton.addEventListener('click', () => {
      view.showGhosts(!view.ghostsShown());
      this.refresh();
    });
    this.skinningToggle.show(view.skinning());
    this.stopListening = [
      editor.onChange((changes, character) => {
        if (character === editor.active) this.stale |= changes;
      }),
      selection.onChange(() => {
        this.selectionChanged = true;
      }),
      editor.undo.onMove(() => {
        this.historyMoved = true;
      }),
    ];
    this.refresh();
  }

  /** Stops hearing the editor, the selection and the undo history. */
  dispose(): void {
    for (const stop of this.stopListening) stop();
  }

  /** Called with every frame: reflects undo/redo, the character's poses and pairs, the toggles and the goals. */
  refresh(): void {
    // Checked here rather than in the goal list: a call into it every frame
    // was measured to allocate in Chromium (bench/drag-allocation.ts).
    const { editor } = this;
    const { undo, session, symmetry } = editor;
    const stale = this.stale;
    this.stale = 0;
    if ((stale & (Change.CHARACTER | Change.ACTIVE)) !== 0) {
      this.showCharacter();
      this.shownSymmetric = null;
    }
    if ((stale & NEW_HANDLES) !== 0 || this.selectionChanged) {
      this.goals.show(session);
      this.selectionChanged = false;
    }
    if (this.historyMoved) {
      this.undoButton.disabled = !undo.canUndo;
      this.redoButton.disabled = !undo.canRedo;
      this.historyMoved = false;
    }
    if (symmetry.enabled !== this.shownSymmetric) {
      this.symmetricButton.setAttribute('aria-pressed', String(symmetry.enabled));
      this.shownSymmetric = symmetry.enabled;
    }
    const skeleton = this.view.skeletonShown();
    if (skeleton !== this.shownSkeleton) {
      this.skeletonButton.setAttribute('aria-pressed', String(skeleton));
      this.shownSkeleton = skeleton;
    }
    const ghosts = this.view.ghostsShown();
    if (ghosts !== this.shownGhosts) {
      this.ghostsButton.setAttribute('aria-pressed', String(ghosts));
      this.shownGhosts = ghosts;
    }
  }

  /** Shows the skinning method applied (from the toggle or a script). */
  showSkinning(method: SkinningMethod): void {
    this.skinningToggle.show(method);
  }

  /** The character changed: its poses, and whether it mirrors. */
  private showCharacter(): void {
    const { editor } = this;
    this.presetPicker.replaceChildren(this.presetPicker.options[0], ...editor.presets.map((preset) => toolOption(preset.name, preset.label)));
    this.resetButton.title = `Reset to the start pose (${editor.presets[0].label})`;
    // A rig that does not mirror cannot mirror or drag symmetrically: say why, on the buttons and beside them.
    const unavailable = editor.symmetry.unavailable;
    for (const button of [...this.mirrorButtons, this.symmetricButton]) {
      button.disabled = unavailable !== null;
      button.title = unavailable === null ? (button.getAttribute('aria-label') ?? '') : `Not for this character: ${unavailable}`;
    }
    if (unavailable !== null) editor.symmetry.enabled = false;
    this.mirrorNote.hidden = unavailable === null;
    this.mirrorNote.textContent = unavailable === null ? '' : `Not for this character: ${unavailable}`;
    this.problem.show(null);
  }

  /** Runs an action; a failure shows under the tools instead of escaping the click. */
  private act(action: () => void): void {
    this.problem.run(action);
  }

  private readonly onPresetPicked = (): void => {
    const name = this.presetPicker.value;
    // Back to the placeholder, so that picking the same preset again applies it again.
    this.presetPicker.value = '';
    if (name !== '') this.act(() => this.editor.applyPreset(name));
  };
}
