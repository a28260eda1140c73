// The members of window.kin for the floor (see kin-api.ts): Keep above the
// floor on the active character's solves.
import type { PoseEditor } from '../posing/pose-editor.js';

export interface KinFloorApi {
  /**
   * Keep above the floor: solves keep every bone's joint origin and tip at
   * or above the character's floor. Kept across solver changes; the
   * geometric solvers (ccd, fabrik, two-bone, look-at) solve without it.
   */
  setKeepAboveFloor(on: boolean): void;
  /** Whether Keep above the floor is asked for (setKeepAboveFloor). */
  keepAboveFloor(): boolean;
}

export function createFloorApi(editing: () => PoseEditor): KinFloorApi {
  return {
    setKeepAboveFloor: (on) => {
      if (typeof on !== 'boolean') throw new Error('kin: setKeepAboveFloor takes true or false');
      editing().session.useKeepAboveFloor(on);
    },
    keepAboveFloor: () => editing().session.keepAboveFloorAsked,
  };
}
