// A pose by bone name, as files carry it (a pose JSON the page exported, from
// this character or another with the same bone names): each named bone's
// Euler order and angles, and a root offset. Applying it sets the angles of
// the bones that match by name and turn in the same Euler order (angles in
// another order would mean another rotation), as one undo step, and says
// which bones it left alone.
import { plural } from '../text/plural.js';
import type { Vec3Tuple } from '../rig/rig-desc.js';
import type { PoseEditor } from './pose-editor.js';

export interface NamedPose {
  bones: { name: string; order: string; angles: Vec3Tuple }[];
  rootOffset_ms: Vec3Tuple;
}

/** Applies the pose to the editor's character; returns what to tell the user about bones that did not match. Throws if none does. */
export function applyNamedPose(editor: PoseEditor, pose: NamedPose): string {
  const { rig } = editor.session;
  const angles = Array.from(rig.pose());
  const unknown: string[] = [];
  const otherOrder: string[] = [];
  let matched = 0;
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
    matched++;
  }
  if (matched === 0) throw new Error(`none of its ${plural(pose.bones.length, 'bone')} matches this character's bones by name and Euler order`);
  editor.setPose(angles, pose.rootOffset_ms);
  const untouched = rig.boneNames.filter((name) => !pose.bones.some((bone) => bone.name === name));
  const notes = [`Posed ${plural(matched, 'bone')} of ${rig.boneCount}.`];
  if (unknown.length > 0) notes.push(`Not on this character: ${unknown.join(', ')}.`);
  if (otherOrder.length > 0) notes.push(`Other Euler order, left as they were: ${otherOrder.join(', ')}.`);
  if (untouched.length > 0) notes.push(`Not in the file, left as they were: ${untouched.join(', ')}.`);
  return notes.join(' ');
}
