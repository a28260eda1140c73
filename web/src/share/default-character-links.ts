// Links made for the default character before it gained its ponytail or its fingers still
// pose it. The generator appends new joints after the old ones
// (scripts/character/skeleton.mjs), so an old link's bone k is the
// character's bone k; the bones it does not know keep their rest angles.

/** The default character's bone counts in earlier links: 21 before the ponytail, 24 before the fingers. */
const EARLIER_BONE_COUNTS: readonly number[] = [21, 24];

/** Whether a default-character link of `linkBones` bones poses the character of `characterBones` bones. */
export function defaultCharacterLinkFits(linkBones: number, characterBones: number): boolean {
  return linkBones === characterBones || (linkBones < characterBones && EARLIER_BONE_COUNTS.includes(linkBones));
}

/** A link's angles for a character of `boneCount` bones: its own first, zero (rest) for the bones appended since. */
export function anglesForBoneCount(angles: readonly number[], boneCount: number): number[] {
  return Array.from({ length: 3 * boneCount }, (_, k) => (k < angles.length ? angles[k] : 0));
}
