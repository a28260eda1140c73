// The lessons the page has: their ids (what share links and window.kin call
// them), their titles (what the menu shows), and their builders.
import { armLesson } from './arm-lesson.js';
import { candyLesson } from './candy-lesson.js';
import { chainLesson } from './chain-lesson.js';
import type { Lesson } from './lesson.js';
import { longLegsLesson } from './long-legs-lesson.js';

export interface LessonEntry {
  id: string;
  title: string;
  /** A new lesson each call: its arrays are the caller's. */
  build(): Lesson;
}

/** In menu order. */
export const LESSONS: readonly LessonEntry[] = [
  { id: 'arm', title: 'Planar arm', build: armLesson },
  { id: 'chain', title: 'Tentacle', build: chainLesson },
  { id: 'candy', title: 'Candy wrapper', build: candyLesson },
  { id: 'retarget', title: 'Retargeting: long legs, 5-bone spine', build: longLegsLesson },
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
