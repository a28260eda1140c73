// Undo and redo over a live state that is read and written through
// `capture` and `restore` (the posing page's: pose-state.ts), in steps, with
// the bounded stacks of whole-state snapshots underneath (UndoStacks).
//
// A step is begin() … end(): begin snapshots the state, the outermost end
// records it if it changed. Steps nest, so a change made of smaller ones
// (applying a link: solver, pose, targets) and a whole gesture (a handle or
// gizmo drag, a slider drag: begun on press, ended on release, however many
// changes happen in between) are one step each. cancel() ends the step by
// putting the state back exactly as begin() found it, recording nothing (Esc
// during a drag). Undo and redo restore through `restore` without recording,
// and wait while a step is under way. Whoever shows canUndo and canRedo
// listens with onMove().
import { Signal } from '../rig/listener-list.js';

/**
 * Bounded undo/redo stacks of whole-state snapshots, independent of what the
 * state is. A change is recorded as the snapshot before it; undo hands that
 * back and keeps the state it leaves for redo. A change that leaves the
 * state as it was (same() says so) is not recorded, so a click on a handle
 * that moves nothing is not a step; a new change clears what could be
 * redone; past `limit` steps the oldest is forgotten.
 */
export class UndoStacks<S> {
  private readonly past: S[] = [];
  private readonly future: S[] = [];

  /** `limit`: how many steps back undo can go (an integer ≥ 1). */
  constructor(private readonly limit: number, private readonly same: (a: S, b: S) => boolean) {
    if (!Number.isInteger(limit) || limit < 1) throw new Error(`UndoStacks: limit ${limit} must be an integer ≥ 1`);
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

  /** The state undo would go back to, without taking it (null: none). */
  get nextUndo(): S | null {
    return this.past.length === 0 ? null : this.past[this.past.length - 1];
  }

  /** The state redo would go forward to, without taking it (null: none). */
  get nextRedo(): S | null {
    return this.future.length === 0 ? null : this.future[this.future.length - 1];
  }

  clear(): void {
    this.past.length = 0;
    this.future.length = 0;
  }

  /** Forgets every recorded state `gone` picks (what they restore no longer exists), keeping the order of the rest. */
  forget(gone: (state: S) => boolean): void {
    for (const stack of [this.past, this.future]) {
      const kept = stack.filter((state) => !gone(state));
      stack.length = 0;
      stack.push(...kept);
    }
  }

  private push(stack: S[], state: S): void {
    stack.push(state);
    if (stack.length > this.limit) stack.shift();
  }
}

export class UndoHistory<S> {
  private readonly stacks: UndoStacks<S>;
  private depth = 0;
  private before: S | null = null;
  private restoring = false;
  private readonly moved = new Signal();

  /**
   * `limit` and `same` as for UndoStacks. `beforeChange` runs before the
   * state is captured for a change: at the outermost begin() and before an
   * undo or redo that has a step to take (the page stops playback there, so
   * that the change is made on the pose shown and kept). `prepare` runs
   * before an undo or redo captures the state it leaves, with the state it
   * goes to: a scene brings that state's character forward there, so that
   * what is kept for the way back is that character's state.
   */
  constructor(
    private readonly capture: () => S,
    private readonly restore: (state: S) => void,
    limit: number,
    same: (a: S, b: S) => boolean,
    private readonly beforeChange: () => void = () => {},
    private readonly prepare: (target: S) => void = () => {},
  ) {
    this.stacks = new UndoStacks(limit, same);
  }

  get canUndo(): boolean {
    return this.depth === 0 && this.stacks.canUndo;
  }

  get canRedo(): boolean {
    return this.depth === 0 && this.stacks.canRedo;
  }

  /** Steps undo and redo can take now (for display and tests). */
  get depths(): { undo: number; redo: number } {
    return { undo: this.stacks.undoDepth, redo: this.stacks.redoDepth };
  }

  /**
   * Calls `listener` whenever canUndo or canRedo may have changed: a step
   * recorded, cancelled, undone or redone, a step begun or ended, steps
   * forgotten. Returns a function that stops it.
   */
  onMove(listener: () => void): () => void {
    return this.moved.add(listener);
  }

  /** True between the begin() and end() of the outermost step (e.g. during a drag). */
  get inStep(): boolean {
    return this.depth > 0;
  }

  /** Starts a step (or joins the one under way). */
  begin(): void {
    if (this.restoring) return;
    if (this.depth === 0) {
      this.beforeChange();
      this.before = this.capture();
      this.moved.tell();
    }
    this.depth++;
  }

  /** Ends a step; the outermost end records the change, if there was one. */
  end(): void {
    if (this.restoring || this.depth === 0) return;
    if (--this.depth > 0) return;
    const before = this.before as S;
    this.before = null;
    this.stacks.record(before, this.capture());
    this.moved.tell();
  }

  /**
   * Abandons the step under way, however deeply nested: the state goes back
   * to what the outermost begin() captured and nothing is recorded. False
   * when no step is under way.
   */
  cancel(): boolean {
    if (this.restoring || this.depth === 0) return false;
    const before = this.before as S;
    this.depth = 0;
    this.before = null;
    this.restoreQuietly(before);
    return true;
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
    return this.canUndo && this.travel(this.stacks.nextUndo, (now) => this.stacks.undo(now));
  }

  /** Goes forward one undone step; false if there is none or a step is under way. */
  redo(): boolean {
    return this.canRedo && this.travel(this.stacks.nextRedo, (now) => this.stacks.redo(now));
  }

  /** Forgets every recorded step whose state `gone` picks (see UndoStacks.forget). */
  forget(gone: (state: S) => boolean): void {
    this.stacks.forget(gone);
    this.moved.tell();
  }

  /** Forgets every step (the state they restore is gone, e.g. another character); a step under way is dropped. */
  clear(): void {
    this.stacks.clear();
    this.depth = 0;
    this.before = null;
    this.moved.tell();
  }

  private travel(next: S | null, pick: (now: S) => S | null): boolean {
    if (this.depth > 0 || next === null) return false;
    this.beforeChange();
    this.prepare(next);
    const target = pick(this.capture());
    if (target === null) return false;
    this.restoreQuietly(target);
    return true;
  }

  private restoreQuietly(state: S): void {
    this.restoring = true;
    try {
      this.restore(state);
    } finally {
      this.restoring = false;
    }
    this.moved.tell();
  }
}
