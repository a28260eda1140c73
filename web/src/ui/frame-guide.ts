// The render camera's frame over the view while looking through it (Blender's
// passepartout): a rectangle where the picture's edges are, everything
// outside it darkened. The view's own pixels are untouched: it is a DOM
// layer over the canvas that lets the pointer through.
import type { FrameFit } from '../scene/frame-fit.js';

export class FrameGuide {
  readonly element = document.createElement('div');

  constructor(parent: HTMLElement) {
    this.element.className = 'frame-guide';
    this.element.hidden = true;
    this.element.setAttribute('aria-hidden', 'true');
    parent.append(this.element);
  }

  /** Shows the frame at `fit` (view CSS pixels), or hides it (null). */
  show(fit: FrameFit | null): void {
    this.element.hidden = fit === null;
    if (fit === null) return;
    const { style } = this.element;
    style.left = `${fit.x}px`;
    style.top = `${fit.y}px`;
    style.width = `${fit.width}px`;
    style.height = `${fit.height}px`;
  }

  dispose(): void {
    this.element.remove();
  }
}
