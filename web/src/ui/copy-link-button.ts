// "Copy link": puts the page's URL (a share link of what is on screen) on the
// clipboard and says so briefly. Where the clipboard is refused (no
// permission, an insecure origin), the link appears selected in a read-only
// field for the user to copy by hand. A state no link can hold (a glTF with
// more joints than a link has room for) copies nothing: a note under the
// button says why, until the next click or a click on the note; so does what
// a link made leaves out (its note).
import type { ShareUrl } from '../share/share-link.js';

const CONFIRM_MILLIS = 1500;
const LABEL = 'Copy link';

export class CopyLinkButton {
  readonly element = document.createElement('div');
  private readonly button = document.createElement('button');
  private readonly fallback = document.createElement('input');
  private readonly note = document.createElement('div');
  private restoreTimer: ReturnType<typeof setTimeout> | null = null;

  /** `link` gives the URL to copy at the moment of the click, or why there is none. */
  constructor(parent: HTMLElement, private readonly link: () => ShareUrl) {
    this.element.className = 'copy-link';
    this.button.type = 'button';
    this.button.className = 'copy-link-button tool-button';
    this.button.dataset.action = 'copy-link';
    this.button.title = 'Copy a link to this pose (character, pose, targets, camera)';
    this.button.textContent = LABEL;
    this.fallback.className = 'copy-link-fallback';
    this.fallback.readOnly = true;
    this.fallback.hidden = true;
    this.fallback.setAttribute('aria-label', 'share link');
    this.note.className = 'copy-link-note';
    this.note.setAttribute('role', 'status');
    this.note.hidden = true;
    this.note.addEventListener('click', () => (this.note.hidden = true));
    this.element.append(this.button, this.fallback, this.note);
    parent.append(this.element);
    this.button.addEventListener('click', () => void this.copy());
  }

  /** As the page opens: the button's own label, no note, no link offered. */
  reset(): void {
    if (this.restoreTimer !== null) clearTimeout(this.restoreTimer);
    this.restoreTimer = null;
    this.button.textContent = LABEL;
    this.note.hidden = true;
    this.fallback.hidden = true;
    this.fallback.value = '';
  }

  private async copy(): Promise<void> {
    const link = this.link();
    this.note.hidden = true;
    if (!link.ok) {
      this.fallback.hidden = true;
      this.note.textContent = link.error;
      this.note.hidden = false;
      this.confirm('No link');
      return;
    }
    const { url } = link;
    try {
      await navigator.clipboard.writeText(url);
      this.fallback.hidden = true;
      this.confirm('Link copied');
      this.showNote(link.note);
    } catch {
      this.fallback.value = url;
      this.fallback.hidden = false;
      this.fallback.focus();
      this.fallback.select();
      this.confirm('Copy the selected link');
      this.showNote(link.note);
    }
  }

  /** What the link leaves out (a clip too long, the reference image), under the button. */
  private showNote(note: string | undefined): void {
    if (note === undefined) return;
    this.note.textContent = note;
    this.note.hidden = false;
  }

  private confirm(text: string): void {
    this.button.textContent = text;
    if (this.restoreTimer !== null) clearTimeout(this.restoreTimer);
    this.restoreTimer = setTimeout(() => {
      this.button.textContent = LABEL;
      this.restoreTimer = null;
    }, CONFIRM_MILLIS);
  }
}
