// A lesson tool's settings as a share link carries them: named numbers (the
// step-through's method and shown iteration, the duel's λ, a convention
// lesson's extents and rolls). The rules here are the link's: the codec
// checks them both ways, and a tool reading settings from a link checks each
// value it takes with SettingsReader, which names what it refused. Keys
// start with a letter, so that an object keeps them in the order written.
export type LessonSettings = Record<string, number>;

/** Settings per link: a convention lesson's rig has 3–4 bones of 4–7 parameters each. */
export const MAX_LESSON_SETTINGS = 48;
export const MAX_SETTING_KEY_LENGTH = 24;
const KEY = /^[a-z][a-zA-Z0-9.-]*$/;

/** What is wrong with a set of settings, or null. */
export function lessonSettingsProblem(settings: LessonSettings): string | null {
  if (typeof settings !== 'object' || settings === null) return 'lesson settings are not a record';
  const entries = Object.entries(settings);
  if (entries.length > MAX_LESSON_SETTINGS) return `${entries.length} lesson settings, over ${MAX_LESSON_SETTINGS}`;
  for (const [key, value] of entries) {
    if (key.length > MAX_SETTING_KEY_LENGTH || !KEY.test(key)) return `lesson setting name ${JSON.stringify(key.slice(0, MAX_SETTING_KEY_LENGTH + 1))} is not a letter then up to ${MAX_SETTING_KEY_LENGTH - 1} letters, digits, '.' or '-'`;
    if (typeof value !== 'number' || !Number.isFinite(value)) return `lesson setting '${key}' is ${String(value)}, not a finite number`;
  }
  return null;
}

/**
 * Reads settings a link gave a tool: each getter returns the value if it is
 * present and acceptable, otherwise undefined, and remembers why a present
 * one was refused; `problems()` lists those and the names no getter asked for.
 */
export class SettingsReader {
  private readonly refused: string[] = [];
  private readonly asked = new Set<string>();

  constructor(private readonly settings: LessonSettings) {}

  /** A number within [min, max] (whole if `integer`). */
  number(key: string, min: number, max: number, integer = false): number | undefined {
    const value = this.value(key);
    if (value === undefined) return undefined;
    if (value >= min && value <= max && (!integer || Number.isInteger(value))) return value;
    this.refused.push(`'${key}' = ${value} is not ${integer ? 'a whole number ' : ''}within [${min}, ${max}]`);
    return undefined;
  }

  /** One of `choices`, stored as its index. */
  choice<T extends string>(key: string, choices: readonly T[]): T | undefined {
    const index = this.number(key, 0, choices.length - 1, true);
    return index === undefined ? undefined : choices[index];
  }

  flag(key: string): boolean | undefined {
    const value = this.number(key, 0, 1, true);
    return value === undefined ? undefined : value === 1;
  }

  /** One of `values` exactly (a select's choices: a value between them is refused, not rounded). */
  oneOf(key: string, values: readonly number[]): number | undefined {
    const value = this.value(key);
    if (value === undefined || values.includes(value)) return value;
    this.refused.push(`'${key}' = ${value} is not one of ${values.join(', ')}`);
    return undefined;
  }

  /** The value named `key`, if the settings have it as their own (not an Object method's name). */
  private value(key: string): number | undefined {
    this.asked.add(key);
    return Object.hasOwn(this.settings, key) ? this.settings[key] : undefined;
  }

  /** Why values were refused and which names no getter took, or null if everything was taken. */
  problems(): string | null {
    const unknown = Object.keys(this.settings).filter((key) => !this.asked.has(key));
    const all = [...this.refused, ...(unknown.length > 0 ? [`unknown ${unknown.map((k) => `'${k}'`).join(', ')}`] : [])];
    return all.length === 0 ? null : all.join('; ');
  }
}
