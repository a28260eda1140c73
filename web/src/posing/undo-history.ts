// Undo and redo in steps over a live state that is read and written through
// `capture` and `restore` (the posing page's: pose-snapshot.ts). A step is
// begin() … end(): begin snapshots the state, the outermost end records it if
// it changed. Steps nest, so a change made of smaller ones (applying a link:
// solver, pose, targets) and a whole handle drag (begun when the drag starts,
// ended when it stops, however many solves happen in between) are one step
// each. Undo and redo restore through `restore` without recording, and wait
// while a step is under way.
import { UndoHistory } from './undo-stacks.js';

export class EditHistory<S> {
  private readonly history: UndoHistory<S>;
  private depth = 0;
  private before: S | null = null;
  private restoring = false;
  private moves = 0;

  /** `limit` and `same` as for UndoHistory. */
  constructor(
    private readonly capture: () => S,
    private readonly restore: (state: S) => void,
    limit: number,
    same: (a: S, b: S) => boolean,
  ) {
    this.history = new UndoHistory(limit, same);
  }

  get canUndo(): boolean {
    return this.depth === 0 && this.history.canUndo;
  }

  get canRedo(): boolean {
    return this.depth === 0 && this.history.canRedo;
  }

  /** Steps undo and redo can take now (for display and tests). */
  get depths(): { undo: number; redo: number } {
    return { undo: this.history.undoDepth, redo: this.history.redoDepth };
  }

  /** Changes whenever canUndo or canRedo may have: a step recorded, undone or redone, a step begun or ended. */
  get version(): number {
    return this.moves;
  }

  /** True between the begin() and end() of the outermost step (e.g. during a drag). */
  get inStep(): boolean {
    return this.depth > 0;
  }

  /** Starts a step (or joins the one under way). */
  begin(): void {
    if (this.restoring) return;
    if (this.depth++ === 0) {
      this.before = this.capture();
      this.moves++;
    }
  }

  /** Ends a step; the outermost end records the change, if there was one. */
  end(): void {
    if (this.restoring || this.depth === 0) return;
    if (--this.depth > 0) return;
    const before = this.before as S;
    this.before = null;
    this.history.record(before, this.capture());
    this.moves++;
  }

  /** Runs `change` as one step (ended even if it throws). */
  step<T>(change: () => T): T {
    this.begin();
    try {
      return change();
    } finally {
      this.end();
    }
  }

  /** Goes back one step; false if there is none or a step (a drag) is under way. */
  undo(): boolean {
    return this.travel((now) => this.history.undo(now));
  }

  /** Goes forward one undone step; false if there is none or a step is under way. */
  redo(): boolean {
    return this.travel((now) => this.history.redo(now));
  }

  /** Forgets every step (the state they restore is gone, e.g. another character). */
  clear(): void {
    this.history.clear();
    this.moves++;
  }

  private travel(pick: (now: S) => S | null): boolean {
    if (this.depth > 0) return false;
    const target = pick(this.capture());
    if (target === null) return false;
    this.restoring = true;
    try {
      this.restore(target);
    } finally {
      this.restoring = false;
    }
    this.moves++;
    return true;
  }
}
