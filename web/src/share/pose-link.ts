// The share link's codec: a posing state <-> a short base64url string, for
// the page's URL. Not every state the app makes fits a link (a glTF of more
// than MAX_BONES joints, a target set beyond MAX_COORDINATE by a script):
// tryEncodePoseLink says why it cannot encode one, and encodePoseLink, for
// callers that built the state themselves, throws. Decoding is for text from
// anyone: it never throws, refuses anything malformed with an error that
// names the problem, and returns only finite numbers, in-range indices and
// strings without control characters. Nothing decoded is ever meant as HTML:
// show names with textContent, never innerHTML.
//
// Format, version 2 (little-endian; version 1 is the same without goal flag bits 1–3, and still reads;
// version 3 is version 2 with a keyframe clip after it, and is written only for a state with a clip):
//   u8 magic 0x50 ('P'), u8 version 2 (3 with a clip)
//   u8 character kind (0 default, 1 lesson, 2 glTF, 3 lesson with its tool's settings); for 1–3 a
//      string: u8 byte length (1..MAX_NAME_BYTES) + UTF-8; for 3 then u8 count (1..MAX_LESSON_SETTINGS),
//      per setting a string (its name, lesson-settings.ts) and f64 value (kind 3 came with lesson tools)
//   u8 solver, its index in SOLVERS (so that order is part of the format: new
//      solvers go at the end, and a reorder needs a new version)
//   u16 bone count (0..MAX_BONES), then per bone three u24 angles (slot order)
//   for a glTF character only: per bone a u32 hash of its name (joint-names.ts),
//      so that the file, loaded again, is matched to the link by joint names
//      (this field came with the first page that writes glTF links)
//   3 x f32 root offset (metres)
//   u8 goal count (0..MAX_GOALS), per goal: u16 bone, 3 x f32 target, u8 flags (bit 0 pinned,
//      bit 1 a root target, bit 2 holds an orientation: 4 x f32 x y z w follow,
//      bit 3 has a pole: 3 x f32 follow, after the orientation)
//      (the page's goals in order; for most solvers the user's goal set: any
//      bones, pins included — goal-set.ts)
//   with kind bit 7 (0x80: came with proportions; readers before it refuse the kind) the
//      character's proportions (proportions.ts): u8 mask (bit k: PROPORTION_KEYS[k] is not 1),
//      then f64 per bit set, in key order (the others are 1)
//   3 x f32 camera position, 3 x f32 camera target
//   version 3 only: u8 flags (bit 0 playing, bit 1 a time follows), f64 time
//      (seconds) if flagged, then the clip (clip-link.ts)
// and nothing after. Version 4, a scene of characters, is scene-link.ts's:
// it holds each character's record (the kind byte to the goals) as above.
//
// Precision. An angle outside [−π, π] is wrapped into it (the same rotation)
// and stored as round((θ + π) / ANGLE_STEP) in 24 bits, ANGLE_STEP =
// 2π / (2^24 − 1) ≈ 3.75e-7 rad, so it comes back within half a step,
// 1.9e-7 rad. Not 16 bits (step 9.6e-5 rad): the errors add up along a chain
// — a hand's palette entry feels every angle from the hips out, each times a
// lever of up to a metre or more — and on the default character 16 bits moved
// palette entries by 3.1e-4, over the 1e-4 a reproduced pose may differ by;
// 24 bits leave them about 250 times smaller (the test measures it), for 63
// more bytes on a 21-bone rig. Positions are float32: within 2^-24 of their
// size (6e-8 m at 1 m), with only the generous MAX_COORDINATE as a range.
import { builtContract } from '../rig/contract.js';
import { SOLVERS, type SolverName } from '../rig/rig.js';
import { MAX_CHARACTER_NAME_BYTES } from '../posing/character-source.js';
import { MAX_GOALS } from '../posing/goal-set.js';
import type { QuatTuple, Vec3Tuple } from '../rig/rig-desc.js';
import { type ByteReader, ByteWriter, MalformedInput as MalformedLink } from './byte-io.js';
import { type LinkEncoding, decodeLinkText, finishLink } from './link-bytes.js';
import { clipProblem, readClip, writeClip } from './clip-link.js';
import { readString, writeString } from './link-text.js';
import { nameProblem } from '../text/name-problem.js';
import type { ClipData } from '../animation/clip.js';
import { type Proportions, isAsBuilt, proportionsProblem } from '../posing/proportions.js';
import { readProportions, writeProportions } from './proportions-link.js';
import { type LessonSettings, MAX_LESSON_SETTINGS, MAX_SETTING_KEY_LENGTH, lessonSettingsProblem } from '../lessons/lesson-settings.js';

