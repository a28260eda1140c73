// A bounded undo/redo history of whole-state snapshots, independent of what
// the state is. A change is recorded as the snapshot before it; undo hands
// that back and keeps the state it leaves for redo. A change that leaves the
// state as it was (same() says so) is not recorded, so a click on a handle
// that moves nothing is not a step; a new change clears what could be
// redone; past `limit` steps the oldest is forgotten.
export class UndoHistory<S> {
  private readonly past: S[] = [];
  private readonly future: S[] = [];

  /** `limit`: how many steps back undo can go (an integer ≥ 1). */
  constructor(private readonly limit: number, private readonly same: (a: S, b: S) => boolean) {
    if (!Number.isInteger(limit) || limit < 1) throw new Error(`UndoHistory: limit ${limit} must be an integer ≥ 1`);
  }

  get canUndo(): boolean {
    return this.past.length > 0;
  }

  get canRedo(): boolean {
    return this.future.length > 0;
  }

  /** Steps that undo can take now. */
  get undoDepth(): number {
    return this.past.length;
  }

  /** Steps that redo can take now. */
  get redoDepth(): number {
    return this.future.length;
  }

  /** Records a change from `before` to `after`; returns false (recording nothing) when they are the same. */
  record(before: S, after: S): boolean {
    if (this.same(before, after)) return false;
    this.push(this.past, before);
    this.future.length = 0;
    return true;
  }

  /** The state to go back to from `current` (kept for redo), or null with nothing to undo. */
  undo(current: S): S | null {
    const previous = this.past.pop();
    if (previous === undefined) return null;
    this.future.push(current);
    return previous;
  }

  /** The state undo left, from `current` (kept for undo), or null with nothing to redo. */
  redo(current: S): S | null {
    const next = this.future.pop();
    if (next === undefined) return null;
    this.push(this.past, current);
    return next;
  }

  clear(): void {
    this.past.length = 0;
    this.future.length = 0;
  }

  private push(stack: S[], state: S): void {
    stack.push(state);
    if (stack.length > this.limit) stack.shift();
  }
}
