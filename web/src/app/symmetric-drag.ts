// Symmetric dragging: while it is on, moving a goal's target also moves the
// target of its partner goal (the goal on the other side's bone, e.g. hand_l
// and hand_r) to the mirror image of the point across the model's x = 0
// plane, before the one solve. Goals pair by their bones' mirror partners
// (Rig.mirrorPartners); a rig that does not mirror pairs none, and says why.
import type { Rig } from '../rig/rig.js';
import { errorMessage } from './error-overlay.js';

export class SymmetricDrag {
  /** Whether moving a goal moves its partner too. */
  enabled = false;
  private partnerGoals = new Int32Array(0);
  private unavailableBecause: string | null = null;

  /** Why no goal has a partner (the rig does not mirror), or null. */
  get unavailable(): string | null {
    return this.unavailableBecause;
  }

  /** Pairs the goals (by their bone indices, in goal order); call whenever the goals change. */
  pairGoals(rig: Rig, goalBones: readonly number[]): void {
    let partners: Int32Array | null = null;
    try {
      partners = rig.mirrorPartners();
      this.unavailableBecause = null;
    } catch (error) {
      this.unavailableBecause = errorMessage(error);
    }
    this.partnerGoals = Int32Array.from(goalBones, (bone) => {
      const partner = partners === null ? bone : partners[bone];
      return partner === bone ? -1 : goalBones.indexOf(partner);
    });
  }

  /** The goal that mirrors `goal` while symmetric dragging is on, else -1. */
  partnerOf(goal: number): number {
    return this.enabled && goal < this.partnerGoals.length ? this.partnerGoals[goal] : -1;
  }
}