export type PoseLinkCharacter =
  | { kind: 'default' }
  /** `settings`: the lesson tool's (a step-through's method, a convention lesson's extents); left out: its own start. */
  | { kind: 'lesson'; id: string; settings?: LessonSettings }
  /**
   * A user's file cannot travel in a link: only its name, to ask for it
   * again, and a hash of each bone's name (in the link's bone order), to
   * match the file's joints when it is loaded.
   */
  | { kind: 'gltf'; name: string; joints: number[] };

export interface PoseLinkGoal {
  /** Bone index. */
  bone: number;
  /** Model space, metres. */
  target: Vec3Tuple;
  pinned: boolean;
  /** A root target (it moves the body); left out: no. */
  movesRoot?: boolean;
  /** The orientation it holds, x y z w, model space; left out: none. */
  orientation?: QuatTuple;
  /** Its pole, model space; left out: none. */
  pole?: Vec3Tuple;
}

/** One character as a link holds it: what it is, its pose, solver and goals, its clip. */
export interface CharacterLinkState {
  character: PoseLinkCharacter;
  boneCount: number;
  /** 3 per bone, by slot, radians. */
  angles: number[];
  /** Metres. */
  rootOffset: Vec3Tuple;
  goals: PoseLinkGoal[];
  solver: SolverName;
  /** Its keyframe clip; left out: none (and a one-character link is version 2). */
  clip?: ClipData;
  /** Its proportions; left out: as built. */
  proportions?: Proportions;
}

/** An orbit camera's position and the point it looks at, metres. */
export interface LinkCamera {
  position: Vec3Tuple;
  target: Vec3Tuple;
}

/** A one-character link (versions 1–3). */
export interface PoseLinkState extends CharacterLinkState {
  /** The view's camera in the character's model space (where the page draws it), metres. */
  camera: LinkCamera;
  /** With a clip: the timeline's time (seconds, within the clip); left out: 0. */
  time?: number;
  /** With a clip: whether it plays on opening; left out: no. */
  playing?: boolean;
}

export type PoseLinkDecoded = { ok: true; state: PoseLinkState } | { ok: false; error: string };

export const POSE_LINK_MAGIC = 0x50;
/** The version of links without a clip (links without one stay readable by pages before clips). */
export const POSE_LINK_VERSION = 2;
/** The version of links with a clip. */
export const CLIP_LINK_VERSION = 3;
/** The first version, which has pins alone among the goal flags: its links still open. */
const FIRST_VERSION = 1;
const ANGLE_LEVELS = 2 ** 24;
/** 2π / (2^24 − 1) ≈ 3.75e-7 rad; levels 0 and 2^24 − 1 are −π and π. */
export const ANGLE_STEP = (2 * Math.PI) / (ANGLE_LEVELS - 1);
export const MAX_BONES = 512;

/** UTF-8 bytes of a lesson id or glTF name. */
export const MAX_NAME_BYTES = MAX_CHARACTER_NAME_BYTES;
/** Metres from the origin for any position: the core's bound on every position it takes, far
 *  beyond any scene we frame, which keeps derived values (distances, matrices) far from float
 *  overflow. */
