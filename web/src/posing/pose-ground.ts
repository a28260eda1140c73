// How a library pose meets the floor, and the root offset that puts it there:
// the body is lowered (or raised) until the first of its contacts — the
// soles, a seat, the knees, the back — reaches its height above the floor,
// and no contact lies lower than its own height.
import type { Rig } from '../rig/rig.js';
import type { Vec3Tuple } from '../rig/rig-desc.js';
import { skeletonSizeScale } from '../rig/size-scale.js';

/** The lowest point (joints and tips) of these bones rests at this height (metres). */
export interface Contact {
  bones: readonly string[];
  height: number;
}

export type Ground = readonly Contact[];

/** The lowest point of a contact's bones in the rig's current pose (model space), or Infinity when it has none of them. */
export function contactHeight(rig: Rig, contact: Contact): number {
  const tips = rig.boneTips();
  const model = rig.modelMatrices();
  let lowest = Infinity;
  for (const name of contact.bones) {
    const bone = rig.boneNames.indexOf(name);
    if (bone >= 0) lowest = Math.min(lowest, tips[3 * bone + 1], model[16 * bone + 13]);
  }
  return lowest;
}

/**
 * The root offset that rests the pose on the floor as its ground says, with
 * the rig posed by `angles` (the rig's pose is restored before it returns).
 */
export function groundedRoot(rig: Rig, angles: ArrayLike<number>, rootOffset_ms: Vec3Tuple, ground: Ground): Vec3Tuple {
  const saved = Float32Array.from(rig.pose());
  const savedRoot = [...rig.rootOffset] as Vec3Tuple;
  rig.setPose(angles, [rootOffset_ms[0], 0, rootOffset_ms[2]]);
  let lift = -Infinity;
  for (const contact of ground) {
    const lowest = contactHeight(rig, contact);
    if (Number.isFinite(lowest)) lift = Math.max(lift, contact.height - lowest);
  }
  rig.setPose(saved, savedRoot);
  return [rootOffset_ms[0], Number.isFinite(lift) ? lift : rootOffset_ms[1], rootOffset_ms[2]];
}

/**
 * `ground` for a rig whose bones follow library bones (`followed`: per bone,
 * the library bone it follows, or null; a loaded character posed by bone
 * roles): each contact on the bones that follow its bones, its height in
 * the rig's units (a centimetre model's soles 3 units up is 3 cm too).
 */
export function groundFollowing(rig: Rig, ground: Ground, followed: readonly (string | null)[]): Ground {
  const scale = skeletonSizeScale(rig.modelMatrices(), rig.boneTips());
  return ground.map((contact) => ({
    bones: rig.boneNames.filter((_, bone) => followed[bone] !== null && contact.bones.includes(followed[bone]!)),
    height: contact.height * scale,
  }));
}
