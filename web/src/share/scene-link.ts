// The share link of a scene of characters (version 4 of the format in
// pose-link.ts): each character's record as a one-character link holds it,
// where it stands, which one is active, the camera once and the active
// one's timeline. The rules are pose-link's: encoding refuses a state that
// breaks them, decoding never throws and lets out only checked values.
// decodeShareLink reads any version: versions 1–3 are one-character links,
// opened as they always were.
//
// Format, version 4 (little-endian):
//   u8 magic 0x50 ('P'), u8 version 4
//   u8 character count (1..MAX_LINK_CHARACTERS), u8 the active one's index (0..count − 1),
//   u8 characters left out (the scene it was made from had that many more than a link holds)
//   3 x f32 camera position, 3 x f32 camera target (world space)
//   u8 timeline flags (bit 0 playing, bit 1 a time follows), f64 time (seconds) if flagged:
//      the active character's clip's (both need it to have one)
//   per character, in the scene's order:
//     f32 x, f32 z (metres, world space, within ±MAX_FLOOR_DISTANCE), f32 heading
//        (radians about +Y, within [−π, π]: encoding wraps it, the same rotation)
//     its record: the character kind byte to the goals, as in version 2
//     u8 clip flag (0 none, 1 its clip follows: clip-link.ts)
// and nothing after.
//
// Version 5: version 4 (its header's version byte 5), then the contacts
// between its characters (contacts-link.ts). A scene without contacts
// writes version 4, byte for byte as before; pages before contacts refuse a
// version-5 link as of an unknown version.
import { type ClipData } from '../animation/clip.js';
import { type CharacterTransform, MAX_FLOOR_DISTANCE } from '../scene/character-transform.js';
import { type ByteReader, ByteWriter, MalformedInput } from './byte-io.js';
import { readClip, writeClip } from './clip-link.js';
import { type LinkContact, contactsProblem, readContacts, writeContacts } from './contacts-link.js';
import { type LinkEncoding, decodeLinkText, finishLink } from './link-bytes.js';
import {
  type CharacterLinkState, type LinkCamera, POSE_LINK_MAGIC, type PoseLinkState, cameraProblem, characterProblem, readCamera, readCharacterRecord, readPoseBody,
  readTimelineFlags, stateProblem, timelineProblem, writeCamera, writeCharacterRecord, writeTimelineFlags,
} from './pose-link.js';

export const SCENE_LINK_VERSION = 4;
/** A scene link with contacts (contacts-link.ts after the characters). */
export const CONTACTS_LINK_VERSION = 5;
/** Characters a link holds: each is a few hundred bytes, a clip thousands; a scene with more shares its first ones. */
export const MAX_LINK_CHARACTERS = 4;
/** The largest heading a link holds: π as float32 (a hair above π), so a wrapped heading's float32 passes. */
const MAX_HEADING = Math.fround(Math.PI);
const CLIP_FOLLOWS = 1;

export interface SceneLinkCharacter extends CharacterLinkState {
  transform: CharacterTransform;
}

export interface SceneLinkState {
  /** 1..MAX_LINK_CHARACTERS, in the scene's order. */
  characters: SceneLinkCharacter[];
  /** The index of the active character. */
  active: number;
  /** Characters of the scene the link has no room for (0: it holds them all). */
  leftOut: number;
  /** World space, metres. */
  camera: LinkCamera;
  /** The active character's timeline: the time shown (seconds, within its clip); left out: 0. */
  time?: number;
  /** Whether its clip plays on opening; left out: no. */
  playing?: boolean;
  /** The contacts between its characters (version 5); left out or empty: none. */
  contacts?: LinkContact[];
}

/** What a link holds: one character (versions 1–3) or a scene (version 4). */
export type ShareLinkState = { kind: 'pose'; state: PoseLinkState } | { kind: 'scene'; scene: SceneLinkState };

export type ShareLinkDecoded = { ok: true; link: ShareLinkState } | { ok: false; error: string };

/** A heading in [−π, π], the same rotation. */
export function wrapHeading(heading: number): number {
  return Math.abs(heading) <= Math.PI ? heading : heading - 2 * Math.PI * Math.round(heading / (2 * Math.PI));
}

/** The scene's link, or why it breaks the format's rules (never throws). */
export function tryEncodeSceneLink(scene: SceneLinkState): LinkEncoding {
  const problem = sceneProblem(scene);
  if (problem) return { ok: false, error: problem };
  const out = new ByteWriter();
  const contacts = scene.contacts ?? [];
  out.u8(POSE_LINK_MAGIC);
  out.u8(contacts.length > 0 ? CONTACTS_LINK_VERSION : SCENE_LINK_VERSION);
  out.u8(scene.characters.length);
  out.u8(scene.active);
  out.u8(scene.leftOut);
  writeCamera(out, scene.camera);
  writeTimelineFlags(out, scene);
  for (const character of scene.characters) {
    const { x, z, heading } = character.transform;
    out.f32(x);
    out.f32(z);
    out.f32(heading);
    writeCharacterRecord(out, character);
    out.u8(character.clip ? CLIP_FOLLOWS : 0);
    if (character.clip) writeClip(out, character.clip);
  }
  if (contacts.length > 0) writeContacts(out, contacts);
  return finishLink(out);
}