export const MAX_COORDINATE = builtContract.maxCoordinate;

const CHARACTER_KINDS = ['default', 'lesson', 'gltf'] as const;
/** The character kind byte of a lesson whose settings follow its id. */
const LESSON_WITH_SETTINGS = 3;
/** Or-ed into the character kind byte: the proportions follow the goals. */
const PROPORTIONS_FLAG = 0x80;
const PINNED_FLAG = 1;
const ROOT_FLAG = 2;
const ORIENTATION_FLAG = 4;
const POLE_FLAG = 8;
const PLAYING_FLAG = 1;
const TIME_FLAG = 2;

export { MAX_LINK_LENGTH } from './link-bytes.js';
/** A state's link, or why a link cannot hold the state. */
export type PoseLinkEncoding = LinkEncoding;

/** The state's link, or why it breaks the format's rules (never throws). */
export function tryEncodePoseLink(state: PoseLinkState): PoseLinkEncoding {
  const problem = stateProblem(state);
  if (problem) return { ok: false, error: problem };
  const out = new ByteWriter();
  out.u8(POSE_LINK_MAGIC);
  out.u8(state.clip ? CLIP_LINK_VERSION : POSE_LINK_VERSION);
  writeCharacterRecord(out, state);
  writeCamera(out, state.camera);
  if (state.clip) {
    writeTimelineFlags(out, state);
    writeClip(out, state.clip);
  }
  return finishLink(out);
}

/** The state's link; throws naming the rule it breaks (for a state the caller built to fit). */
export function encodePoseLink(state: PoseLinkState): string {
  const encoded = tryEncodePoseLink(state);
  if (!encoded.ok) throw new Error(`pose link: cannot encode: ${encoded.error}`);
  return encoded.link;
}

/** A character's record, from its kind to its goals (the clip is the caller's: where it goes differs by version). */
export function writeCharacterRecord(out: ByteWriter, state: CharacterLinkState): void {
  const { character } = state;
  const settings = character.kind === 'lesson' && character.settings !== undefined ? Object.entries(character.settings) : [];
  const proportions = state.proportions !== undefined && !isAsBuilt(state.proportions) ? state.proportions : null;
  out.u8((settings.length > 0 ? LESSON_WITH_SETTINGS : CHARACTER_KINDS.indexOf(character.kind)) | (proportions ? PROPORTIONS_FLAG : 0));
  if (character.kind === 'lesson') writeString(out, character.id);
  if (settings.length > 0) {
    out.u8(settings.length);
    for (const [key, value] of settings) {
      writeString(out, key);
      out.f64(value);
    }
  }
  if (character.kind === 'gltf') writeString(out, character.name);
  out.u8(SOLVERS.indexOf(state.solver));
  out.u16(state.boneCount);
  for (const angle of state.angles) out.u24(quantizeAngle(angle));
  if (character.kind === 'gltf') for (const hash of character.joints) out.u32(hash);
  writeVec3(out, state.rootOffset);
  out.u8(state.goals.length);
  for (const goal of state.goals) {
    out.u16(goal.bone);
    writeVec3(out, goal.target);
    out.u8((goal.pinned ? PINNED_FLAG : 0) | (goal.movesRoot ? ROOT_FLAG : 0) | (goal.orientation ? ORIENTATION_FLAG : 0) | (goal.pole ? POLE_FLAG : 0));
    if (goal.orientation) for (const v of goal.orientation) out.f32(v);
    if (goal.pole) writeVec3(out, goal.pole);
  }
  if (proportions) writeProportions(out, proportions);
}

export function writeCamera(out: ByteWriter, camera: LinkCamera): void {
  writeVec3(out, camera.position);
  writeVec3(out, camera.target);
}

export function readCamera(input: ByteReader): LinkCamera {
  return { position: readVec3(input), target: readVec3(input) };
}

