// "1 joint", "3 joints", "1 vertex", "8 vertices": counts in messages.

/** `count` and the word for it; `many` defaults to `one` + "s". */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}
