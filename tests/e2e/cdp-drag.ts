// A mouse drag sent straight through the DevTools protocol
// (Input.dispatchMouseEvent), for allocation measurements: Playwright's
// page.mouse runs a script of its own in the page on every move of a held
// button (drag-and-drop support), which a heap profile of the page would
// count. Each call waits for the browser to take the event.
import type { CDPSession } from 'playwright-core';

export class CdpDrag {
  private moves = 0;

  constructor(private readonly cdp: CDPSession, private readonly start: { x: number; y: number }) {}

  /** Presses the left button at the start point (CSS px). */
  async press(): Promise<void> {
    await this.mouse('mouseMoved', this.start.x, this.start.y);
    await this.mouse('mousePressed', this.start.x, this.start.y);
  }

  /** Moves `count` times along a loop of 60 × 40 px around the start point, continuing where the last call stopped. */
  async move(count: number): Promise<void> {
    for (let i = 0; i < count; i++) {
      const angle = (2 * Math.PI * ++this.moves) / 50;
      await this.mouse('mouseMoved', this.start.x + 30 * Math.sin(angle), this.start.y + 20 * (1 - Math.cos(angle)));
    }
  }

  async release(): Promise<void> {
    await this.mouse('mouseReleased', this.start.x, this.start.y);
  }

  private async mouse(type: 'mousePressed' | 'mouseMoved' | 'mouseReleased', x: number, y: number): Promise<void> {
    await this.cdp.send('Input.dispatchMouseEvent', { type, x, y, button: 'left', buttons: type === 'mouseReleased' ? 0 : 1, clickCount: type === 'mouseMoved' ? 0 : 1 });
  }
}
