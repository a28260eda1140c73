// The scene link's codec (version 4, scene-link.ts): seeded random scenes
// come back within the link's quantisation, the layout is the one the file
// documents (offsets derived by hand below), tampered links — truncated,
// wrong counts, a character count of 0 or 5, a bad place — are refused
// naming the problem, and mutations of valid links never throw out of
// decode nor let a broken state through.
import { describe, expect, it } from 'vitest';
import { decodeBase64url, encodeBase64url } from '../../web/src/share/base64url.js';
import { MAX_FLOOR_DISTANCE } from '../../web/src/scene/character-transform.js';
import { ANGLE_STEP, MAX_BONES, POSE_LINK_MAGIC, type PoseLinkState, encodePoseLink } from '../../web/src/share/pose-link.js';
import {
  MAX_LINK_CHARACTERS, SCENE_LINK_VERSION, type SceneLinkCharacter, type SceneLinkState, decodeShareLink, encodeSceneLink, tryEncodeSceneLink,
} from '../../web/src/share/scene-link.js';
import { GOAL_BONE_AT, GOAL_FLAGS_AT, SMALL_STATE } from './pose-link-layout.js';
import { type Random, integer, pick, randomState, vec3 } from './random-link-states.js';
import { seededRandom, uniform } from './seeded-random.js';

function randomScene(random: Random): SceneLinkState {
  const count = integer(random, 1, MAX_LINK_CHARACTERS);
  const characters = Array.from({ length: count }, (): SceneLinkCharacter => {
    const { camera: _camera, ...record } = randomState(random);
    const transform = { x: uniform(random, -MAX_FLOOR_DISTANCE, MAX_FLOOR_DISTANCE), z: uniform(random, -3, 3), heading: uniform(random, -Math.PI, Math.PI) };
    return { ...record, transform };
  });
  return { characters, active: integer(random, 0, count - 1), leftOut: pick(random, [0, 0, 1, 4]), camera: { position: vec3(random, 10), target: vec3(random, 10) } };
}

function sceneOf(text: string): SceneLinkState {
  const decoded = decodeShareLink(text);
  if (!decoded.ok) throw new Error(decoded.error);
  if (decoded.link.kind !== 'scene') throw new Error('decoded as a one-character link');
  return decoded.link.scene;
}

function errorOf(text: string): string {
  const decoded = decodeShareLink(text);
  if (decoded.ok) throw new Error('expected an error, got a state');
  return decoded.error;
}

// Two SMALL_STATE records (pose-link-layout.ts: 2 bones, one goal, no clip) at known places.
const { camera: _camera, ...SMALL_RECORD } = SMALL_STATE;
const SMALL_SCENE: SceneLinkState = {
  characters: [{ ...SMALL_RECORD, transform: { x: -1, z: 0.5, heading: 0.25 } }, { ...SMALL_RECORD, transform: { x: 1, z: 0, heading: -3 } }],
  active: 1,
  leftOut: 0,
  camera: { position: [0, 1.5, 4], target: [0, 1, 0] },
};
const COUNT_AT = 2;
const ACTIVE_AT = 3;
const LEFT_OUT_AT = 4;
const TIMELINE_AT = 5 + 24;
const FIRST_AT = TIMELINE_AT + 1;
// SMALL_STATE's one-character link less its 2-byte header and 24-byte camera.
const RECORD_LENGTH = decodeBase64url(encodePoseLink(SMALL_STATE))!.length - 2 - 24;
const CHARACTER_LENGTH = 12 + RECORD_LENGTH + 1;
const SECOND_AT = FIRST_AT + CHARACTER_LENGTH;

const smallBytes = (): Uint8Array => decodeBase64url(encodeSceneLink(SMALL_SCENE))!;
function patched(patch: (bytes: Uint8Array, view: DataView) => void): string {
  const bytes = smallBytes();
  patch(bytes, new DataView(bytes.buffer));
  return encodeBase64url(bytes);
}

/** Everything a decoded scene promises; the first broken promise, or null. */
function brokenPromise(scene: SceneLinkState): string | null {
  const count = scene.characters.length;
  if (count < 1 || count > MAX_LINK_CHARACTERS) return 'bad character count';
  if (!Number.isInteger(scene.active) || scene.active < 0 || scene.active >= count) return 'active out of range';
  if (![...scene.camera.position, ...scene.camera.target].every(Number.isFinite)) return 'camera not finite';
  for (const c of scene.characters) {
    const { x, z, heading } = c.transform;
    if (!(Math.abs(x) <= MAX_FLOOR_DISTANCE && Math.abs(z) <= MAX_FLOOR_DISTANCE && Math.abs(heading) <= Math.fround(Math.PI))) return 'transform out of range';
    if (c.boneCount > MAX_BONES || c.angles.length !== 3 * c.boneCount || !c.angles.every((a) => Math.abs(a) <= Math.PI)) return 'bad angles';
    if (![...c.rootOffset, ...c.goals.flatMap((g) => g.target)].every(Number.isFinite)) return 'a position not finite';
    if (!c.goals.every((g) => Number.isInteger(g.bone) && g.bone >= 0 && g.bone < c.boneCount)) return 'goal bone out of range';
    if (c.clip && !c.clip.channels.every((ch) => ch.bone >= 0 && ch.bone < Math.max(1, c.boneCount))) return 'clip bone out of range';
  }
  return null;
}

