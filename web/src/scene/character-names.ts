// What the scene panel calls a character: the default character, a
// lesson's title, a file's name; a second one of the same gets "2", and so on.
import type { CharacterSource } from '../posing/character-source.js';
import { LESSONS } from '../lessons/lessons.js';

export const DEFAULT_CHARACTER_NAME = 'Mannequin';

function sourceName(source: CharacterSource): string {
  if (source.kind === 'default') return DEFAULT_CHARACTER_NAME;
  if (source.kind === 'lesson') return LESSONS.find((lesson) => lesson.id === source.id)?.title ?? source.id;
  return source.name;
}

/** The name of a character of `source` beside characters named `taken`. */
export function characterName(source: CharacterSource, taken: readonly string[]): string {
  const base = sourceName(source);
  if (!taken.includes(base)) return base;
  let n = 2;
  while (taken.includes(`${base} ${n}`)) n++;
  return `${base} ${n}`;
}
