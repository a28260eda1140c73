// The page's keyboard shortcuts: Ctrl+Z / ⌘Z undo, Ctrl+Shift+Z / ⌘⇧Z /
// Ctrl+Y redo, "?" toggles the help, Esc closes it. While focus is in a
// field that takes text (the solver panel's numbers, a link field) the keys
// are left to the field, whose own undo is what the user means there.

export interface ShortcutActions {
  undo(): void;
  redo(): void;
  toggleHelp(): void;
  /** Closes the help; false if it was not open. */
  closeHelp(): boolean;
}

// Input types that take no text: shortcuts stay on while they have focus.
const NON_TEXT_INPUTS = new Set(['button', 'checkbox', 'color', 'file', 'image', 'radio', 'range', 'reset', 'submit']);

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
    if (command && key === 'z') {
      if (event.shiftKey) actions.redo();
      else actions.undo();
    } else if (event.ctrlKey && !event.shiftKey && key === 'y') {
      actions.redo();
    } else if (!command && event.key === '?') {
      actions.toggleHelp();
    } else if (!command && event.key === 'Escape') {
      if (!actions.closeHelp()) return;
    } else {
      return;
    }
    event.preventDefault();
  };
  target.addEventListener('keydown', onKeyDown);
  return () => target.removeEventListener('keydown', onKeyDown);
}
