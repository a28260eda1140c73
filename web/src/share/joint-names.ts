// A short fingerprint of a joint's name, for share links of a user's glTF:
// the file cannot travel in the link, but the names of its joints can, as
// 4 bytes each, and a loaded file's joints are matched to the link's by them
// (so a file whose joints come in another order still takes the pose).
// FNV-1a, 32 bits, over the name's UTF-8 bytes: two different names of one
// rig share a hash with odds around n² / 2^33 (1 in 4 million for 60 joints),
// and such a rig is refused as ambiguous rather than posed wrongly.
const utf8 = new TextEncoder();
const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

export function jointNameHash(name: string): number {
  let hash = FNV_OFFSET;
  for (const byte of utf8.encode(name)) hash = Math.imul(hash ^ byte, FNV_PRIME);
  return hash >>> 0;
}

/** Where each of a link's bones is in a rig, or why the rig does not match. */
export type JointMatch = { ok: true; rigBoneOf: Int32Array } | { ok: false; reason: string };

/**
 * Matches a link's joint hashes (link bone order) to a rig's bone names: each
 * link bone to the rig bone of the same name. The skeletons must have the
 * same joints, in any order.
 */
export function matchJoints(linkJoints: readonly number[], boneNames: readonly string[]): JointMatch {
  const rigBoneOf = new Map<number, number>();
  for (const [bone, name] of boneNames.entries()) {
    const hash = jointNameHash(name);
    if (rigBoneOf.has(hash)) return { ok: false, reason: `its joints '${boneNames[rigBoneOf.get(hash)!]}' and '${name}' cannot be told apart by the link` };
    rigBoneOf.set(hash, bone);
  }
  const order = linkJoints.map((hash) => rigBoneOf.get(hash) ?? -1);
  const missing = order.filter((bone) => bone < 0).length;
  if (missing > 0 || linkJoints.length !== boneNames.length) {
    return {
      ok: false,
      reason: `the link poses ${linkJoints.length} joints, this model has ${boneNames.length}, and ${missing} of the link's joint names ${missing === 1 ? 'is' : 'are'} not among this model's`,
    };
  }
  if (new Set(order).size !== order.length) return { ok: false, reason: 'the link names one joint twice' };
  return { ok: true, rigBoneOf: Int32Array.from(order) };
}
