// A bone's name in words for a sentence on the page ("Left hand" for
// hand_l): the status line says which goal is out of reach the way a person
// would. Rigs spell sides many ways: a suffix (_l, .L, _left), a prefix
// (l_, Left, mixamorig:LeftHand) or camel case; a name with none of these
// keeps its own words. The result is for reading only, never a key.

// A Map, not an object literal: a bone called "constructor" is no side.
const SIDES = new Map([['l', 'Left'], ['left', 'Left'], ['r', 'Right'], ['right', 'Right']]);

/** `name` as words: a namespace ("mixamorig:") dropped, words split at _ . - spaces and camel-case humps, the side first. */
export function boneWords(name: string): string {
  const local = name.slice(name.lastIndexOf(':') + 1);
  const words = local
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[\s_.\-]+/)
    .filter((word) => word !== '')
    .map((word) => word.toLowerCase());
  if (words.length === 0) return name;
  // A lone word is a name, not a side ("L" stays "L").
  let side = words.length > 1 ? SIDES.get(words[words.length - 1]) : undefined;
  if (side !== undefined) words.pop();
  else if (words.length > 1 && (side = SIDES.get(words[0])) !== undefined) words.shift();
  return side === undefined ? capitalised(words.join(' ')) : `${side} ${words.join(' ')}`;
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
