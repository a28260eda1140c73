// The listeners of one kind of change, for any object that tells its
// changes rather than being polled for a version: add() returns the function
// that stops the listener (its owner calls it when disposed), and telling
// walks the list by index, so that a drag or playback frame that tells
// allocates nothing.

export class ListenerList<L extends (...args: never[]) => void> {
  /** Read by index to tell (see tell() for listeners without arguments). */
  readonly listeners: L[] = [];

  /** Adds `listener`; returns a function that removes it. */
  add(listener: L): () => void {
    this.listeners.push(listener);
    return () => {
      const index = this.listeners.indexOf(listener);
      if (index >= 0) this.listeners.splice(index, 1);
    };
  }
}

/** Listeners told only that something changed. */
export class Signal extends ListenerList<() => void> {
  tell(): void {
    const { listeners } = this;
    for (let i = 0; i < listeners.length; i++) listeners[i]();
  }
}
