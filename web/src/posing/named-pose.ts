// A pose by bone name, as files carry it (a pose JSON the page exported, from
// this character or another with the same bone names): each named bone's
// Euler order and angles, and a root offset. Applying it sets the angles of
// the bones that match by name and turn in the same Euler order (angles in
// another order would mean another rotation), and the root offset, as one
// undo step; the character's other bones keep their angles. The message it
// returns names the bones it left alone: the file's bones this character
// lacks, those in another order, and this character's bones the file lacks.
import { nameList } from '../text/name-list.js';
import { plural } from '../text/plural.js';
import type { Vec3Tuple } from '../rig/rig-desc.js';
import type { PoseEditor } from './pose-editor.js';

export interface NamedPose {
  bones: { name: string; order: string; angles: Vec3Tuple }[];
  rootOffset_ms: Vec3Tuple;
}

/** "3 bones … are", "1 bone … is". */
function bonesAre(count: number, where: string): string {
  return `${plural(count, 'bone')} ${where} ${count === 1 ? 'is' : 'are'}`;
}

/** Applies the pose to the editor's character; returns what to tell the user about bones that did not match. Throws if none does. */
export function applyNamedPose(editor: PoseEditor, pose: NamedPose): string {
  const { rig } = editor.session;
  const angles = Array.from(rig.pose());
  const unknown: string[] = [];
  const otherOrder: string[] = [];
  const matched = new Set<string>();
  for (const bone of pose.bones) {
    const index = rig.boneNames.indexOf(bone.name);
    if (index < 0) {
      unknown.push(bone.name);
      continue;
    }
    if (rig.orders[index] !== bone.order) {
      otherOrder.push(`${bone.name} (${bone.order}, here ${rig.orders[index]})`);
      continue;
    }
    angles.splice(3 * index, 3, ...bone.angles);
    matched.add(bone.name);
  }
  const notOnCharacter = `${bonesAre(unknown.length, 'in the file')} not on this character: ${nameList(unknown)}.`;
  if (matched.size === 0) {
    const reasons = [unknown.length > 0 ? notOnCharacter : '', otherOrder.length > 0 ? `Other Euler order: ${nameList(otherOrder)}.` : ''];
    throw new Error([`none of its ${plural(pose.bones.length, 'bone')} matches this character's bones by name and Euler order.`, ...reasons].filter(Boolean).join(' '));
  }
  editor.setPose(angles, pose.rootOffset_ms);
  const inFile = new Set(pose.bones.map((bone) => bone.name));
  const missing = rig.boneNames.filter((name) => !inFile.has(name));
  const notes = [`Posed ${plural(matched.size, 'bone')} of ${rig.boneCount}.`];
  if (unknown.length > 0) notes.push(notOnCharacter);
  if (otherOrder.length > 0) notes.push(`${bonesAre(otherOrder.length, 'in the file')} in another Euler order here, left as they were: ${nameList(otherOrder)}.`);
  if (missing.length > 0) notes.push(`${bonesAre(missing.length, 'of this character')} not in the file, left as they were: ${nameList(missing)}.`);
  return notes.join(' ');
}
