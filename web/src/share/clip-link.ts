// The keyframe clip in a share link: ClipData <-> bytes, for pose-link.ts
// (its version 3 carries a clip after the pose). The rules are pose-link's:
// writing is for clips the app made and the caller checks clipProblem first;
// reading is for bytes from anyone, never trusts a count or code, and with
// clipProblem after it lets out only finite numbers, in-range indices,
// increasing times and clean text.
//
// Layout (little-endian; varint = LEB128, 7 bits a byte, low first;
// zigzag maps 0, −1, 1, −2, … to 0, 1, 2, 3, …):
//   name: u8 byte length (0..MAX_CLIP_NAME_BYTES) + UTF-8
//   f64 duration (seconds), f64 fps
//   varint time-set count, per time set (the key times of one or more
//   channels, stored once for all of them):
//     varint key count (1..MAX_CLIP_KEYS), u8 time mode:
//       0 on frames: varint first frame, then per further key varint
//         (frames since the key before − 1); time = frame / fps
//       1 seconds: per key f64
//   varint channel count, per channel (in the clip's order):
//     u8 header: bits 0–2 target (CLIP_TARGETS), bits 3–4 Euler slot,
//       bit 5 a varint bone follows (else the bone of the channel before
//       that has one: channels grouped by bone name their bone once; a root
//       channel has none), bit 6 a varint time-set index follows (else the
//       channel before's), bit 7 the key kinds are the channel before's
//     unless bit 7, per key a kind: u8 bits 0–2 interpolation
//       (CLIP_INTERPOLATIONS), bit 3 T/C/B follow (3 x i8, hundredths),
//       bit 4 the key has an in tangent, bit 5 an out tangent
//     per key, per value component: zigzag varint of the quantised value
//       minus the key before's (the first key's minus 0)
//     per key with tangents: f32 per component, in tangent then out
//
// Precision. Values are whole multiples of a step per target, written as
// differences from the key before (a smooth channel's keys are close, so
// most take 2 bytes):
//   angle        CLIP_ANGLE_STEP = π / 32768 ≈ 9.6e-5 rad: back within
//                4.8e-5 rad (no wrapping: an unwrapped channel stays as it is)
//   rotation     CLIP_QUAT_STEP = 2^-15 per component, then normalised:
//                back within 2^-14 ≈ 6.1e-5 per component (half a step from
//                rounding, as much again from the length it puts off 1)
//   root, translation, scale  CLIP_POSITION_STEP = 1e-5 model units: back
//                within 5e-6
//   T/C/B        hundredths, within [−1, 1]: back within 0.005
//   times        on frames (within 1e-7 s of frame / fps): frame / fps;
//                otherwise exactly (f64). Duration, fps exactly.
//   tangents     float32 (within 2^-24 of their size).
// A 10-key clip of the default character with all 72 angles (24 bones, its
// ponytail included) and the root keyed, each key a pose drawn at random
// within the joint limits, makes a URL fragment of 2,707 characters with the
// pose, goals and camera
// (tests/web/clip-link.test.ts measures it).
import { type ChannelTarget, type ClipChannel, type ClipData, type ClipKey, type Interpolation, valueSize } from '../animation/clip.js';
import { builtContract } from '../rig/contract.js';
import { type ByteReader, type ByteWriter, MalformedInput } from './byte-io.js';
import { readString, writeString } from './link-text.js';
import { nameProblem } from '../text/name-problem.js';

/** The link's target codes: the format's own order (a new target goes at the end). */
export const CLIP_TARGETS: readonly ChannelTarget[] = ['angle', 'rotation', 'root', 'translation', 'scale'];
/** The link's interpolation codes: the format's own order (a new one goes at the end). */
export const CLIP_INTERPOLATIONS: readonly Interpolation[] = ['step', 'linear', 'catmull-rom', 'tcb', 'cubic-spline'];

export const CLIP_ANGLE_STEP = Math.PI / 32768;
export const CLIP_QUAT_STEP = 2 ** -15;
export const CLIP_POSITION_STEP = 1e-5;
/** T/C/B travel as hundredths. */
export const CLIP_TCB_STEP = 0.01;
/** How far from a frame a key time may be and still travel as its frame (seconds). */
export const CLIP_FRAME_TOLERANCE = 1e-7;

