// A link's lesson settings as a tool reads them: each getter takes a value
// only within its rule, and what was refused or never asked for is named.
import { describe, expect, it } from 'vitest';
import { SettingsReader, lessonSettingsProblem } from '../../web/src/lessons/lesson-settings.js';

describe('SettingsReader', () => {
  it('takes values within their rules and names none refused', () => {
    const reader = new SettingsReader({ iteration: 4, unreachable: 1, method: 2, lambda: 0.001, radius: 0.3 });
    expect(reader.number('iteration', 0, 60, true)).toBe(4);
    expect(reader.flag('unreachable')).toBe(true);
    expect(reader.choice('method', ['dls', 'ccd', 'fabrik'])).toBe('fabrik');
    expect(reader.oneOf('lambda', [0.0001, 0.001, 0.01])).toBe(0.001);
    expect(reader.number('radius', 0.05, 0.8)).toBe(0.3);
    expect(reader.number('missing', 0, 1)).toBeUndefined();
    expect(reader.problems()).toBeNull();
  });

  it('refuses values outside their rules, each by name, and lists names nobody asked for', () => {
    const reader = new SettingsReader({ iteration: 2.5, unreachable: 2, method: 3, lambda: 0.002, radius: 9, extra: 1 });
    expect(reader.number('iteration', 0, 60, true)).toBeUndefined();
    expect(reader.flag('unreachable')).toBeUndefined();
    expect(reader.choice('method', ['dls', 'ccd', 'fabrik'])).toBeUndefined();
    expect(reader.oneOf('lambda', [0.0001, 0.001, 0.01])).toBeUndefined();
    expect(reader.number('radius', 0.05, 0.8)).toBeUndefined();
    expect(reader.problems()).toBe(
      "'iteration' = 2.5 is not a whole number within [0, 60]; 'unreachable' = 2 is not a whole number within [0, 1]; 'method' = 3 is not a whole number within [0, 2]; " +
        "'lambda' = 0.002 is not one of 0.0001, 0.001, 0.01; 'radius' = 9 is not within [0.05, 0.8]; unknown 'extra'",
    );
  });

  it('reads only the settings\' own names, not an object\'s methods', () => {
    const reader = new SettingsReader({});
    expect(reader.number('toString', -Infinity, Infinity)).toBeUndefined();
    expect(reader.number('constructor', -Infinity, Infinity)).toBeUndefined();
    expect(reader.problems()).toBeNull();
  });
});

describe('lessonSettingsProblem', () => {
  it('names the first broken rule', () => {
    expect(lessonSettingsProblem({ a: 1, b2: -3.5, 'extent-0.1': 0.2 })).toBeNull();
    expect(lessonSettingsProblem({ a: Number.NaN })).toBe("lesson setting 'a' is NaN, not a finite number");
    expect(lessonSettingsProblem({ '9': 1 })).toMatch(/^lesson setting name "9" is not a letter/);
    expect(lessonSettingsProblem({ ['a'.repeat(25)]: 1 })).toMatch(/^lesson setting name "a{25}" is not a letter/);
    expect(lessonSettingsProblem(Object.fromEntries(Array.from({ length: 49 }, (_, k) => [`k${k}`, k])))).toBe('49 lesson settings, over 48');
  });
});
