// What the scene panel calls a character: its title (a lesson's), else the
// default character's name or a file's; a second one of the same gets "2",
// and so on.
import type { CharacterInfo } from '../posing/character-source.js';

export const DEFAULT_CHARACTER_NAME = 'Mannequin';

function baseName({ source, title }: CharacterInfo): string {
  if (title !== undefined) return title;
  if (source.kind === 'default') return DEFAULT_CHARACTER_NAME;
  return source.kind === 'lesson' ? source.id : source.name;
}

/** The name of a character of `info` beside characters named `taken`. */
export function sceneCharacterName(info: CharacterInfo, taken: readonly string[]): string {
  const base = baseName(info);
  if (!taken.includes(base)) return base;
  let n = 2;
  while (taken.includes(`${base} ${n}`)) n++;
  return `${base} ${n}`;
}
