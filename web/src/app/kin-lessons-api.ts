// The lessons' members of window.kin (see kin-api.ts): the lesson on screen
// with whether its task is done, what its tool shows (a step-through's
// shown iteration and energies, a race's rows), and how many of each kind
// of overlay object the view draws — what tests check, and what a teacher's
// script may read.
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
}

export function createLessonsApi(page: () => KinPage): KinLessonsApi {
  return {
    lesson: () => page().lessons.state(),
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
