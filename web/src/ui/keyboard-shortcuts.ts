// The page's keyboard shortcuts, Blender's where Blender has one: Ctrl+Z /
// ⌘Z undo, Ctrl+Shift+Z / ⌘⇧Z / Ctrl+Y redo, G grab the selected target
// (or the root target for a selected root bone), R rotate the selected bone,
// F frame the selection, 1 / 3 / 7 (or the numpad's) front / side / top
// views, "?" the help, Esc closes the help or cancels the gesture under way;
// the timeline's: Space play/pause, ← → a frame back/forward, K key the pose,
// Ctrl+C / Ctrl+V copy and paste the selected keys, Delete deletes them
// (Space and the arrows are left to a focused slider, menu or button).
// While focus is in a field that takes text (the solver panel's numbers, a
// link field) the keys are left to the field, whose own undo is what the
// user means there.
import type { ViewName } from '../three/view-presets.js';

export interface ShortcutActions {
  undo(): void;
  redo(): void;
  grab(): void;
  rotate(): void;
  frame(): void;
  showView(name: ViewName): void;
  toggleHelp(): void;
  /** Closes the help; false if it was not open. */
  closeHelp(): boolean;
  /** Cancels the gesture under way (a slider held); false if none was. */
  cancel(): boolean;
  playPause(): void;
  stepFrame(frames: number): void;
  key(): void;
  /** Copies / pastes / deletes the selected keys; false when there was nothing to do (the key is left to the browser). */
  copyKeys(): boolean;
  pasteKeys(): boolean;
  deleteKeys(): boolean;
}

// Input types that take no text: shortcuts stay on while they have focus.
const NON_TEXT_INPUTS = new Set(['button', 'checkbox', 'color', 'file', 'image', 'radio', 'range', 'reset', 'submit']);

/** Keys (KeyboardEvent.code) of the standard views: the top row's digits and the numpad's. */
const VIEW_KEYS: Readonly<Record<string, ViewName>> = {
  Digit1: 'front',
  Numpad1: 'front',
  Digit3: 'side',
  Numpad3: 'side',
  Digit7: 'top',
  Numpad7: 'top',
};

/** Whether `element` uses the arrow keys itself (a slider, a menu): they are left to it. */
function takesArrows(element: EventTarget | null): boolean {
  return element instanceof HTMLInputElement || element instanceof HTMLSelectElement;
}

/** Whether `element` uses Space itself (a button, a checkbox, a slider, a menu). */
function takesSpace(element: EventTarget | null): boolean {
  return takesArrows(element) || element instanceof HTMLButtonElement;
}

export function takesText(element: EventTarget | null): boolean {
  if (!(element instanceof HTMLElement)) return false;
  if (element.isContentEditable || element instanceof HTMLTextAreaElement) return true;
  return element instanceof HTMLInputElement && !NON_TEXT_INPUTS.has(element.type);
}

/** Listens on `target` (the window); returns a function that stops listening. */
export function installShortcuts(target: Window, actions: ShortcutActions): () => void {
  const onKeyDown = (event: KeyboardEvent): void => {
    if (event.defaultPrevented || event.altKey || takesText(event.target)) return;
    const command = event.ctrlKey || event.metaKey;
    const key = event.key.toLowerCase();
    const plain = !command && !event.shiftKey;
    if (command && key === 'z') {
      if (event.shiftKey) actions.redo();
      else actions.undo();
    } else if (event.ctrlKey && !event.shiftKey && key === 'y') {
      actions.redo();
    } else if (!command && event.key === '?') {
      actions.toggleHelp();
    } else if (!command && event.key === 'Escape') {
      if (!actions.closeHelp() && !actions.cancel()) return;
    } else if (plain && key === 'g') {
      actions.grab();
    } else if (plain && key === 'r') {
      actions.rotate();
    } else if (plain && key === 'f') {
      actions.frame();
    } else if (command && !event.shiftKey && key === 'c') {
      if (!actions.copyKeys()) return;
    } else if (command && !event.shiftKey && key === 'v') {
      if (!actions.pasteKeys()) return;
    } else if (!command && (event.key === 'Delete' || event.key === 'Backspace')) {
      if (!actions.deleteKeys()) return;
    } else if (plain && event.key === ' ' && !takesSpace(event.target)) {
      actions.playPause();
    } else if (plain && (event.key === 'ArrowLeft' || event.key === 'ArrowRight') && !takesArrows(event.target)) {
      actions.stepFrame(event.key === 'ArrowLeft' ? -1 : 1);
    } else if (plain && key === 'k') {
      actions.key();
    } else if (plain && event.code in VIEW_KEYS) {
      actions.showView(VIEW_KEYS[event.code]);
    } else {
      return;
    }
    event.preventDefault();
  };
  target.addEventListener('keydown', onKeyDown);
  return () => target.removeEventListener('keydown', onKeyDown);
}