export const MAX_CLIP_NAME_BYTES = 128;
/** Seconds: an hour. */
export const MAX_CLIP_DURATION = 3600;
export const MAX_CLIP_FPS = 1000;
/** Enough for every channel of a MAX_BONES rig (3 angles, translation, scale each) and the root. */
export const MAX_CLIP_CHANNELS = 4096;
/** Keys in one channel: a minute at 1000 fps. */
export const MAX_CLIP_KEYS = 60_000;
/** Radians from zero for an angle key: unwrapped channels may wind many turns, but not without end. */
export const MAX_CLIP_ANGLE = 1000;
/** Model units from zero for a root, translation or scale key. */
export const MAX_CLIP_POSITION = 1e5;
/** Value units per second for a cubic-spline tangent. */
export const MAX_CLIP_TANGENT = 1e6;
/** Kochanek–Bartels parameters lie within ± this (the core's bound). */
const TCB_LIMIT = builtContract.tcbLimit;

const FRAMES_MODE = 0;
const SECONDS_MODE = 1;
const BONE_FOLLOWS = 1 << 5;
const TIMES_FOLLOW = 1 << 6;
const SAME_KINDS = 1 << 7;
const TCB_FOLLOWS = 1 << 3;
const IN_TANGENT = 1 << 4;
const OUT_TANGENT = 1 << 5;

function stepOf(target: ChannelTarget): number {
  return target === 'angle' ? CLIP_ANGLE_STEP : target === 'rotation' ? CLIP_QUAT_STEP : CLIP_POSITION_STEP;
}

function limitOf(target: ChannelTarget): number {
  return target === 'angle' ? MAX_CLIP_ANGLE : target === 'rotation' ? 1 : MAX_CLIP_POSITION;
}

const zigzag = (n: number): number => (n >= 0 ? 2 * n : -2 * n - 1);
const unzigzag = (z: number): number => (z % 2 === 0 ? z / 2 : -(z + 1) / 2);

/** A key's kind byte: interpolation and which optional parts it has. */
function kindOf(key: ClipKey): number {
  const hasTcb = key.tension !== undefined || key.continuity !== undefined || key.bias !== undefined;
  return CLIP_INTERPOLATIONS.indexOf(key.interpolation) | (hasTcb ? TCB_FOLLOWS : 0) | (key.inTangent ? IN_TANGENT : 0) | (key.outTangent ? OUT_TANGENT : 0);
}

const tcbLevel = (value: number | undefined): number => Math.round((value ?? 0) / CLIP_TCB_STEP);

function sameKinds(a: ClipChannel, b: ClipChannel): boolean {
  return (
    a.keys.length === b.keys.length &&
    a.keys.every((key, k) => {
      const other = b.keys[k];
      return kindOf(key) === kindOf(other) && tcbLevel(key.tension) === tcbLevel(other.tension) && tcbLevel(key.continuity) === tcbLevel(other.continuity) && tcbLevel(key.bias) === tcbLevel(other.bias);
    })
  );
}

/** The frames of the times, if each is within CLIP_FRAME_TOLERANCE of a frame, the frames increase and frame / fps stays within the clip. */
function framesOf(times: readonly number[], clip: ClipData): number[] | null {
  const frames = times.map((t) => Math.round(t * clip.fps));
  const fits = frames.every((f, k) => Math.abs(f / clip.fps - times[k]) <= CLIP_FRAME_TOLERANCE && f >= 0 && f / clip.fps <= clip.duration && (k === 0 || f > frames[k - 1]));
  return fits ? frames : null;
}

