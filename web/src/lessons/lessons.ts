// The lessons the page has: their ids (what share links and window.kin call
// them), their titles (what the menu shows), and their builders.
import { armLesson } from './arm-lesson.js';
import { candyLesson } from './candy-lesson.js';
import { chainLesson } from './chain-lesson.js';
import { fourDofArmLesson, fourDofArmWithHand } from './four-dof-arm-lesson.js';
import type { Lesson } from './lesson.js';
import { CANDY_TEACHING, CANONICAL_TEACHING, HUMANOID_STEPS_TEACHING, SPACES_TEACHING, FOUR_DOF_TEACHING, IK_STEPS_TEACHING, PLANAR_ARM_TEACHING, EULER_QUATERNION_TEACHING, KEYFRAMES_TEACHING, RACE_TEACHING, RETARGET_TEACHING, SPRINGS_TEACHING, TENTACLE_TEACHING, TWO_BONE_TEACHING } from './lesson-teaching.js';
import { springsLesson } from './springs-lesson.js';
import { spacesLesson } from './spaces-lesson.js';
import { canonicalLesson } from './canonical-lesson.js';
import { eulerQuaternionLesson } from './euler-quaternion-lesson.js';
import { keyframesLesson } from './keyframes-lesson.js';
import { longLegsLesson } from './long-legs-lesson.js';
import type { LessonTeaching } from './teaching.js';
import type { KinModule } from '../wasm/generated/kin.js';

export interface LessonEntry {
  id: string;
  title: string;
  /** A new lesson each call: its arrays are the caller's (the module builds the rigs described in a seed convention). */
  build(module: KinModule): Lesson;
  teaching: LessonTeaching;
}

/** In menu order: the course's order. */
export const LESSONS: readonly LessonEntry[] = [
  { id: 'spaces', title: 'Spaces and axes', build: (module) => spacesLesson(module), teaching: SPACES_TEACHING },
  { id: 'canonical', title: 'Canonical bones and FK', build: (module) => canonicalLesson(module), teaching: CANONICAL_TEACHING },
  { id: 'arm', title: 'Planar arm', build: armLesson, teaching: PLANAR_ARM_TEACHING },
  { id: 'ik-steps', title: 'IK as optimisation, step by step', build: armLesson, teaching: IK_STEPS_TEACHING },
  { id: 'arm4', title: 'The 4-DOF arm: Jacobian transpose vs DLS', build: fourDofArmLesson, teaching: FOUR_DOF_TEACHING },
  { id: 'two-bone', title: 'Two-bone IK and the law of cosines', build: fourDofArmWithHand, teaching: TWO_BONE_TEACHING },
  { id: 'chain', title: 'Tentacle: CCD and FABRIK pass by pass', build: chainLesson, teaching: TENTACLE_TEACHING },
  { id: 'reach', title: 'CCD and FABRIK on a humanoid', build: longLegsLesson, teaching: HUMANOID_STEPS_TEACHING },
  { id: 'race', title: 'Solver race on a humanoid', build: longLegsLesson, teaching: RACE_TEACHING },
  { id: 'candy', title: 'Candy wrapper: LBS vs DQS', build: candyLesson, teaching: CANDY_TEACHING },
  { id: 'keyframes', title: 'Keyframes: linear, Catmull-Rom, TCB', build: keyframesLesson, teaching: KEYFRAMES_TEACHING },
  { id: 'euler-quaternion', title: 'Euler angles vs quaternions', build: eulerQuaternionLesson, teaching: EULER_QUATERNION_TEACHING },
  { id: 'retarget', title: 'Retargeting: long legs, 5-bone spine', build: longLegsLesson, teaching: RETARGET_TEACHING },
  { id: 'springs', title: 'Spring bones', build: springsLesson, teaching: SPRINGS_TEACHING },
];

export const LESSON_IDS: readonly string[] = LESSONS.map((lesson) => lesson.id);

/** The lesson with this id, or undefined. */
export function findLesson(id: string): LessonEntry | undefined {
  return LESSONS.find((lesson) => lesson.id === id);
}

export function isLessonId(id: string): boolean {
  return findLesson(id) !== undefined;
}

/** The lesson with this id; throws naming the lessons for an unknown one. */
export function lessonEntry(id: string): LessonEntry {
  const entry = findLesson(id);
  if (entry === undefined) throw new Error(`no lesson ${JSON.stringify(id)}; the lessons are ${LESSON_IDS.join(', ')}`);
  return entry;
}