describe('scene link round trip', () => {
  it('300 random scenes of 1–4 characters come back within the quantisation (seed 17)', () => {
    const random = seededRandom(17);
    for (let trial = 0; trial < 300; trial++) {
      const scene = randomScene(random);
      const text = encodeSceneLink(scene);
      expect(decodeBase64url(text)![1]).toBe(SCENE_LINK_VERSION);
      const back = sceneOf(text);
      expect([back.active, back.leftOut, back.characters.length]).toEqual([scene.active, scene.leftOut, scene.characters.length]);
      for (const [k, c] of scene.characters.entries()) {
        const b = back.characters[k];
        expect(b.character, `trial ${trial} character ${k}`).toEqual(c.character);
        expect([b.solver, b.boneCount, b.goals.length]).toEqual([c.solver, c.boneCount, c.goals.length]);
        expect(b.transform).toEqual({ x: Math.fround(c.transform.x), z: Math.fround(c.transform.z), heading: Math.fround(c.transform.heading) });
        const worst = Math.max(0, ...c.angles.map((a, i) => {
          const d = Math.abs(a - b.angles[i]) % (2 * Math.PI);
          return Math.min(d, 2 * Math.PI - d);
        }));
        expect(worst).toBeLessThanOrEqual(ANGLE_STEP / 2 + 1e-12);
      }
      // Decoded scenes are fixed points: encoding one again gives the same link.
      expect(encodeSceneLink(back)).toBe(text);
    }
  });
});

