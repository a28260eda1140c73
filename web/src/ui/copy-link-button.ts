// "Copy link": puts the page's URL (a share link of what is on screen) on the
// clipboard and says so briefly. Where the clipboard is refused (no
// permission, an insecure origin), the link appears selected in a read-only
// field for the user to copy by hand.
const CONFIRM_MS = 1500;
const LABEL = 'Copy link';

export class CopyLinkButton {
  readonly element = document.createElement('div');
  private readonly button = document.createElement('button');
  private readonly fallback = document.createElement('input');
  private restoreTimer: ReturnType<typeof setTimeout> | null = null;

  /** `link` gives the URL to copy at the moment of the click. */
  constructor(parent: HTMLElement, private readonly link: () => string) {
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
    this.element.append(this.button, this.fallback);
    parent.append(this.element);
    this.button.addEventListener('click', () => void this.copy());
  }

  private async copy(): Promise<void> {
    const url = this.link();
    try {
      await navigator.clipboard.writeText(url);
      this.fallback.hidden = true;
      this.confirm('Link copied');
    } catch {
      this.fallback.value = url;
      this.fallback.hidden = false;
      this.fallback.focus();
      this.fallback.select();
      this.confirm('Copy the selected link');
    }
  }

  private confirm(text: string): void {
    this.button.textContent = text;
    if (this.restoreTimer !== null) clearTimeout(this.restoreTimer);
    this.restoreTimer = setTimeout(() => {
      this.button.textContent = LABEL;
      this.restoreTimer = null;
    }, CONFIRM_MS);
  }
}