/** Writes a clip that clipProblem accepts (the caller checks). */
export function writeClip(out: ByteWriter, clip: ClipData): void {
  writeString(out, clip.name);
  out.f64(clip.duration);
  out.f64(clip.fps);
  // Channels keyed at the same times share one time set.
  const setOf = new Map<string, number>();
  const sets: number[][] = [];
  const channelSets = clip.channels.map((channel) => {
    const times = channel.keys.map((key) => key.time);
    const id = times.join(',');
    if (!setOf.has(id)) {
      setOf.set(id, sets.length);
      sets.push(times);
    }
    return setOf.get(id)!;
  });
  out.varuint(sets.length);
  for (const times of sets) {
    out.varuint(times.length);
    const frames = framesOf(times, clip);
    out.u8(frames ? FRAMES_MODE : SECONDS_MODE);
    if (frames) frames.forEach((f, k) => out.varuint(k === 0 ? f : f - frames[k - 1] - 1));
    else for (const t of times) out.f64(t);
  }
  out.varuint(clip.channels.length);
  let bone = -1;
  clip.channels.forEach((channel, c) => {
    const isRoot = channel.target === 'root';
    const newBone = !isRoot && channel.bone !== bone;
    const newTimes = c === 0 || channelSets[c] !== channelSets[c - 1];
    const reuseKinds = c > 0 && sameKinds(channel, clip.channels[c - 1]);
    out.u8(CLIP_TARGETS.indexOf(channel.target) | (channel.slot << 3) | (newBone ? BONE_FOLLOWS : 0) | (newTimes ? TIMES_FOLLOW : 0) | (reuseKinds ? SAME_KINDS : 0));
    if (newBone) out.varuint((bone = channel.bone));
    if (newTimes) out.varuint(channelSets[c]);
    if (!reuseKinds) {
      for (const key of channel.keys) {
        const kind = kindOf(key);
        out.u8(kind);
        if (kind & TCB_FOLLOWS) for (const v of [key.tension, key.continuity, key.bias]) out.u8((tcbLevel(v) + 256) % 256);
      }
    }
    const step = stepOf(channel.target);
    const size = valueSize(channel.target);
    for (let k = 0; k < channel.keys.length; k++) {
      for (let i = 0; i < size; i++) {
        const before = k === 0 ? 0 : Math.round(channel.keys[k - 1].value[i] / step);
        out.varuint(zigzag(Math.round(channel.keys[k].value[i] / step) - before));
      }
    }
    for (const key of channel.keys) for (const v of [...(key.inTangent ?? []), ...(key.outTangent ?? [])]) out.f32(v);
  });
}

/**
 * Reads a clip writeClip wrote, checking what the layout needs (counts,
 * codes, references to earlier parts); throws MalformedInput naming the
 * problem, or TruncatedInput. The values are checked by clipProblem.
 */
