// What moving a target handle does: the goal's target follows the handle
// and the session solves; with symmetric dragging on, the partner goal's
// target first moves to the mirror image across x = 0, so that one solve
// poses both (the handles follow the targets). Runs on every pointer move of a drag, so it
// allocates nothing: the coordinates go into typed arrays kept here, which
// carry them down to the core with no number boxed on the way, and only one
// solve in TIMED_EVERY is timed (the status line's solve time; a drag's
// last solve is timed when the drag ends: PoseEditor.endGesture).
import type { PosingSession } from './posing-session.js';
import type { SymmetricDrag } from './symmetric-drag.js';

/** A drag times one solve in this many (see PosingSession.solve). */
export const TIMED_EVERY = 16;

/** A handle position as three.js keeps it (a Vector3). */
export interface HandlePosition {
  readonly x: number;
  readonly y: number;
  readonly z: number;
}

/** What a handle's move does, for one session. */
export function handleMoves(session: PosingSession, symmetry: SymmetricDrag): (goal: number, target_ms: HandlePosition) => void {
  const moved_ms = new Float64Array(3);
  const mirrored_ms = new Float64Array(3);
  let moves = 0;
  return (goal, target_ms) => {
    const partner = symmetry.partnerOf(goal);
    if (partner >= 0) {
      mirrored_ms[0] = -target_ms.x;
      mirrored_ms[1] = target_ms.y;
      mirrored_ms[2] = target_ms.z;
      session.placeTarget(partner, mirrored_ms);
    }
    moved_ms[0] = target_ms.x;
    moved_ms[1] = target_ms.y;
    moved_ms[2] = target_ms.z;
    session.moveGoal(goal, moved_ms, moves++ % TIMED_EVERY === 0);
  };
}
