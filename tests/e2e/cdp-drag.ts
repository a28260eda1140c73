// A mouse drag sent straight through the DevTools protocol
// (Input.dispatchMouseEvent), for allocation measurements: Playwright's
// page.mouse runs a script of its own in the page on every move of a held
// button (drag-and-drop support), which a heap profile of the page would
// count. Each call waits for the browser to take the event. The pointer
// moves in whole CSS pixels, as a mouse does on a screen of device pixel
// ratio 1; fractional coordinates (a high-density screen, a pen) come out of
// the event as new numbers, two per move (~24 B), which the profiler would
// charge to whoever reads them.
import type { CDPSession } from 'playwright-core';

const MOVES_PER_LOOP = 48;

export class CdpDrag {
  private moves = 0;

  private readonly start: { x: number; y: number };

  constructor(private readonly cdp: CDPSession, start: { x: number; y: number }) {
    this.start = { x: Math.round(start.x), y: Math.round(start.y) };
  }

  /** Presses the left button at the start point (CSS px). */
  async press(): Promise<void> {
    await this.mouse('mouseMoved', this.start.x, this.start.y);
    await this.mouse('mousePressed', this.start.x, this.start.y);
  }

  /**
   * Moves `count` times along a loop of 60 × 40 px through the start point,
   * 48 moves a loop, continuing where the last call stopped.
   */
  async move(count: number): Promise<void> {
    for (let i = 0; i < count; i++) {
      const angle = (2 * Math.PI * ++this.moves) / MOVES_PER_LOOP;
      await this.mouse('mouseMoved', Math.round(this.start.x + 30 * Math.sin(angle)), Math.round(this.start.y + 20 * (1 - Math.cos(angle))));
    }
  }

  /** Moves back to the start point and releases there: the handle ends where it began, not under a panel. */
  async release(): Promise<void> {
    await this.mouse('mouseMoved', this.start.x, this.start.y);
    await this.mouse('mouseReleased', this.start.x, this.start.y);
  }

  private async mouse(type: 'mousePressed' | 'mouseMoved' | 'mouseReleased', x: number, y: number): Promise<void> {
    await this.cdp.send('Input.dispatchMouseEvent', { type, x, y, button: 'left', buttons: type === 'mouseReleased' ? 0 : 1, clickCount: type === 'mouseMoved' ? 0 : 1 });
  }
}