export function readClip(input: ByteReader): ClipData {
  const name = readString(input, 'clip name', MAX_CLIP_NAME_BYTES, true);
  const duration = input.f64();
  const fps = input.f64();
  // Checked now: frame times divide by it.
  if (!(fps > 0 && fps <= MAX_CLIP_FPS)) throw new MalformedInput(`clip fps ${fps} is not within (0, ${MAX_CLIP_FPS}]`);
  const setCount = input.varuint();
  if (setCount > MAX_CLIP_CHANNELS) throw new MalformedInput(`clip time-set count ${setCount} exceeds ${MAX_CLIP_CHANNELS}`);
  const sets: number[][] = [];
  for (let s = 0; s < setCount; s++) {
    const count = input.varuint();
    if (count < 1 || count > MAX_CLIP_KEYS) throw new MalformedInput(`clip time set ${s} has ${count} keys, not within 1..${MAX_CLIP_KEYS}`);
    const mode = input.u8();
    if (mode !== FRAMES_MODE && mode !== SECONDS_MODE) throw new MalformedInput(`clip time set ${s} has unknown time mode ${mode}`);
    const times: number[] = [];
    let frame = -1;
    for (let k = 0; k < count; k++) {
      if (mode === SECONDS_MODE) times.push(input.f64());
      else {
        frame = k === 0 ? input.varuint() : frame + input.varuint() + 1;
        times.push(frame / fps);
      }
    }
    sets.push(times);
  }
  const channelCount = input.varuint();
  if (channelCount > MAX_CLIP_CHANNELS) throw new MalformedInput(`clip channel count ${channelCount} exceeds ${MAX_CLIP_CHANNELS}`);
  const channels: ClipChannel[] = [];
  let bone = -1;
  let set = -1;
  let kinds: KeyKind[] = [];
  for (let c = 0; c < channelCount; c++) {
    const header = input.u8();
    const target = CLIP_TARGETS[header & 7];
    if (target === undefined) throw new MalformedInput(`clip channel ${c} has unknown target code ${header & 7}`);
    const slot = (header >> 3) & 3;
    if (header & BONE_FOLLOWS) {
      if (target === 'root') throw new MalformedInput(`clip channel ${c} is the root offset but names a bone`);
      bone = input.varuint();
    } else if (target !== 'root' && bone < 0) throw new MalformedInput(`clip channel ${c} names no bone and follows none that does`);
    if (header & TIMES_FOLLOW) {
      set = input.varuint();
      if (set >= sets.length) throw new MalformedInput(`clip channel ${c} uses time set ${set} of ${sets.length}`);
    } else if (c === 0) throw new MalformedInput('clip channel 0 names no time set');
    const times = sets[set];
    if (header & SAME_KINDS) {
      if (kinds.length !== times.length) throw new MalformedInput(`clip channel ${c} reuses the key kinds of ${c === 0 ? 'no channel' : `channel ${c - 1}, which has ${kinds.length} keys, not ${times.length}`}`);
    } else kinds = times.map((_, k) => readKind(input, c, k));
    const size = valueSize(target);
    const step = stepOf(target);
    const levels = new Array<number>(size).fill(0);
    const keys = times.map((time, k): ClipKey => {
      for (let i = 0; i < size; i++) levels[i] += unzigzag(input.varuint());
      const value = levels.map((level) => level * step);
      const { interpolation, tcb } = kinds[k];
      const key: ClipKey = { time, value: target === 'rotation' ? normalised(value) : value, interpolation };
      if (tcb) [key.tension, key.continuity, key.bias] = tcb;
      return key;
    });
    keys.forEach((key, k) => {
      if (kinds[k].inTangent) key.inTangent = Array.from({ length: size }, () => input.f32());
      if (kinds[k].outTangent) key.outTangent = Array.from({ length: size }, () => input.f32());
    });
    channels.push({ target, bone: target === 'root' ? 0 : bone, slot, keys });
  }
  return { name, duration, fps, channels };
}

/** What a key's kind byte (and its T/C/B) says. */
interface KeyKind {
  interpolation: Interpolation;
  tcb: [number, number, number] | null;
  inTangent: boolean;
  outTangent: boolean;
}

function readKind(input: ByteReader, c: number, k: number): KeyKind {
  const kind = input.u8();
  const interpolation = CLIP_INTERPOLATIONS[kind & 7];
  if (interpolation === undefined) throw new MalformedInput(`clip channel ${c} key ${k} has unknown interpolation code ${kind & 7}`);
  if (kind & ~(7 | TCB_FOLLOWS | IN_TANGENT | OUT_TANGENT)) throw new MalformedInput(`clip channel ${c} key ${k} has unknown kind bits ${kind}`);
  const signed = (b: number): number => (b >= 128 ? b - 256 : b) * CLIP_TCB_STEP;
  const tcb: KeyKind['tcb'] = kind & TCB_FOLLOWS ? [signed(input.u8()), signed(input.u8()), signed(input.u8())] : null;
  return { interpolation, tcb, inTangent: (kind & IN_TANGENT) !== 0, outTangent: (kind & OUT_TANGENT) !== 0 };
}

/** A quantised quaternion made unit again; one far from unit (forged) is left for clipProblem to name. */
function normalised(q: number[]): number[] {
  const length = Math.hypot(...q);
  return Math.abs(length - 1) <= 1e-3 ? q.map((v) => v / length) : q;
}

