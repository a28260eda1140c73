// The reference image behind the scene in the view ('behind' mode): an
// <img> under the transparent canvas, placed in the frame it is fixed to —
// the render camera's frame while looking through it, else the visible view
// — as Save PNG places it in the picture (scene/reference-layout.ts).
import { type Rect, referenceRect } from '../scene/reference-layout.js';
import type { ReferenceSettings } from '../scene/reference-image.js';

export class ReferenceBackdrop {
  readonly element = document.createElement('img');
  private url: string | null = null;
  private shownBytes: Uint8Array | null = null;

  constructor(parent: HTMLElement) {
    this.element.className = 'reference-backdrop';
    this.element.alt = '';
    this.element.hidden = true;
    this.element.draggable = false;
    parent.prepend(this.element);
  }

  /** Shows `picture` (its bytes, type and size; null: none) in `frame` (view CSS pixels) with `settings` (shown only in 'behind' mode). */
  show(picture: { bytes: Uint8Array; mime: string; width: number; height: number } | null, settings: ReferenceSettings, frame: Rect): void {
    if (picture === null) {
      this.free();
      this.element.hidden = true;
      return;
    }
    if (picture.bytes !== this.shownBytes) {
      this.free();
      this.url = URL.createObjectURL(new Blob([picture.bytes as Uint8Array<ArrayBuffer>], { type: picture.mime }));
      this.element.src = this.url;
      this.shownBytes = picture.bytes;
    }
    const rect = referenceRect(frame.width, frame.height, picture.width, picture.height, settings);
    const { style } = this.element;
    style.left = `${frame.x + rect.x}px`;
    style.top = `${frame.y + rect.y}px`;
    style.width = `${rect.width}px`;
    style.height = `${rect.height}px`;
    style.opacity = String(settings.opacity);
    this.element.hidden = settings.mode !== 'behind';
  }

  dispose(): void {
    this.free();
    this.element.remove();
  }

  private free(): void {
    if (this.url !== null) URL.revokeObjectURL(this.url);
    this.url = null;
    this.shownBytes = null;
  }
}
