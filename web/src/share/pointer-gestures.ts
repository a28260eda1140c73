// Tells whether a pointer is held down anywhere on the page (a drag of a
// handle, an orbit, a slider), and numbers the presses, so that the history
// can keep everything one gesture changed in one entry. Listens on the window
// in the capture phase: controls that stop their events' propagation are
// still seen.
export const NO_GESTURE = -1;

export class PointerGestures {
  private readonly held = new Set<number>();
  private presses = 0;

  constructor() {
    window.addEventListener('pointerdown', this.onDown, { capture: true });
    window.addEventListener('pointerup', this.onUp, { capture: true });
    window.addEventListener('pointercancel', this.onUp, { capture: true });
    // A release outside the window may never arrive.
    window.addEventListener('blur', this.onBlur);
  }

  /** The number of the press going on, or NO_GESTURE when no pointer is down. */
  get current(): number {
    return this.held.size > 0 ? this.presses : NO_GESTURE;
  }

  dispose(): void {
    window.removeEventListener('pointerdown', this.onDown, { capture: true });
    window.removeEventListener('pointerup', this.onUp, { capture: true });
    window.removeEventListener('pointercancel', this.onUp, { capture: true });
    window.removeEventListener('blur', this.onBlur);
  }

  private readonly onDown = (event: PointerEvent): void => {
    // A second finger joins the gesture in progress.
    if (this.held.size === 0) this.presses++;
    this.held.add(event.pointerId);
  };

  private readonly onUp = (event: PointerEvent): void => {
    this.held.delete(event.pointerId);
  };

  private readonly onBlur = (): void => {
    this.held.clear();
  };
}
