// What a lesson teaches, apart from its rig: a one-line summary for the
// lesson index, a few short paragraphs for its text panel, and a "try this"
// task whose check tells the student when it is done. Checks are DOM-free —
// they read the rig, the timeline's clip and the lesson's progress (what its
// tools have done, e.g. the iterations a step-through has shown) — so Node
// tests can run them.
import type { ClipData } from '../rig/clip-data.js';
import type { Rig } from '../rig/rig.js';

/** What a lesson's tools have done so far, by key: set by the page, read by checks. */
export class LessonProgress {
  private readonly values = new Map<string, number>();

  get(key: string): number {
    return this.values.get(key) ?? 0;
  }

  set(key: string, value: number): void {
    this.values.set(key, value);
  }

  clear(): void {
    this.values.clear();
  }
}

export interface LessonTask {
  /** What to do, one or two sentences. */
  prompt: string;
  /** Whether it is done, from the rig's state, the lesson's progress and the timeline's clip. */
  done(rig: Rig, progress: LessonProgress, clip: ClipData): boolean;
}

/** The page-side tools a lesson brings beyond posing (app/lessons/ builds them). */
export type LessonToolKind = 'step-through' | 'solver-duel' | 'triangle' | 'race' | 'trails' | 'frames' | 'weights' | 'curves';

export interface LessonTeaching {
  /** One line for the lesson index. */
  summary: string;
  /** Short paragraphs of plain text (no markup: the panel sets textContent). */
  text: readonly string[];
  task: LessonTask;
  tool?: LessonToolKind;
}
