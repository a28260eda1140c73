// "Save PNG" (File menu): downloads a snapshot of the view. A snapshot that
// fails says so on the button for a moment instead of throwing into the page.
import { errorMessage } from '../text/error-message.js';

const LABEL = 'Save PNG';
const FILE_NAME = 'kin-pose.png';
const NOTICE_MILLIS = 2500;
// The download has read the blob long before this; the object URL is freed after.
const REVOKE_MILLIS = 60_000;

export class SaveImageButton {
  readonly element = document.createElement('div');
  private readonly button = document.createElement('button');

  /** `snapshot` gives the PNG to save at the moment of the click. */
  constructor(parent: HTMLElement, private readonly snapshot: () => Promise<Blob>) {
    this.element.className = 'save-image';
    this.button.type = 'button';
    this.button.className = 'save-image-button menu-item';
    this.button.dataset.action = 'save-png';
    this.button.textContent = LABEL;
    this.element.append(this.button);
    parent.append(this.element);
    this.button.addEventListener('click', () => void this.save());
  }

  private async save(): Promise<void> {
    try {
      const url = URL.createObjectURL(await this.snapshot());
      const anchor = document.createElement('a');
      anchor.href = url;
      anchor.download = FILE_NAME;
      anchor.click();
      setTimeout(() => URL.revokeObjectURL(url), REVOKE_MILLIS);
    } catch (error) {
      this.button.textContent = 'Could not save';
      this.button.title = errorMessage(error);
      setTimeout(() => {
        this.button.textContent = LABEL;
        this.button.title = '';
      }, NOTICE_MILLIS);
    }
  }
}