/** The timeline's flags byte and its time: whether the clip plays, and the time shown. */
export function writeTimelineFlags(out: ByteWriter, timeline: { time?: number; playing?: boolean }): void {
  out.u8((timeline.playing ? PLAYING_FLAG : 0) | (timeline.time !== undefined ? TIME_FLAG : 0));
  if (timeline.time !== undefined) out.f64(timeline.time);
}

export function readTimelineFlags(input: ByteReader): { time?: number; playing?: boolean } {
  const flags = input.u8();
  if ((flags & ~(PLAYING_FLAG | TIME_FLAG)) !== 0) throw new MalformedLink(`unknown clip flags ${flags}`);
  const timeline: { time?: number; playing?: boolean } = {};
  if ((flags & PLAYING_FLAG) !== 0) timeline.playing = true;
  if ((flags & TIME_FLAG) !== 0) timeline.time = input.f64();
  return timeline;
}

export function decodePoseLink(text: string): PoseLinkDecoded {
  const decoded = decodeLinkText(text, readState, stateProblem);
  return decoded.ok ? { ok: true, state: decoded.value } : decoded;
}

/** Reads the fields in order, checking what the layout itself needs (counts,
 *  ids, UTF-8); stateProblem checks the values. */
function readState(input: ByteReader): PoseLinkState {
  const magic = input.u8();
  if (magic !== POSE_LINK_MAGIC) throw new MalformedLink(`not a pose link (magic byte ${magic})`);
  return readPoseBody(input, input.u8());
}

/** What follows the magic byte and the version of a one-character link (versions 1–3). */
export function readPoseBody(input: ByteReader, version: number): PoseLinkState {
  if (version !== POSE_LINK_VERSION && version !== FIRST_VERSION && version !== CLIP_LINK_VERSION) throw new MalformedLink(`unknown version ${version}`);
  const record = readCharacterRecord(input, version);
  const state: PoseLinkState = { ...record, camera: readCamera(input) };
  if (version === CLIP_LINK_VERSION) {
    Object.assign(state, readTimelineFlags(input));
    state.clip = readClip(input);
  }
  return state;
}

/** A character's record, from its kind to its goals, as link `version` writes it. */
export function readCharacterRecord(input: ByteReader, version: number): CharacterLinkState {
  const knownFlags = version === FIRST_VERSION ? PINNED_FLAG : PINNED_FLAG | ROOT_FLAG | ORIENTATION_FLAG | POLE_FLAG;
  const kindByte = input.u8();
  const kindId = kindByte & ~PROPORTIONS_FLAG;
  const kind = kindId === LESSON_WITH_SETTINGS ? 'lesson' : CHARACTER_KINDS[kindId];
  if (kind === undefined) throw new MalformedLink(`unknown character kind ${kindId}`);
  const character: PoseLinkCharacter =
    kind === 'default' ? { kind } : kind === 'lesson' ? { kind, id: readString(input, 'lesson id', MAX_NAME_BYTES) } : { kind, name: readString(input, 'glTF name', MAX_NAME_BYTES), joints: [] };
  if (character.kind === 'lesson' && kindId === LESSON_WITH_SETTINGS) character.settings = readSettings(input);
  const solverId = input.u8();
  const solver = SOLVERS[solverId];
  if (solver === undefined) throw new MalformedLink(`unknown solver id ${solverId}`);
  const boneCount = input.u16();
  // Checked before the angles are read so that a forged count allocates nothing.
  if (boneCount > MAX_BONES) throw new MalformedLink(`bone count ${boneCount} exceeds ${MAX_BONES}`);
  const angles = Array.from({ length: 3 * boneCount }, () => input.u24() * ANGLE_STEP - Math.PI);
  if (character.kind === 'gltf') character.joints = Array.from({ length: boneCount }, () => input.u32());
  const rootOffset = readVec3(input);
  const goalCount = input.u8();
  if (goalCount > MAX_GOALS) throw new MalformedLink(`goal count ${goalCount} exceeds ${MAX_GOALS}`);
  const goals = Array.from({ length: goalCount }, (_, index): PoseLinkGoal => {
    const bone = input.u16();
    const target = readVec3(input);
    const flags = input.u8();
    if ((flags & ~knownFlags) !== 0) throw new MalformedLink(`goal ${index} has unknown flags ${flags}`);
    const goal: PoseLinkGoal = { bone, target, pinned: (flags & PINNED_FLAG) !== 0 };
    if ((flags & ROOT_FLAG) !== 0) goal.movesRoot = true;
    if ((flags & ORIENTATION_FLAG) !== 0) goal.orientation = [input.f32(), input.f32(), input.f32(), input.f32()];
    if ((flags & POLE_FLAG) !== 0) goal.pole = readVec3(input);
    return goal;
  });
  const record: CharacterLinkState = { character, boneCount, angles, rootOffset, goals, solver };
  if ((kindByte & PROPORTIONS_FLAG) !== 0) record.proportions = readProportions(input);
  return record;
}

