// When the page's URL gets a new history entry and when it only rewrites the
// current one, so that Back and Forward walk through completed poses
// without a flood of entries:
// - a settled change of the pose, solver or goals pushes an entry;
// - changes made while one pointer gesture goes on (a drag that pauses long
//   enough for the URL to catch up, then goes on) extend the entry that
//   gesture pushed, so a whole drag is one entry;
// - a settled change of the camera alone rewrites the current entry.
// So the history grows by at most one entry per gesture or per settled
// scripted change (and browsers cap a tab's history themselves: Chromium
// keeps 50 entries). No DOM here: the page tells it its changes (an edit
// or not) and gestures.
import { NO_GESTURE } from './pointer-gestures.js';

export type HistoryWrite = 'push' | 'replace';

export class HistoryPolicy {
  private lastChangeGesture = NO_GESTURE;
  private entryGesture = NO_GESTURE;
  /** Whether the pose, solver or goals were edited since the entry was written (the camera, a clip shown at a time are no edits). */
  private editedSinceWritten = false;

  /**
   * The current entry shows the state now. `pushing` false: every write
   * replaces (an embedded page must not fill the history of the page
   * around it).
   */
  constructor(private readonly pushing: boolean) {}

  /** The state changed during pointer gesture `gesture` (NO_GESTURE: outside any); `edited`: an edit, not the view alone. */
  changed(gesture: number, edited: boolean): void {
    this.lastChangeGesture = gesture;
    if (edited) this.editedSinceWritten = true;
  }

  /** The state has settled: how to write it. */
  settle(): HistoryWrite {
    const edited = this.editedSinceWritten;
    const sameGesture = this.lastChangeGesture !== NO_GESTURE && this.lastChangeGesture === this.entryGesture;
    this.editedSinceWritten = false;
    if (!this.pushing || !edited || sameGesture) return 'replace';
    this.entryGesture = this.lastChangeGesture;
    return 'push';
  }

  /** The URL shows a state that it did not get from a write (Back, Forward, a pasted link). */
  adopt(): void {
    this.editedSinceWritten = false;
    this.entryGesture = NO_GESTURE;
    this.lastChangeGesture = NO_GESTURE;
  }
}
