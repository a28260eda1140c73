// A widget's "something I show changed" flag, raised by the editor's change
// events of the kinds it shows (of the active character, or another
// character made active), and taken by the widget when it next draws: what
// replaces comparing version counters every frame. Allocation-free.
import type { ChangeListener } from './change-batch.js';
import { Change, type Changes } from './scene-change.js';
import type { SceneCharacter } from './scene.js';

/** What a flag listens to: the pose editor. */
export interface ChangeSource {
  onChange(listener: ChangeListener): () => void;
  readonly active: SceneCharacter;
}

/** Another character to show: every flag rises with it. */
const OTHER_CHARACTER = Change.CHARACTER | Change.ACTIVE;

export class ChangeFlag {
  private raised = true;
  private readonly stop: () => void;

  /** Raised at first, and by every change of the active character with one of `changes` (or another character shown). */
  constructor(source: ChangeSource, changes: Changes) {
    const watched = changes | OTHER_CHARACTER;
    this.stop = source.onChange((told, character) => {
      if ((told & watched) !== 0 && character === source.active) this.raised = true;
    });
  }

  /** Whether it was raised since the last take (and lowers it). */
  take(): boolean {
    const raised = this.raised;
    this.raised = false;
    return raised;
  }

  /** Raises it by hand (a widget that must show anew for a reason of its own). */
  raise(): void {
    this.raised = true;
  }

  dispose(): void {
    this.stop();
  }
}
