// The help overlay: the keyboard shortcuts and pointer gestures of the page,
// over the view until closed ("?" toggles it, Esc, the Close button or a
// click beside the card closes it). Built with textContent only.

/** One line of the help: the keys or gesture, and what it does. */
export interface HelpRow {
  keys: string[];
  action: string;
}

export const HELP_ROWS: readonly HelpRow[] = [
  { keys: ['Drag a coloured handle'], action: 'Move an IK target (one finger on a touch screen: a press beside the handle takes it too); where handles overlap, press again for the next; its arrows move it along one axis' },
  { keys: ['Click a bone'], action: 'Select it: turn it with the sliders in the inspector or the rings on its joint' },
  { keys: ['G'], action: 'Grab the selected target: it follows the pointer (X, Y, Z keep it on that axis) until a click or Enter; Esc or right-click puts it back' },
  { keys: ['R'], action: 'Rotate the selected bone about the line of sight as the pointer circles its joint; a click keeps it, Esc puts it back' },
  { keys: ['Esc'], action: 'During a drag: put everything back as it was (no undo step). Otherwise: close this help' },
  { keys: ['F'], action: 'Frame the selection (or the whole character)' },
  { keys: ['1', '3', '7'], action: 'Front, side and top views (the numpad’s keys too)' },
  { keys: ['Ctrl+Z', '⌘Z'], action: 'Undo the last change (a whole drag is one step)' },
  { keys: ['Ctrl+Shift+Z', 'Ctrl+Y', '⌘⇧Z'], action: 'Redo' },
  { keys: ['K'], action: 'Key the pose at the current time (all bones, or the selected bone: the menu beside Key)' },
  { keys: ['Space'], action: 'Play or pause the clip' },
  { keys: ['←', '→'], action: 'A frame back or forward' },
  { keys: ['Timeline'], action: 'Drag to scrub; click a key marker to select it (Shift: add), drag it to move the keys; its interpolation and T/C/B are beside Key' },
  { keys: ['Ctrl+C', 'Ctrl+V', 'Delete'], action: 'Copy the selected keys, paste them at the current time, delete them' },
  { keys: ['?'], action: 'Show or hide this help' },
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
