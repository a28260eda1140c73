// What the user has selected: one bone (turned with the sliders, the
// rotation gizmo, R), one target (moved with its gizmo, G, R), or nothing —
// one at a time, as in Blender's pose mode, so that a key always means one
// thing. The inspector shows it, the view draws it, F frames it; they
// listen with onChange(). No DOM.
import { Signal } from '../rig/listener-list.js';

export const NOTHING = -1;

export type Selected = { kind: 'none' } | { kind: 'bone'; bone: number } | { kind: 'goal'; goal: number };

export class Selection {
  private selectedBone = NOTHING;
  private selectedGoal = NOTHING;
  private readonly changed = new Signal();

  /** The selected bone's index, or NOTHING. */
  get bone(): number {
    return this.selectedBone;
  }

  /** The selected goal's index, or NOTHING. */
  get goal(): number {
    return this.selectedGoal;
  }

  get current(): Selected {
    if (this.selectedBone !== NOTHING) return { kind: 'bone', bone: this.selectedBone };
    if (this.selectedGoal !== NOTHING) return { kind: 'goal', goal: this.selectedGoal };
    return { kind: 'none' };
  }

  selectBone(bone: number): void {
    this.set(bone, NOTHING);
  }

  selectGoal(goal: number): void {
    this.set(NOTHING, goal);
  }

  clear(): void {
    this.set(NOTHING, NOTHING);
  }

  /** Calls `listener` after every change of what is selected; returns a function that stops it. */
  onChange(listener: () => void): () => void {
    return this.changed.add(listener);
  }

  private set(bone: number, goal: number): void {
    if (bone === this.selectedBone && goal === this.selectedGoal) return;
    this.selectedBone = bone;
    this.selectedGoal = goal;
    this.changed.tell();
  }
}
