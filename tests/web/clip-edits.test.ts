// The timeline's clip edits (clip-edits.ts) on seeded random clips, against
// references written here key by key, the plain way (each key looked up in
// the list of times, each moved or pasted key put in one at a time): the
// edits sort and search instead, so that a take with a key on every frame of
// every channel edits in n log n, and must give the same clips.
import { describe, expect, it } from 'vitest';
import type { ClipChannel, ClipData, ClipKey } from '../../web/src/animation/clip.js';
import { TIME_EPSILON, copyKeys, deleteKeys, keyTimes, moveKeys, pasteKeys } from '../../web/src/animation/clip-edits.js';
import { seededRandom } from './seeded-random.js';

const near = (a: number, b: number): boolean => Math.abs(a - b) <= TIME_EPSILON;
const isAt = (times: readonly number[], t: number): boolean => times.some((u) => near(u, t));

/** Each key time with no earlier one within TIME_EPSILON (the clips here have no chains of near times). */
function referenceKeyTimes(clip: ClipData): number[] {
  const all = clip.channels.flatMap((c) => c.keys.map((k) => k.time));
  const times = [...new Set(all.filter((t) => !all.some((u) => u < t && near(u, t))))];
  return times.sort((a, b) => a - b);
}

function put(keys: ClipKey[], key: ClipKey): ClipKey[] {
  return [...keys.filter((k) => !near(k.time, key.time)), key].sort((a, b) => a.time - b.time);
}

function referenceMove(clip: ClipData, times: readonly number[], delta: number): ClipData {
  const channels = clip.channels.map((c) => {
    const moving = c.keys.filter((k) => isAt(times, k.time)).map((k) => ({ ...k, time: Math.min(clip.duration, Math.max(0, k.time + delta)) }));
    let keys = c.keys.filter((k) => !isAt(times, k.time));
    for (const key of moving) keys = put(keys, key);
    return { ...c, keys };
  });
  return { ...clip, channels };
}

function referencePaste(clip: ClipData, copied: ReturnType<typeof copyKeys>, time: number): ClipData {
  let channels: ClipChannel[] = clip.channels.map((c) => ({ ...c }));
  for (const { target, bone, slot, offset, key } of copied.keys) {
    if (time + offset > clip.duration + TIME_EPSILON) continue;
    const index = channels.findIndex((c) => c.target === target && (target === 'root' || (c.bone === bone && c.slot === slot)));
    const pasted = { ...key, time: time + offset };
    if (index < 0) channels = [...channels, { target, bone, slot, keys: [pasted] }];
    else channels[index] = { ...channels[index], keys: put(channels[index].keys, pasted) };
  }
  return { ...clip, channels };
}

/** Angle channels on a 0.1 s grid (so that moves land keys on keys), some keys shared between channels, a few within TIME_EPSILON of a grid time. */
function randomClip(random: () => number): ClipData {
  const channels: ClipChannel[] = [];
  for (let c = 0; c < 4; c++) {
    const keys: ClipKey[] = [];
    for (let tenth = 0; tenth <= 20; tenth++) {
      if (random() < 0.5) keys.push({ time: tenth / 10 + (random() < 0.1 ? TIME_EPSILON / 2 : 0), value: [random()], interpolation: 'linear' });
    }
    if (keys.length > 0) channels.push({ target: 'angle', bone: c >> 1, slot: c & 1, keys });
  }
  return { name: 'random', duration: 2, fps: 10, channels };
}

describe('clip edits', () => {
  it('list, move, delete, copy and paste keys as the key-by-key references do (seed 23, 300 clips)', () => {
    const random = seededRandom(23);
    for (let trial = 0; trial < 300; trial++) {
      const clip = randomClip(random);
      const times = keyTimes(clip);
      expect(times).toEqual(referenceKeyTimes(clip));
      const chosen = times.filter(() => random() < 0.4);
      const delta = Math.round((random() - 0.5) * 10) / 10;
      expect(moveKeys(clip, chosen, delta), `trial ${trial}`).toEqual(referenceMove(clip, chosen, delta));
      expect(deleteKeys(clip, chosen).channels.flatMap((c) => c.keys)).toEqual(
        clip.channels.flatMap((c) => c.keys).filter((k) => !isAt(chosen, k.time)),
      );
      if (chosen.length === 0) continue;
      const copied = copyKeys(clip, chosen);
      const at = Math.round(random() * 20) / 10;
      expect(pasteKeys(clip, copied, at), `trial ${trial}`).toEqual(referencePaste(clip, copied, at));
    }
  });

  it('lists the markers of a take keyed on every frame of every channel', () => {
    // 9 channels × 20,000 frames at 30 fps: every frame time once.
    const frames = 20000;
    const channels: ClipChannel[] = Array.from({ length: 9 }, (_, c) => ({
      target: 'angle' as const, bone: Math.floor(c / 3), slot: c % 3,
      keys: Array.from({ length: frames }, (_, f) => ({ time: f / 30, value: [0], interpolation: 'linear' as const })),
    }));
    const times = keyTimes({ name: 'take', duration: (frames - 1) / 30, fps: 30, channels });
    expect(times).toHaveLength(frames);
    expect(times.every((t, f) => t === f / 30)).toBe(true);
  });
});
