// Stand-ins for the page's canvas and window, so that TargetHandles' real
// pointer and key handlers run in Node: they keep the listeners added to
// them, for a test to call with events of its own (plain objects it may
// reuse), track pointer capture, and give the canvas's page rectangle.

export type Listener = (event: never) => void;

/** Something listened on: the window, or a canvas without its rectangle. */
export class FakeEventTarget {
  private readonly listeners = new Map<string, Listener[]>();

  addEventListener(type: string, listener: Listener): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }

  removeEventListener(type: string, listener: Listener): void {
    this.listeners.set(type, (this.listeners.get(type) ?? []).filter((kept) => kept !== listener));
  }

  /** How many listeners there are, over all event types. */
  get listenerCount(): number {
    return [...this.listeners.values()].reduce((sum, list) => sum + list.length, 0);
  }

  /** The single listener of an event type (throws unless exactly one). */
  listener(type: string): Listener {
    const list = this.listeners.get(type) ?? [];
    if (list.length !== 1) throw new Error(`FakeEventTarget: ${list.length} listeners for ${type}`);
    return list[0];
  }

  /** Calls the listeners of `type` with `event`, as the browser would. */
  dispatch(type: string, event: object): void {
    for (const listener of this.listeners.get(type) ?? []) listener(event as never);
  }
}

/** A canvas at the page's top-left corner, `width` × `height` CSS px. */
export class FakeCanvas extends FakeEventTarget {
  readonly style = { cursor: '' };
  /** The captured pointer's id, or -1. */
  captured = -1;

  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    super();
  }

  getBoundingClientRect(): { left: number; top: number; width: number; height: number } {
    return { left: 0, top: 0, width: this.width, height: this.height };
  }

  setPointerCapture(pointerId: number): void {
    this.captured = pointerId;
  }

  hasPointerCapture(pointerId: number): boolean {
    return this.captured === pointerId;
  }

  releasePointerCapture(pointerId: number): void {
    if (this.captured === pointerId) this.captured = -1;
  }
}

/** A pointer event's fields that TargetHandles reads: the primary mouse's left button, pressed. */
export function pointerEvent(clientX: number, clientY: number): { pointerId: number; pointerType: string; isPrimary: boolean; button: number; buttons: number; clientX: number; clientY: number; stopImmediatePropagation(): void } {
  return { pointerId: 1, pointerType: 'mouse', isPrimary: true, button: 0, buttons: 1, clientX, clientY, stopImmediatePropagation: () => {} };
}

/** A key press as the page's key handlers read it; `prevented()` tells whether a handler took it. */
export function keyEvent(key: string): { key: string; ctrlKey: boolean; metaKey: boolean; preventDefault(): void; stopImmediatePropagation(): void; prevented(): boolean } {
  let prevented = false;
  return {
    key,
    ctrlKey: false,
    metaKey: false,
    preventDefault: () => {
      prevented = true;
    },
    stopImmediatePropagation: () => {},
    prevented: () => prevented,
  };
}
