// The help overlay: the keyboard shortcuts and pointer gestures of the page,
// over the view until closed ("?" toggles it, Esc, the Close button or a
// click beside the card closes it). Built with textContent only.

/** One line of the help: the keys or gesture, and what it does. */
export interface HelpRow {
  keys: string[];
  action: string;
}

export const HELP_ROWS: readonly HelpRow[] = [
  { keys: ['Ctrl+Z', '⌘Z'], action: 'Undo the last pose change (a whole drag is one step)' },
  { keys: ['Ctrl+Shift+Z', 'Ctrl+Y', '⌘⇧Z'], action: 'Redo' },
  { keys: ['?'], action: 'Show or hide this help' },
  { keys: ['Esc'], action: 'Close this help' },
  { keys: ['Drag a coloured handle'], action: 'Move an IK target (one finger on a touch screen)' },
  { keys: ['Targets list'], action: 'Add a target on any bone; Pin holds a tip in place while others move (a cube handle); × removes' },
  { keys: ['Drag elsewhere'], action: 'Orbit the camera (one finger)' },
  { keys: ['Scroll wheel'], action: 'Zoom (pinch with two fingers)' },
  { keys: ['Right-drag'], action: 'Pan (drag with two fingers)' },
];

export class HelpOverlay {
  readonly element = document.createElement('div');
  private readonly closeButton = document.createElement('button');

  constructor(parent: HTMLElement, rows: readonly HelpRow[] = HELP_ROWS) {
    this.element.className = 'help-overlay';
    this.element.hidden = true;
    const card = document.createElement('div');
    card.className = 'help-card';
    card.setAttribute('role', 'dialog');
    card.setAttribute('aria-label', 'Keyboard shortcuts');
    const heading = document.createElement('h2');
    heading.textContent = 'Keyboard shortcuts';
    const list = document.createElement('dl');
    for (const row of rows) {
      const keys = document.createElement('dt');
      row.keys.forEach((key, i) => {
        if (i > 0) keys.append(' or ');
        const kbd = document.createElement('kbd');
        kbd.textContent = key;
        keys.append(kbd);
      });
      const action = document.createElement('dd');
      action.textContent = row.action;
      list.append(keys, action);
    }
    this.closeButton.type = 'button';
    this.closeButton.className = 'tool-button help-close';
    this.closeButton.textContent = 'Close';
    card.append(heading, list, this.closeButton);
    this.element.append(card);
    parent.append(this.element);
    this.closeButton.addEventListener('click', () => this.close());
    // A click on the backdrop (not the card) closes it.
    this.element.addEventListener('click', (event) => {
      if (event.target === this.element) this.close();
    });
  }

  get isOpen(): boolean {
    return !this.element.hidden;
  }

  toggle(): void {
    if (this.isOpen) this.close();
    else this.open();
  }

  open(): void {
    this.element.hidden = false;
    this.closeButton.focus();
  }

  /** Closes the overlay; false if it was not open. */
  close(): boolean {
    if (!this.isOpen) return false;
    this.element.hidden = true;
    return true;
  }
}
