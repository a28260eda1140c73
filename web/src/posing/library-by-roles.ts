// A library pose on a character of other bones (a loaded glTF: Mixamo-,
// CMU- or otherwise named): the pose put on the default character, then
// carried onto the character by rotations through the core's retargeting
// (the bone-role map pairs the bones, the reference poses are matched), as a
// one-frame clip. What comes back is every bone's angles and the root offset
// for the character; its bones without a counterpart stay at rest.
import type { ClipChannel, ClipData } from '../rig/clip-data.js';
import { Retargeter } from '../rig/retarget.js';
import { Rig } from '../rig/rig.js';
import type { BoneDesc, Vec3Tuple } from '../rig/rig-desc.js';
import type { KinModule } from '../wasm/generated/kin.js';
import { libraryPoseOn } from './pose-library.js';
import type { LibraryPose } from './pose-library.js';

/** One frame of the source rig's current pose as a clip: every angle and the root, keyed at 0 and one frame later. */
function poseClip(rig: Rig): ClipData {
  const pose = rig.pose();
  const frame = 1 / 30;
  const keys = (value: number[]) => [0, frame].map((time) => ({ time, value, interpolation: 'linear' as const }));
  const channels: ClipChannel[] = [];
  for (let bone = 0; bone < rig.boneCount; bone++) {
    for (let slot = 0; slot < 3; slot++) channels.push({ target: 'angle', bone, slot, keys: keys([pose[3 * bone + slot]]) });
  }
  channels.push({ target: 'root', bone: 0, slot: 0, keys: keys([...rig.rootOffset]) });
  return { name: 'library pose', duration: frame, fps: 30, channels };
}

/** A library pose carried onto a rig of other bones: its angles, root offset, and per bone the library bone it came from (null: none). */
export interface CarriedPose {
  angles: Float32Array;
  rootOffset_ms: Vec3Tuple;
  sourceNames: (string | null)[];
}

/** The library pose for `target` by bone roles: 3 angles per target bone and a root offset. Throws naming the problem when too few bones map. */
export function libraryPoseByRoles(module: KinModule, libraryBones: readonly BoneDesc[], target: Rig, pose: LibraryPose): CarriedPose {
  const source = Rig.create(module, libraryBones);
  const retargeter = Retargeter.create(module);
  try {
    const { angles, rootOffset_ms } = libraryPoseOn(source, pose);
    source.setPose(angles, rootOffset_ms);
    source.clips.setClip(poseClip(source));
    const map = retargeter.autoMap(source, target);
    const problems = retargeter.validate(source, target, map);
    if (problems.length > 0) throw new Error(`kin: the library's poses do not fit this character: ${problems.join('; ')}`);
    const { clip } = retargeter.retarget(source, target, map, { mode: 'rotation', contactLocks: false, fps: 0, sourceReference: new Float32Array(3 * source.boneCount), targetReference: 'match' });
    const out = new Float32Array(3 * target.boneCount);
    let root: Vec3Tuple = [...target.rootOffset];
    for (const channel of clip.channels) {
      const value = channel.keys[0]?.value;
      if (value === undefined) continue;
      if (channel.target === 'angle') out[3 * channel.bone + channel.slot] = value[0];
      else if (channel.target === 'root') root = [value[0], value[1], value[2]];
    }
    return { angles: out, rootOffset_ms: root, sourceNames: Array.from(map, (s) => (s < 0 ? null : source.boneNames[s])) };
  } finally {
    retargeter.dispose();
    source.dispose();
  }
}
