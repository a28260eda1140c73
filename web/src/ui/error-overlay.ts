// A readable failure instead of a blank page: what failed, the error's own
// message, and the stack folded away for whoever debugs it.
import { errorMessage } from '../text/error-message.js';

/** Shows (or replaces) the overlay; `what` says which step failed. */
export function showErrorOverlay(parent: HTMLElement, what: string, error: unknown): void {
  parent.querySelector('.error-overlay')?.remove();
  const overlay = document.createElement('div');
  overlay.className = 'error-overlay';
  overlay.setAttribute('role', 'alert');

  const card = document.createElement('div');
  card.className = 'error-card';
  const title = document.createElement('h1');
  title.textContent = what;
  const message = document.createElement('p');
  message.textContent = errorMessage(error);
  card.append(title, message);

  if (error instanceof Error && error.stack) {
    const details = document.createElement('details');
    const summary = document.createElement('summary');
    summary.textContent = 'Details';
    const stack = document.createElement('pre');
    stack.textContent = error.stack;
    details.append(summary, stack);
    card.append(details);
  }
  overlay.append(card);
  parent.append(overlay);
}