/** What is wrong with a clip for a rig of `boneCount` bones, or null; one set of rules for writing and reading. */
export function clipProblem(clip: ClipData, boneCount: number): string | null {
  const name = nameProblem(clip.name, 'clip name', MAX_CLIP_NAME_BYTES, true);
  if (name) return name;
  if (!(clip.duration > 0 && clip.duration <= MAX_CLIP_DURATION)) return `clip duration ${clip.duration} is not within (0, ${MAX_CLIP_DURATION}] s`;
  if (!(clip.fps > 0 && clip.fps <= MAX_CLIP_FPS)) return `clip fps ${clip.fps} is not within (0, ${MAX_CLIP_FPS}]`;
  if (!Array.isArray(clip.channels) || clip.channels.length > MAX_CLIP_CHANNELS) return `clip has ${clip.channels?.length} channels, over ${MAX_CLIP_CHANNELS}`;
  const seen = new Set<string>();
  // The core's rule too: a bone is keyed by angles or by a rotation, not both.
  const rotationKind = new Map<number, ChannelTarget>();
  for (const [c, channel] of clip.channels.entries()) {
    const problem = channelProblem(channel, boneCount, clip.duration);
    if (problem) return `clip channel ${c} (${channelLabel(channel)}): ${problem}`;
    const id = channelLabel(channel);
    if (seen.has(id)) return `clip channel ${c} (${id}) repeats an earlier channel`;
    seen.add(id);
    if (channel.target === 'angle' || channel.target === 'rotation') {
      const other = rotationKind.get(channel.bone);
      if (other !== undefined && other !== channel.target) return `clip channel ${c} (${id}): the bone is keyed by ${other} too; a link keys it by angles or by a rotation, not both`;
      rotationKind.set(channel.bone, channel.target);
    }
  }
  return null;
}

function channelLabel(channel: ClipChannel): string {
  if (channel.target === 'root') return 'root';
  return channel.target === 'angle' ? `bone ${channel.bone} angle ${channel.slot}` : `bone ${channel.bone} ${channel.target}`;
}

function channelProblem(channel: ClipChannel, boneCount: number, duration: number): string | null {
  const { target } = channel;
  if (!CLIP_TARGETS.includes(target)) return `unknown target ${String(target)}`;
  if (target !== 'root' && !(Number.isInteger(channel.bone) && channel.bone >= 0 && channel.bone < boneCount)) return `bone ${channel.bone} out of range (${boneCount} bones)`;
  const slots = target === 'angle' ? 3 : 1;
  if (!(Number.isInteger(channel.slot) && channel.slot >= 0 && channel.slot < slots)) return `slot ${channel.slot} is not within 0..${slots - 1}`;
  const { keys } = channel;
  if (!Array.isArray(keys) || keys.length < 1 || keys.length > MAX_CLIP_KEYS) return `${keys?.length} keys, not within 1..${MAX_CLIP_KEYS}`;
  const size = valueSize(target);
  const limit = limitOf(target);
  for (const [k, key] of keys.entries()) {
    if (!(key.time >= 0 && key.time <= duration)) return `key ${k} time ${key.time} is not within [0, ${duration}] s`;
    if (k > 0 && !(key.time > keys[k - 1].time)) return `key ${k} time ${key.time} is not after key ${k - 1}'s (${keys[k - 1].time})`;
    if (!CLIP_INTERPOLATIONS.includes(key.interpolation)) return `key ${k} has unknown interpolation ${String(key.interpolation)}`;
    if (!Array.isArray(key.value) || key.value.length !== size) return `key ${k} has ${key.value?.length} values, not ${size}`;
    const bad = key.value.findIndex((v) => !(Math.abs(v) <= limit)); // also catches NaN
    if (bad >= 0) return `key ${k} value[${bad}] = ${key.value[bad]} is not within ±${limit}`;
    if (target === 'rotation' && Math.abs(Math.hypot(...key.value) - 1) > 1e-3) return `key ${k} is not a unit quaternion`;
    for (const [what, v] of [['tension', key.tension], ['continuity', key.continuity], ['bias', key.bias]] as const) {
      if (v !== undefined && !(Math.abs(v) <= TCB_LIMIT)) return `key ${k} ${what} ${v} is not within [−${TCB_LIMIT}, ${TCB_LIMIT}]`;
    }
    for (const [what, tangent] of [['in tangent', key.inTangent], ['out tangent', key.outTangent]] as const) {
      if (tangent === undefined) continue;
      if (!Array.isArray(tangent) || tangent.length !== size) return `key ${k} ${what} has ${tangent?.length} values, not ${size}`;
      const badTangent = tangent.findIndex((v) => !(Math.abs(v) <= MAX_CLIP_TANGENT));
      if (badTangent >= 0) return `key ${k} ${what}[${badTangent}] = ${tangent[badTangent]} is not within ±${MAX_CLIP_TANGENT}`;
    }
  }
  return null;
}
