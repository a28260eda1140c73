// The members of window.kin for balance (see kin-api.ts): the active
// character's centre of mass and support polygon, and Keep balance.
import type { PoseEditor } from '../posing/pose-editor.js';
import { toWorld } from '../scene/character-transform.js';
import type { Vec3 } from './finite-vec3.js';

export interface KinCenterOfMass {
  /** The centre of mass of the pose, the character's model space (metres). */
  model: Vec3;
  /** The same in the scene's world space (the character's place on the floor). */
  world: Vec3;
  /**
   * The support polygon of the planted feet (a foot a goal holds, its toe on
   * the floor) on the floor, [x, z] per vertex, model space; empty with no
   * foot planted.
   */
  support: [number, number][];
}

export interface KinBalanceApi {
  /** The active character's centre of mass (de Leva's segment masses by bone role) and support polygon, as copies. */
  centerOfMass(): KinCenterOfMass;
  /**
   * Keep balance: solves hold the centre of mass over the support polygon.
   * Kept across solver changes; the geometric solvers (ccd, fabrik,
   * two-bone, look-at) solve without it.
   */
  setKeepBalance(on: boolean): void;
  /** Whether Keep balance is asked for (setKeepBalance). */
  keepBalance(): boolean;
}

export function createBalanceApi(editing: () => PoseEditor): KinBalanceApi {
  return {
    centerOfMass: () => {
      const editor = editing();
      const balance = editor.session.rig.balance();
      const model: Vec3 = [balance[0], balance[1], balance[2]];
      const support: [number, number][] = [];
      for (let i = 3; i + 1 < balance.length; i += 2) support.push([balance[i], balance[i + 1]]);
      return { model, world: toWorld(editor.active.transform, model), support };
    },
    setKeepBalance: (on) => {
      if (typeof on !== 'boolean') throw new Error('kin: setKeepBalance takes true or false');
      editing().session.useKeepBalance(on);
    },
    keepBalance: () => editing().session.keepBalanceAsked,
  };
}
