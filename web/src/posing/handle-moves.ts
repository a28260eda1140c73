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

/**
 * What a handle's move does, for one session. A root target that moves the
 * body (session.movesRoot) carries the free targets — not the pins, which
 * hold — along by the same step, with their poles: the hands go with the
 * body, the feet stay.
 */
export function handleMoves(session: PosingSession, symmetry: SymmetricDrag): (goal: number, target_ms: HandlePosition) => void {
  const moved_ms = new Float64Array(3);
  const mirrored_ms = new Float64Array(3);
  const carried_ms = new Float64Array(3);
  let moves = 0;
  return (goal, target_ms) => {
    if (session.movesRoot && session.layout.goals[goal].movesRoot === true) {
      const targets = session.targets_ms;
      const dx = target_ms.x - targets[3 * goal];
      const dy = target_ms.y - targets[3 * goal + 1];
      const dz = target_ms.z - targets[3 * goal + 2];
      const goals = session.layout.goals;
      for (let g = 0; g < goals.length; g++) {
        if (g === goal || goals[g].pinned === true || goals[g].movesRoot === true) continue;
        carried_ms[0] = targets[3 * g] + dx;
        carried_ms[1] = targets[3 * g + 1] + dy;
        carried_ms[2] = targets[3 * g + 2] + dz;
        session.placeTarget(g, carried_ms);
        const poles = session.poles_ms;
        if (Number.isNaN(poles[3 * g])) continue;
        carried_ms[0] = poles[3 * g] + dx;
        carried_ms[1] = poles[3 * g + 1] + dy;
        carried_ms[2] = poles[3 * g + 2] + dz;
        session.placePole(g, carried_ms);
      }
    }
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
    session.placeTarget(goal, moved_ms);
    session.solve(moves++ % TIMED_EVERY === 0);
  };
}
