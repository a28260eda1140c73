// Names in a message, a list a reader can take in: the first few in full,
// then how many more ("tail, ear_l, ear_r and 9 more"), each name cut as
// shownName cuts it.
import { shownName } from './shown-name.js';

/** The names joined by commas, at most `shown` of them, then "and N more". */
export function nameList(names: readonly string[], shown = 8): string {
  const listed = names.slice(0, shown).map((name) => shownName(name)).join(', ');
  return names.length <= shown ? listed : `${listed} and ${names.length - shown} more`;
}
