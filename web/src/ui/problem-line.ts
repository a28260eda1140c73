// The line under a panel that says why its last action failed, hidden while
// nothing has: a control's failure shows beside it instead of escaping the
// click into the error dialog.
import { errorMessage } from '../text/error-message.js';

export class ProblemLine {
  readonly element = document.createElement('p');

  constructor(className: string) {
    this.element.className = className;
    this.element.setAttribute('role', 'alert');
    this.element.hidden = true;
  }

  /** Shows an error's message (an Error, or a string), or hides the line for null. */
  show(error: unknown): void {
    this.element.hidden = error === null;
    this.element.textContent = error === null ? '' : errorMessage(error);
  }

  /** Runs an action: its failure shows here, a success clears the line. */
  run(action: () => void): void {
    try {
      action();
      this.show(null);
    } catch (error) {
      this.show(error);
    }
  }

  /** Runs an action that finishes later (storage, a file): as run(), once it has settled. */
  async runAsync(action: () => Promise<void>): Promise<void> {
    try {
      this.show(null);
      await action();
    } catch (error) {
      this.show(error);
    }
  }
}