/** A kind-3 lesson's settings: a count, then names and values (checked by stateProblem). */
function readSettings(input: ByteReader): LessonSettings {
  const count = input.u8();
  if (count === 0 || count > MAX_LESSON_SETTINGS) throw new MalformedLink(`lesson settings count ${count} is not within 1..${MAX_LESSON_SETTINGS}`);
  const settings: LessonSettings = {};
  for (let k = 0; k < count; k++) {
    const key = readString(input, 'lesson setting name', MAX_SETTING_KEY_LENGTH);
    if (Object.hasOwn(settings, key)) throw new MalformedLink(`lesson setting '${key}' appears twice`);
    const value = input.f64();
    // A name like "__proto__" would not be an own key of a plain object: stateProblem refuses it by its pattern, and
    // defineProperty keeps it from touching the prototype meanwhile.
    Object.defineProperty(settings, key, { value, enumerable: true, writable: true, configurable: true });
  }
  return settings;
}

/** What is wrong with a state, or null. One set of rules for both directions,
 *  so every state encode accepts decodes, and every decoded state re-encodes. */
export function stateProblem(state: PoseLinkState): string | null {
  return characterProblem(state) ?? cameraProblem(state.camera) ?? timelineProblem(state.clip, state, state.boneCount);
}

/** What is wrong with a character's record and its clip, or null. */
export function characterProblem(state: CharacterLinkState): string | null {
  const { character } = state;
  if (character.kind === 'lesson') {
    const problem = nameProblem(character.id, 'lesson id', MAX_NAME_BYTES) ?? (character.settings === undefined ? null : lessonSettingsProblem(character.settings));
    if (problem) return problem;
  }
  if (character.kind === 'gltf') {
    const problem = nameProblem(character.name, 'glTF name', MAX_NAME_BYTES);
    if (problem) return problem;
    if (!Array.isArray(character.joints) || character.joints.length !== state.boneCount) return `${character.joints?.length} joint name hashes for ${state.boneCount} bones`;
    const bad = character.joints.findIndex((h) => !Number.isInteger(h) || h < 0 || h >= 2 ** 32);
    if (bad >= 0) return `joint name hash ${bad} is ${character.joints[bad]}, not a 32-bit unsigned integer`;
  }
  if (!CHARACTER_KINDS.includes(character.kind)) return `unknown character kind ${String(character.kind)}`;
  if (!SOLVERS.includes(state.solver)) return `unknown solver ${String(state.solver)}`;
  const { boneCount } = state;
  if (!Number.isInteger(boneCount) || boneCount < 0) return `bone count ${boneCount} is not a whole number`;
  if (boneCount > MAX_BONES) return `bone count ${boneCount} exceeds ${MAX_BONES}`;
  if (state.angles.length !== 3 * boneCount) return `${state.angles.length} angles for ${boneCount} bones`;
  const badAngle = state.angles.findIndex((a) => !Number.isFinite(a));
  if (badAngle >= 0) return `angle ${badAngle} is ${state.angles[badAngle]}`;
  const problem = vec3Problem(state.rootOffset, 'root offset');
  if (problem) return problem;
  if (state.goals.length > MAX_GOALS) return `goal count ${state.goals.length} exceeds ${MAX_GOALS}`;
  for (const [index, goal] of state.goals.entries()) {
    if (!Number.isInteger(goal.bone) || goal.bone < 0 || goal.bone >= boneCount) return `goal bone ${goal.bone} out of range (${boneCount} bones)`;
    const targetProblem = vec3Problem(goal.target, `goal ${index} target`);
    if (targetProblem) return targetProblem;
    if (typeof goal.pinned !== 'boolean') return `goal ${index} pinned is not a boolean`;
    if (goal.movesRoot !== undefined && typeof goal.movesRoot !== 'boolean') return `goal ${index} movesRoot is not a boolean`;
    if (goal.orientation !== undefined) {
      const q = goal.orientation;
      // A rotation: 4 finite numbers of length 1 (to float32 precision and then some).
      if (q.length !== 4 || !q.every(Number.isFinite) || Math.abs(Math.hypot(...q) - 1) > 1e-3) return `goal ${index} orientation is not a unit quaternion`;
    }
    const poleProblem = goal.pole === undefined ? null : vec3Problem(goal.pole, `goal ${index} pole`);
    if (poleProblem) return poleProblem;
  }
  const proportionsTrouble = state.proportions === undefined ? null : proportionsProblem(state.proportions);
  if (proportionsTrouble) return proportionsTrouble;
  return state.clip === undefined ? null : clipProblem(state.clip, boneCount);
}

