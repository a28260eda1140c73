// What a lesson rig is: a small skeleton built in code for teaching forward
// and inverse kinematics, the skinned mesh around it, and the pose it starts
// in. Lessons are built in, so a share link names one by its id alone.
import type { ClipData } from '../rig/clip-data.js';
import type { PosePreset } from '../posing/pose-presets.js';
import type { BoneDesc, Vec3Tuple } from '../rig/rig-desc.js';
import type { SpringChainDesc } from '../rig/springs.js';
import type { LessonMesh } from './skinned-tube.js';

export interface Lesson {
  /** Parent-first, with the joint limits the lesson is about. */
  bones: BoneDesc[];
  /** Bone indices in `joints` are rig bone indices. */
  mesh: LessonMesh;
  /**
   * The poses the lesson offers, the one it starts in first: a bent elbow,
   * not one lying on its limit, which would give a solver no first-order
   * reason to bend it.
   */
  poses: PosePreset[];
  /** A clip the lesson opens with on the timeline (bone indices are this rig's). */
  clip?: ClipData;
  /** Spring chains the rig starts with. */
  springs?: SpringChainDesc[];
  /** Points (model space) to keep in view when the lesson opens, besides its pose: where its bones can swing. */
  framePoints?: Vec3Tuple[];
}
