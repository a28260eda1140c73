// Reading a scene file's JSON field by field: each reader returns the value
// if it is of the kind asked for and throws an Error naming the field's path
// otherwise (`scene.characters[1].transform.x must be a finite number`), so
// that a section's check says exactly what is wrong with a file.

export type Fields = Record<string, unknown>;

function shown(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (Array.isArray(value)) return `a list of ${value.length}`;
  if (typeof value === 'object' && value !== null) return 'an object';
  const text = JSON.stringify(value);
  return text === undefined ? String(value) : text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

export function fail(path: string, what: string, value: unknown): never {
  throw new Error(`${path} must be ${what} (it is ${shown(value)})`);
}

/** A plain object with no keys but `allowed` (a key the format does not have is a file from elsewhere, or a typo). */
export function objectAt(value: unknown, path: string, allowed?: readonly string[]): Fields {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) fail(path, 'an object', value);
  if (allowed !== undefined) {
    const extra = Object.keys(value).find((key) => !allowed.includes(key));
    if (extra !== undefined) throw new Error(`${path} has a field ${JSON.stringify(extra)} scene files do not have (its fields: ${allowed.join(', ')})`);
  }
  return value as Fields;
}

export function arrayAt(value: unknown, path: string, maxLength: number): unknown[] {
  if (!Array.isArray(value)) fail(path, 'a list', value);
  if (value.length > maxLength) throw new Error(`${path} holds ${value.length} items, over ${maxLength}`);
  return value;
}

export function numberAt(value: unknown, path: string, min = -Infinity, max = Infinity): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) fail(path, 'a finite number', value);
  if (value < min || value > max) fail(path, `a number from ${min} to ${max}`, value);
  return value;
}

export function integerAt(value: unknown, path: string, min: number, max: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) fail(path, `a whole number from ${min} to ${max}`, value);
  return value;
}

export function booleanAt(value: unknown, path: string): boolean {
  if (typeof value !== 'boolean') fail(path, 'true or false', value);
  return value;
}

export function stringAt(value: unknown, path: string, maxLength = 1024): string {
  if (typeof value !== 'string') fail(path, 'text', value);
  if (value.length > maxLength) throw new Error(`${path} is ${value.length} characters long, over ${maxLength}`);
  return value;
}

export function oneOfAt<T extends string>(value: unknown, path: string, choices: readonly T[]): T {
  if (typeof value !== 'string' || !(choices as readonly string[]).includes(value)) fail(path, `one of ${choices.join(', ')}`, value);
  return value as T;
}

/** `length` finite numbers (NaN allowed where `nanAllowed`: written as null, as JSON has no NaN). */
export function numbersAt(value: unknown, path: string, length: number, nanAllowed = false): number[] {
  if (!Array.isArray(value) || value.length !== length) fail(path, `a list of ${length} numbers`, value);
  return value.map((item, i) => {
    if (nanAllowed && item === null) return Number.NaN;
    return numberAt(item, `${path}[${i}]`);
  });
}

/** Numbers for JSON: NaN (a goal without a pole) as null. */
export function jsonNumbers(values: ArrayLike<number>): (number | null)[] {
  return Array.from(values, (v) => (Number.isNaN(v) ? null : v));
}