export function cameraProblem(camera: LinkCamera): string | null {
  const problem = vec3Problem(camera.position, 'camera position') ?? vec3Problem(camera.target, 'camera target');
  if (problem) return problem;
  // An orbit camera looking at its own position has no direction. Compared as
  // float32, as they travel, so that encode refuses what decode would.
  if (camera.position.every((v, k) => Math.fround(v) === Math.fround(camera.target[k]))) return 'camera position equals its target';
  return null;
}

/** What is wrong with a timeline's time and playing flag for `clip` (checked with its character), or null. */
export function timelineProblem(clip: ClipData | undefined, { time, playing }: { time?: number; playing?: boolean }, boneCount: number): string | null {
  if (clip === undefined) return time !== undefined || playing === true ? 'a time or playing flag without a clip' : null;
  const problem = clipProblem(clip, boneCount);
  if (problem) return problem;
  if (time !== undefined && !(time >= 0 && time <= clip.duration)) return `time ${time} is not within the clip's [0, ${clip.duration}] s`;
  if (playing !== undefined && typeof playing !== 'boolean') return 'playing is not a boolean';
  return null;
}

export function vec3Problem(v: Vec3Tuple, what: string): string | null {
  if (v.length !== 3) return `${what} has ${v.length} components`;
  const bad = v.findIndex((x) => !(Math.abs(x) <= MAX_COORDINATE)); // also catches NaN
  return bad < 0 ? null : `${what}[${bad}] = ${v[bad]} is not within ±${MAX_COORDINATE} m`;
}

export function writeVec3(out: ByteWriter, v: Vec3Tuple): void {
  for (const x of v) out.f32(x);
}

export function readVec3(input: ByteReader): Vec3Tuple {
  return [input.f32(), input.f32(), input.f32()];
}

/** Wraps into [−π, π] (the same rotation), then the nearest level. Angles
 *  already in range are left alone, so a decoded π re-encodes as π. */
function quantizeAngle(angle: number): number {
  const wrapped = Math.abs(angle) <= Math.PI ? angle : angle - 2 * Math.PI * Math.round(angle / (2 * Math.PI));
  return Math.min(ANGLE_LEVELS - 1, Math.max(0, Math.round((wrapped + Math.PI) / ANGLE_STEP)));
}
