// The part of window.kin for the page's tools: forward-kinematics posing of
// one bone (as the bone panel does it), snapshots (as Save PNG takes them)
// and the lesson rigs (as the lesson menu shows them). kin-api.ts merges these members into window.kin; like the rest they
// throw until kin.ready has resolved, and return plain copies.
import { LESSONS, LESSON_IDS, isLessonId } from '../lessons/lessons.js';
import type { BuiltInCharacters } from '../import/built-in-characters.js';
import { type BonePosing, NO_BONE } from '../ui/bone-posing.js';
import { type Vec3, isFiniteVec3 } from './finite-vec3.js';
import { blobDataUrl } from '../ui/png-snapshot.js';

/** What the page hands the API once it runs. */
export interface PageTools {
  /** Null in embed mode, which has no bone panel. */
  bonePosing: BonePosing | null;
  /** Draws a frame and encodes the view as PNG. */
  snapshot(): Promise<Blob>;
  characters: BuiltInCharacters;
}

export interface KinToolsApi {
  /**
   * Selects a bone by name as clicking it does: highlights it, opens its
   * panel (one slider per Euler slot, within the joint's limits) and puts
   * the rotation gizmo on its joint; null deselects. Throws for an unknown
   * name, and in embed mode.
   */
  selectBone(name: string | null): void;
  /** The selected bone's name, or null. */
  selectedBone(): string | null;
  /**
   * Sets one bone's three Euler angles (radians, by slot) as its sliders do:
   * clamped to the joint's limits, through the page's pose path, so the IK
   * targets and handles follow. Returns the angles applied. Throws for an
   * unknown name or angles that are not 3 finite numbers, and in embed mode.
   */
  setBoneAngles(name: string, angles: Vec3): Vec3;
  /**
   * Where a point of a bone is drawn, in CSS pixels of the page (for real
   * clicks): `along` its segment from the joint (0, where the selected bone's
   * rotation gizmo sits) to the tip (1); default 0.5, the middle.
   */
  boneScreenPosition(name: string, along?: number): { x: number; y: number };
  /**
   * A PNG of the 3D view, drawn now, as a data: URL: the image Save PNG
   * downloads, at the canvas's drawing-buffer size, transparent where the
   * page's background shows.
   */
  snapshot(): Promise<string>;
  /** The lesson rigs: id (for loadLesson and share links) and the title the lesson menu shows. */
  lessons(): { id: string; title: string }[];
  /**
   * Shows a lesson rig (by id, see lessons()) in place of the character on
   * screen, as the lesson menu does, in its start pose, keeping the solver
   * when it can pose the lesson; null shows the default character again.
   * The goals are found as for a loaded model (the chain's end; see goals()),
   * undo starts afresh, and kin.model() becomes {kind: 'lesson', id}. Share
   * links record the lesson; opening one shows it and applies the pose.
   * Throws, changing nothing, for an unknown id.
   */
  loadLesson(id: string | null): void;
}

/** The members, over `tools()`, which throws while the page is not running. */
export function createToolsApi(tools: () => PageTools): KinToolsApi {
  const posing = (): BonePosing => {
    const { bonePosing } = tools();
    if (bonePosing === null) throw new Error('kin: bone posing is not available in embed mode; open the page without ?embed=1');
    return bonePosing;
  };
  const boneIndex = (bonePosing: BonePosing, name: unknown): number => {
    if (typeof name !== 'string') throw new Error('kin: a bone name must be a string');
    return bonePosing.rig.boneIndex(name);
  };
  return {
    selectBone: (name) => {
      const bonePosing = posing();
      bonePosing.select(name === null ? NO_BONE : boneIndex(bonePosing, name));
    },
    selectedBone: () => {
      const bonePosing = posing();
      const bone = bonePosing.selectedBone;
      return bone === NO_BONE ? null : bonePosing.rig.boneNames[bone];
    },
    setBoneAngles: (name, angles) => {
      const bonePosing = posing();
      const bone = boneIndex(bonePosing, name);
      if (!isFiniteVec3(angles)) throw new Error('kin: bone angles must be 3 finite numbers (radians, by Euler slot)');
      bonePosing.setAngles(bone, angles[0], angles[1], angles[2]);
      return bonePosing.rig.getAngles(bone);
    },
    boneScreenPosition: (name, along = 0.5) => {
      const bonePosing = posing();
      if (typeof along !== 'number' || !(along >= 0 && along <= 1)) throw new Error('kin: along must be a number in [0, 1]');
      return bonePosing.screenPosition(boneIndex(bonePosing, name), along);
    },
    snapshot: async () => blobDataUrl(await tools().snapshot()),
    lessons: () => LESSONS.map(({ id, title }) => ({ id, title })),
    loadLesson: (id) => {
      const { characters } = tools();
      if (id === null) return characters.show({ kind: 'default' });
      if (typeof id !== 'string' || !isLessonId(id)) throw new Error(`kin: no lesson ${JSON.stringify(id)}; the lessons are ${LESSON_IDS.join(', ')} (null: the default character)`);
      characters.show({ kind: 'lesson', id });
    },
  };
}