/** The scene's link; throws naming the rule it breaks (for a state the caller built to fit). */
export function encodeSceneLink(scene: SceneLinkState): string {
  const encoded = tryEncodeSceneLink(scene);
  if (!encoded.ok) throw new Error(`scene link: cannot encode: ${encoded.error}`);
  return encoded.link;
}

/** Any version's link: its state, or the error that names what is wrong (never throws). */
export function decodeShareLink(text: string): ShareLinkDecoded {
  const decoded = decodeLinkText(text, readLink, linkProblem);
  return decoded.ok ? { ok: true, link: decoded.value } : decoded;
}

function readLink(input: ByteReader): ShareLinkState {
  const magic = input.u8();
  if (magic !== POSE_LINK_MAGIC) throw new MalformedInput(`not a pose link (magic byte ${magic})`);
  const version = input.u8();
  if (version === CONTACTS_LINK_VERSION) {
    const scene = readScene(input);
    return { kind: 'scene', scene: { ...scene, contacts: readContacts(input) } };
  }
  return version === SCENE_LINK_VERSION ? { kind: 'scene', scene: readScene(input) } : { kind: 'pose', state: readPoseBody(input, version) };
}

function readScene(input: ByteReader): SceneLinkState {
  const count = input.u8();
  // Checked before the characters are read so that a forged count reads nothing.
  if (count < 1 || count > MAX_LINK_CHARACTERS) throw new MalformedInput(`character count ${count} is not within 1..${MAX_LINK_CHARACTERS}`);
  const active = input.u8();
  const leftOut = input.u8();
  const camera = readCamera(input);
  const scene: SceneLinkState = { characters: [], active, leftOut, camera, ...readTimelineFlags(input) };
  for (let k = 0; k < count; k++) {
    const transform = { x: input.f32(), z: input.f32(), heading: input.f32() };
    const record: SceneLinkCharacter = { ...readRecord(input, k), transform };
    const clipFlag = input.u8();
    if (clipFlag !== 0 && clipFlag !== CLIP_FOLLOWS) throw new MalformedInput(`character ${k} has clip flag ${clipFlag}, not 0 or 1`);
    if (clipFlag === CLIP_FOLLOWS) record.clip = readClip(input);
    scene.characters.push(record);
  }
  return scene;
}

/** Character `k`'s record; a layout error names the character. */
function readRecord(input: ByteReader, k: number): CharacterLinkState {
  try {
    return readCharacterRecord(input, SCENE_LINK_VERSION);
  } catch (e) {
    if (e instanceof MalformedInput) throw new MalformedInput(`character ${k}: ${e.message}`);
    throw e;
  }
}

function linkProblem(link: ShareLinkState): string | null {
  return link.kind === 'scene' ? sceneProblem(link.scene) : stateProblem(link.state);
}

/** What is wrong with a scene state, or null: one set of rules for both directions, as pose-link's. */
export function sceneProblem(scene: SceneLinkState): string | null {
  const { characters, active, leftOut } = scene;
  const count = characters.length;
  if (count < 1 || count > MAX_LINK_CHARACTERS) return `character count ${count} is not within 1..${MAX_LINK_CHARACTERS}`;
  if (!Number.isInteger(active) || active < 0 || active >= count) return `active character ${active} out of range (${count} characters)`;
  if (!Number.isInteger(leftOut) || leftOut < 0 || leftOut > 255 - count) return `${leftOut} characters left out is not within 0..${255 - count}`;
  for (const [k, character] of characters.entries()) {
    const problem = transformProblem(character.transform) ?? characterProblem(character);
    if (problem) return `character ${k}: ${problem}`;
  }
  const { clip, boneCount }: { clip?: ClipData; boneCount: number } = characters[active];
  const contacts = scene.contacts ?? [];
  if (contacts.length > 0) {
    const problem = contactsProblem(contacts, characters.map((c) => c.boneCount));
    if (problem) return problem;
  }
  return cameraProblem(scene.camera) ?? (clip === undefined && (scene.time !== undefined || scene.playing === true) ? 'a time or playing flag without a clip on the active character' : timelineProblem(clip, scene, boneCount));
}

function transformProblem({ x, z, heading }: CharacterTransform): string | null {
  for (const [name, value] of [['x', x], ['z', z]] as const) {
    if (!(Math.abs(value) <= MAX_FLOOR_DISTANCE)) return `transform ${name} = ${value} is not within ±${MAX_FLOOR_DISTANCE} m`;
  }
  if (!(Math.abs(heading) <= MAX_HEADING)) return `transform heading = ${heading} is not within [−π, π]`;
  return null;
}