describe('scene link layout and tampered links', () => {
  it('the layout the cases patch', () => {
    const bytes = smallBytes();
    expect(bytes.length).toBe(SECOND_AT + CHARACTER_LENGTH);
    expect([bytes[0], bytes[1], bytes[COUNT_AT], bytes[ACTIVE_AT], bytes[LEFT_OUT_AT], bytes[TIMELINE_AT]]).toEqual([POSE_LINK_MAGIC, 4, 2, 1, 0, 0]);
    const view = new DataView(bytes.buffer);
    expect([view.getFloat32(FIRST_AT, true), view.getFloat32(SECOND_AT + 8, true)]).toEqual([-1, -3]);
    // Each record is the one-character link's, kind byte to goals.
    expect(bytes.subarray(FIRST_AT + 12, FIRST_AT + 12 + RECORD_LENGTH)).toEqual(decodeBase64url(encodePoseLink(SMALL_STATE))!.subarray(2, 2 + RECORD_LENGTH));
  });
  it('truncated', () => {
    for (const at of [3, FIRST_AT + 5, SECOND_AT + 20]) expect(errorOf(encodeBase64url(smallBytes().subarray(0, at)))).toBe(`link is truncated at byte ${at}`);
  });
  it('a character count of 0 or 5', () => {
    expect(errorOf(patched((b) => (b[COUNT_AT] = 0)))).toBe('character count 0 is not within 1..4');
    expect(errorOf(patched((b) => (b[COUNT_AT] = 5)))).toBe('character count 5 is not within 1..4');
  });
  it('a count that does not match the characters that follow', () => {
    expect(errorOf(patched((b) => (b[COUNT_AT] = 3)))).toBe(`link is truncated at byte ${SECOND_AT + CHARACTER_LENGTH}`);
    expect(errorOf(patched((b) => ((b[COUNT_AT] = 1), (b[ACTIVE_AT] = 0))))).toBe(`trailing bytes (${CHARACTER_LENGTH} after byte ${SECOND_AT})`);
  });
  it('the active character out of range', () => expect(errorOf(patched((b) => (b[ACTIVE_AT] = 2)))).toBe('active character 2 out of range (2 characters)'));
  it('too many characters left out', () => expect(errorOf(patched((b) => (b[LEFT_OUT_AT] = 254)))).toBe('254 characters left out is not within 0..253'));
  it('a place that is NaN, infinite, too far or turned past π', () => {
    expect(errorOf(patched((_, v) => v.setFloat32(FIRST_AT, Number.NaN, true)))).toBe(`character 0: transform x = NaN is not within ±${MAX_FLOOR_DISTANCE} m`);
    expect(errorOf(patched((_, v) => v.setFloat32(SECOND_AT + 4, 1e30, true)))).toMatch(new RegExp(`^character 1: transform z = 1\\.00\\d*e\\+30 is not within ±${MAX_FLOOR_DISTANCE} m$`));
    expect(errorOf(patched((_, v) => v.setFloat32(FIRST_AT + 4, -Infinity, true)))).toBe(`character 0: transform z = -Infinity is not within ±${MAX_FLOOR_DISTANCE} m`);
    expect(errorOf(patched((_, v) => v.setFloat32(SECOND_AT + 8, 10, true)))).toBe('character 1: transform heading = 10 is not within [−π, π]');
  });
  it('a record the one-character rules refuse names its character', () => {
    const record = SECOND_AT + 12 - 2; // where the one-character layout's offsets land in the second character
    expect(errorOf(patched((b) => (b[record + 2] = 4)))).toBe('character 1: unknown character kind 4');
    expect(errorOf(patched((b) => (b[record + GOAL_FLAGS_AT] = 16)))).toBe('character 1: goal 0 has unknown flags 16');
    expect(errorOf(patched((_, v) => v.setUint16(record + GOAL_BONE_AT, 40, true)))).toBe('character 1: goal bone 40 out of range (2 bones)');
  });
  it('an unknown clip flag, and a time without a clip', () => {
    expect(errorOf(patched((b) => (b[SECOND_AT + CHARACTER_LENGTH - 1] = 2)))).toBe('character 1 has clip flag 2, not 0 or 1');
    expect(errorOf(patched((b) => (b[TIMELINE_AT] = 1)))).toBe('a time or playing flag without a clip on the active character');
    expect(errorOf(patched((b) => (b[TIMELINE_AT] = 4)))).toBe('unknown clip flags 4');
  });
  it('encode refuses what decode would', () => {
    expect(tryEncodeSceneLink({ ...SMALL_SCENE, characters: [] })).toEqual({ ok: false, error: 'character count 0 is not within 1..4' });
    const five = Array.from({ length: 5 }, () => SMALL_SCENE.characters[0]);
    expect(tryEncodeSceneLink({ ...SMALL_SCENE, characters: five })).toEqual({ ok: false, error: 'character count 5 is not within 1..4' });
    const bad = { ...SMALL_SCENE.characters[0], transform: { x: Number.NaN, z: 0, heading: 0 } };
    expect(tryEncodeSceneLink({ ...SMALL_SCENE, characters: [bad] , active: 0 })).toEqual({ ok: false, error: `character 0: transform x = NaN is not within ±${MAX_FLOOR_DISTANCE} m` });
  });
});

describe('scene links from anyone', () => {
  it('2,000 mutations of valid scene links never throw and never yield a broken state (seed 43)', () => {
    const random = seededRandom(43);
    let accepted = 0;
    for (let trial = 0; trial < 2000; trial++) {
      const bytes = Array.from(decodeBase64url(encodeSceneLink(randomScene(random)))!);
      const at = integer(random, 0, bytes.length - 1);
      const mutation = pick(random, ['flip', 'flip', 'insert', 'delete', 'truncate', 'count'] as const);
      if (mutation === 'flip') bytes[at] ^= 1 << integer(random, 0, 7);
      if (mutation === 'insert') bytes.splice(at, 0, integer(random, 0, 255));
      if (mutation === 'delete') bytes.splice(at, 1);
      if (mutation === 'truncate') bytes.length = at;
      if (mutation === 'count') bytes[pick(random, [COUNT_AT, ACTIVE_AT, LEFT_OUT_AT])] = integer(random, 0, 6);
      const text = encodeBase64url(Uint8Array.from(bytes));
      let decoded: ReturnType<typeof decodeShareLink>;
      try {
        decoded = decodeShareLink(text);
      } catch (e) {
        throw new Error(`trial ${trial}: decode threw ${String(e)}`);
      }
      if (!decoded.ok) {
        expect(decoded.error, `trial ${trial}`).not.toMatch(/internal/);
        continue;
      }
      accepted++;
      if (decoded.link.kind === 'scene') expect(brokenPromise(decoded.link.scene), `trial ${trial}`).toBeNull();
    }
    // Flipped angle and position bits still make valid links: the check above is not vacuous.
    expect(accepted).toBeGreaterThan(200);
  });

  it('a one-character link is not read as a scene', () => {
    const state: PoseLinkState = SMALL_STATE;
    const decoded = decodeShareLink(encodePoseLink(state));
    expect(decoded.ok && decoded.link.kind).toBe('pose');
  });
});
