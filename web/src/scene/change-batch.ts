// Telling listeners what changed once per edit: an edit opens a batch
// (nested edits join it), changes add their bits as they happen, and the
// outermost close tells every listener the bits together, with the
// character they belong to. A change made outside any edit (a clip's pose
// shown by the timeline) is told at once, and so is one inside an edit (the
// sampled pose that stopping playback leaves as an edit begins), apart from
// the edit's own: listeners tell a clip's pose shown from an edit by the
// SAMPLE bit. Allocation-free: a drag frame opens and closes one.
import { Change, type Changes } from './scene-change.js';
import type { SceneCharacter } from './scene.js';
import { ListenerList } from '../rig/listener-list.js';

export type ChangeListener = (changes: Changes, character: SceneCharacter) => void;

export class ChangeBatch {
  private readonly listeners = new ListenerList<ChangeListener>();
  private depth = 0;
  private pending: Changes = 0;

  /** `active()`: the character an edit's changes belong to. */
  constructor(private readonly active: () => SceneCharacter) {}

  /** Calls `listener` with every batch from now on; returns a function that stops it. */
  listen(listener: ChangeListener): () => void {
    return this.listeners.add(listener);
  }

  open(): void {
    this.depth++;
  }

  /** Ends an edit with `changes` besides those it gathered: the outermost tells them all. */
  close(changes: Changes): void {
    this.pending |= changes;
    if (--this.depth > 0) return;
    this.flush();
  }

  /** A change of the active character: part of the edit under way, or told at once outside one (a clip's pose shown: at once, always). */
  add(changes: Changes): void {
    if ((changes & Change.SAMPLE) !== 0) {
      this.tellNow(changes, this.active());
      return;
    }
    this.pending |= changes;
    if (this.depth === 0) this.flush();
  }

  /** Tells a change of another character than the active one at once. */
  tellNow(changes: Changes, character: SceneCharacter): void {
    // Indexed: a drag frame calls this and must not allocate.
    const { listeners } = this.listeners;
    for (let i = 0; i < listeners.length; i++) listeners[i](changes, character);
  }

  private flush(): void {
    const told = this.pending;
    this.pending = 0;
    if (told !== 0) this.tellNow(told, this.active());
  }
}
