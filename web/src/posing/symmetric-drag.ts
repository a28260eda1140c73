// Symmetric dragging: while it is on, moving a goal's target also moves the
// target of its partner goal (the goal on the other side's bone, e.g. hand_l
// and hand_r) to the mirror image of the point across the model's x = 0
// plane, before the one solve. Goals pair by their bones' mirror partners
// (Rig.mirrorPartners); a rig that does not mirror pairs none, and says why.
// A pin is nobody's partner: it holds its tip while its mirror image moves.
import { errorMessage } from '../text/error-message.js';
import { sideOf } from './found-goals.js';
import type { PosingSession } from './posing-session.js';

const NO_SIDES = 'it has no left and right bones to mirror (named _l/_r, .L/.R or Left…/Right…)';

export class SymmetricDrag {
  /** Whether moving a goal moves its partner too. */
  enabled = false;
  private partnerGoals = new Int32Array(0);
  private unavailableBecause: string | null = null;

  /** Why no goal has a partner (the rig does not mirror), or null. */
  get unavailable(): string | null {
    return this.unavailableBecause;
  }

  /** Pairs the session's goals; call whenever the goals change. */
  pairGoals(session: PosingSession): void {
    const goalBones = session.goalBones;
    let partners: Int32Array | null = null;
    try {
      partners = session.rig.mirrorPartners();
      // A rig of centre bones alone mirrors onto itself: there is no other side to copy.
      this.unavailableBecause = partners.some((partner, bone) => partner !== bone) ? null : NO_SIDES;
      if (this.unavailableBecause !== null) partners = null;
    } catch (error) {
      // A rig with no bone named for a side has nothing to mirror; for one that has, the core says what breaks the symmetry.
      const sided = session.rig.boneNames.some((name) => sideOf(name) !== 'none');
      this.unavailableBecause = sided ? `it is not left–right symmetric (${errorMessage(error).replace(/^Rig: (mirror: )?/, '')})` : NO_SIDES;
    }
    this.partnerGoals = Int32Array.from(goalBones, (bone) => {
      const partner = partners === null ? bone : partners[bone];
      const goal = partner === bone ? -1 : goalBones.indexOf(partner);
      return goal >= 0 && session.pinned(goal) ? -1 : goal;
    });
  }

  /** The goal that mirrors `goal` while symmetric dragging is on, else -1. */
  partnerOf(goal: number): number {
    return this.enabled && goal < this.partnerGoals.length ? this.partnerGoals[goal] : -1;
  }
}
