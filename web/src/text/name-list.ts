// Names in a message, a list a reader can take in: the first few in full,
// then how many more ("tail, ear_l, ear_r and 9 more").

/** The names joined by commas, at most `shown` of them, then "and N more". */
export function nameList(names: readonly string[], shown = 8): string {
  if (names.length <= shown) return names.join(', ');
  return `${names.slice(0, shown).join(', ')} and ${names.length - shown} more`;
}
