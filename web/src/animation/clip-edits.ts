// The timeline's edits of a clip, as pure functions: each returns a new
// ClipData and never changes the one it was given (undo keeps old clips by
// reference). Keys are addressed by time: the timeline shows one row of
// markers for the whole pose, a marker standing for every key at its time
// (within TIME_EPSILON), so selecting, moving, copying and deleting a marker
// does it to all of them.
import type { ChannelTarget, ClipChannel, ClipData, ClipKey, Interpolation } from './clip.js';

/** Keys closer in time than this (seconds) are at the same time. */
export const TIME_EPSILON = 1e-6;

/** A value to key for one channel, named as the clip names channels. */
export interface KeyedValue {
  target: ChannelTarget;
  bone: number;
  slot: number;
  value: number[];
}

/** Keys taken out of a clip (copy), times relative to the earliest copied time. */
export interface KeyClipboard {
  keys: { target: ChannelTarget; bone: number; slot: number; offset: number; key: ClipKey }[];
}

export function sameTime(a: number, b: number): boolean {
  return Math.abs(a - b) <= TIME_EPSILON;
}

/** Whether a time is at one of `times` (sorted once, then a binary search per question: a take keys every frame). */
export function atAny(times: readonly number[]): (time: number) => boolean {
  const sorted = Float64Array.from(times).sort();
  return (time) => {
    let low = 0;
    let high = sorted.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (sorted[middle] < time - TIME_EPSILON) low = middle + 1;
      else high = middle;
    }
    return low < sorted.length && sameTime(sorted[low], time);
  };
}

function sameChannel(channel: ClipChannel, target: ChannelTarget, bone: number, slot: number): boolean {
  return channel.target === target && (target === 'root' || (channel.bone === bone && channel.slot === slot));
}

/** Every time some channel has a key, ascending, keys within TIME_EPSILON merged (into the earliest). */
export function keyTimes(clip: ClipData, bone?: number): number[] {
  const all: number[] = [];
  for (const channel of clip.channels) {
    if (bone !== undefined && (channel.target === 'root' || channel.bone !== bone)) continue;
    for (const key of channel.keys) all.push(key.time);
  }
  all.sort((a, b) => a - b);
  const times: number[] = [];
  for (const time of all) if (times.length === 0 || !sameTime(times[times.length - 1], time)) times.push(time);
  return times;
}

/** Inserts `key` into sorted keys, replacing one at the same time. */
function withKey(keys: readonly ClipKey[], key: ClipKey): ClipKey[] {
  const kept = keys.filter((k) => !sameTime(k.time, key.time));
  kept.push(key);
  return kept.sort((a, b) => a.time - b.time);
}

/**
 * The clip with a key of each value at `time` (a new channel where the clip
 * has none; a key already there is replaced, keeping its interpolation and
 * T/C/B). New keys get `interpolation`.
 */
export function setKeys(clip: ClipData, values: readonly KeyedValue[], time: number, interpolation: Interpolation): ClipData {
  const channels = clip.channels.slice();
  for (const { target, bone, slot, value } of values) {
    const index = channels.findIndex((c) => sameChannel(c, target, bone, slot));
    const old = index < 0 ? undefined : channels[index].keys.find((k) => sameTime(k.time, time));
    const key: ClipKey = old === undefined ? { time, value: value.slice(), interpolation } : { ...old, time, value: value.slice() };
    if (index < 0) channels.push({ target, bone, slot, keys: [key] });
    else channels[index] = { ...channels[index], keys: withKey(channels[index].keys, key) };
  }
  return { ...clip, channels };
}

/** Keys sorted by time, with `added` (sorted) put in: an added key replaces a kept one at its time, and a later added one an earlier at the same time. */
function mergedKeys(kept: readonly ClipKey[], added: readonly ClipKey[]): ClipKey[] {
  const landing: ClipKey[] = [];
  for (const key of added) {
    if (landing.length > 0 && sameTime(landing[landing.length - 1].time, key.time)) landing[landing.length - 1] = key;
    else landing.push(key);
  }
  const taken = atAny(landing.map((k) => k.time));
  return kept.filter((k) => !taken(k.time)).concat(landing).sort((a, b) => a.time - b.time);
}

/** Keys of `channel` at `times` moved by `delta_s` (kept in [0, duration]); a moved key replaces one it lands on. */
function movedKeys(keys: readonly ClipKey[], at: (time: number) => boolean, delta_s: number, duration: number): ClipKey[] {
  const moving = keys.filter((k) => at(k.time)).map((k) => ({ ...k, time: Math.min(duration, Math.max(0, k.time + delta_s)) }));
  return mergedKeys(keys.filter((k) => !at(k.time)), moving);
}

/** The clip with every key at `times` moved by `delta_s`. */
export function moveKeys(clip: ClipData, times: readonly number[], delta_s: number): ClipData {
  const at = atAny(times);
  return { ...clip, channels: clip.channels.map((c) => ({ ...c, keys: movedKeys(c.keys, at, delta_s, clip.duration) })) };
}

/** The clip without its keys at `times` (channels left without keys go). */
export function deleteKeys(clip: ClipData, times: readonly number[]): ClipData {
  const at = atAny(times);
  const channels = clip.channels.map((c) => ({ ...c, keys: c.keys.filter((k) => !at(k.time)) })).filter((c) => c.keys.length > 0);
  return { ...clip, channels };
}

/** Copies of the keys at `times`. */
export function copyKeys(clip: ClipData, times: readonly number[]): KeyClipboard {
  const start = times.reduce((a, b) => Math.min(a, b), Infinity);
  const at = atAny(times);
  const keys: KeyClipboard['keys'] = [];
  for (const c of clip.channels) {
    for (const key of c.keys) if (at(key.time)) keys.push({ target: c.target, bone: c.bone, slot: c.slot, offset: key.time - start, key: { ...key } });
  }
  return { keys };
}

/** The clip with the copied keys placed from `time` on (those that would land past the end are left out). */
export function pasteKeys(clip: ClipData, clipboard: KeyClipboard, time: number): ClipData {
  const channels = clip.channels.slice();
  const pasted = new Map<number, ClipKey[]>();
  for (const { target, bone, slot, offset, key } of clipboard.keys) {
    const at = time + offset;
    if (at > clip.duration + TIME_EPSILON) continue;
    let index = channels.findIndex((c) => sameChannel(c, target, bone, slot));
    if (index < 0) index = channels.push({ target, bone, slot, keys: [] }) - 1;
    const keys = pasted.get(index) ?? [];
    keys.push({ ...key, time: at });
    pasted.set(index, keys);
  }
  for (const [index, keys] of pasted) {
    channels[index] = { ...channels[index], keys: mergedKeys(channels[index].keys, keys.sort((a, b) => a.time - b.time)) };
  }
  return { ...clip, channels };
}

/** The clip with `change` (interpolation, tension, continuity, bias) applied to every key at `times`. */
export function editKeys(clip: ClipData, times: readonly number[], change: Partial<Pick<ClipKey, 'interpolation' | 'tension' | 'continuity' | 'bias'>>): ClipData {
  const at = atAny(times);
  return { ...clip, channels: clip.channels.map((c) => ({ ...c, keys: c.keys.map((k) => (at(k.time) ? { ...k, ...change } : k)) })) };
}

/** The keys of the clip at `time` (one per channel that has one), for showing a marker's interpolation and T/C/B. */
export function keysAt(clip: ClipData, time: number): ClipKey[] {
  const keys: ClipKey[] = [];
  for (const c of clip.channels) for (const k of c.keys) if (sameTime(k.time, time)) keys.push(k);
  return keys;
}
