// The lessons' members of window.kin (see kin-api.ts): the lesson on screen
// with whether its task is done, what its tool shows (a step-through's
// shown iteration and energies, a race's rows), and how many of each kind
// of overlay object the view draws — what tests check, and what a teacher's
// script may read; and the two seed conventions as rig descriptions.
import { type AxesFromBoneDesc, type CanonicalBoneDesc, axesFromBoneRig, canonicalBoneRig } from '../rig/convention-rigs.js';
import type { BoneDesc } from '../rig/rig-desc.js';
import type { KinPage } from './kin-tools-api.js';

export interface KinLessonState {
  id: string;
  title: string;
  /** The task's check now. */
  done: boolean;
  /** The lesson's tool ('step-through', 'race', …) or null. */
  tool: string | null;
  /** What the tool shows (plain data), or null. */
  shows: Record<string, unknown> | null;
}

export interface KinLessonsApi {
  /** The lesson on screen, or null for another character. */
  lesson(): KinLessonState | null;
  /** Overlay objects the view draws, counted by name (jacobian-column, trial-point, pose-frames, …). */
  lessonOverlay(): Record<string, number>;
  /**
   * A skeleton described the Scotty3D way (per bone: name, parent, extent, roll, a root's base)
   * as the joint model's bones (BoneDesc, what Rig.create takes), built by the core's preset;
   * throws naming the bone and field of bad input.
   */
  axesFromBoneRig(bones: AxesFromBoneDesc[]): BoneDesc[];
  /** The same for canonical bones (per bone: name, parent, restT, restQ x y z w, length; x-z-x angles). */
  canonicalBoneRig(bones: CanonicalBoneDesc[]): BoneDesc[];
}

export function createLessonsApi(page: () => KinPage): KinLessonsApi {
  return {
    lesson: () => page().lessons.state(),
    axesFromBoneRig: (bones) => axesFromBoneRig(page().module, bones),
    canonicalBoneRig: (bones) => canonicalBoneRig(page().module, bones),
    lessonOverlay: () => {
      const counts: Record<string, number> = {};
      page().view.viewport.scene.traverse((object) => {
        if (object.visible && OVERLAY_NAMES.has(object.name)) counts[object.name] = (counts[object.name] ?? 0) + 1;
      });
      return counts;
    },
  };
}

const OVERLAY_NAMES = new Set(['jacobian-column', 'trial-point', 'residual', 'fabrik-backward', 'fabrik-forward', 'pose-frames', 'bind-frames', 'two-bone-triangle', 'two-bone-third-side', 'tip-trail', 'weight-colors']);
