// The share-link codec: seeded random states survive the trip within the
// stated quantization, a humanoid-sized link is short, the default
// character's palette comes back within 1e-4, and decoding refuses fuzzed and
// malformed links with a named error instead of throwing or letting NaN,
// out-of-range indices or control characters through.
import { beforeAll, describe, expect, it } from 'vitest';
import { Rig, SOLVERS } from '../../web/src/rig/rig.js';
import type { BoneDesc } from '../../web/src/rig/rig-desc.js';
import { rigFromSkinnedMesh } from '../../web/src/import/skinned-mesh-rig.js';
import { decodeBase64url, encodeBase64url } from '../../web/src/share/base64url.js';
import {
  ANGLE_STEP, MAX_BONES, MAX_COORDINATE, MAX_LINK_LENGTH, MAX_NAME_BYTES, POSE_LINK_MAGIC, POSE_LINK_VERSION,
  type PoseLinkCharacter, type PoseLinkState, decodePoseLink, encodePoseLink,
} from '../../web/src/share/pose-link.js';
import { MAX_GOALS } from '../../web/src/posing/goal-set.js';
import { MAX_LESSON_SETTINGS, MAX_SETTING_KEY_LENGTH } from '../../web/src/lessons/lesson-settings.js';
import type { KinModule } from '../../web/src/wasm/generated/kin.js';
import { loadKinModuleNode } from '../../web/src/wasm/load-node.js';
import { loadDefaultCharacter } from './default-character.js';
import { decodeOk, errorOf } from './pose-link-results.js';
import {
  GOAL_BONE_AT, GOAL_COUNT_AT, GOAL_FLAGS_AT, SMALL_LENGTH, SMALL_STATE, BONE_COUNT_AT, SOLVER_AT, lessonLink, patched, smallBytes, utf8, withNameBytes,
} from './pose-link-layout.js';
import { seededRandom, uniform } from './seeded-random.js';
import { integer, pick, randomState, vec3 } from './random-link-states.js';
import { isAsBuilt, proportionsProblem } from '../../web/src/posing/proportions.js';

/** A state the size of the default humanoid's: 21 bones, 4 goals. */
function humanoidState(character: PoseLinkCharacter): PoseLinkState {
  const random = seededRandom(3);
  return {
    character,
    boneCount: 21,
    angles: Array.from({ length: 63 }, () => uniform(random, -1, 1)),
    rootOffset: [0.1, -0.05, 0.2],
    goals: [4, 8, 14, 20].map((bone) => ({ bone, target: vec3(random, 1), pinned: bone > 10 })),
    solver: 'dls',
    camera: { position: [0, 1.2, 3.5], target: [0, 1, 0] },
  };
}


/** Angles as the same rotation: their difference modulo 2π. */
function angleDifference(a: number, b: number): number {
  const d = (a - b) % (2 * Math.PI);
  return Math.min(Math.abs(d), 2 * Math.PI - Math.abs(d));
}

/** Everything a decoded state promises; returns the first broken promise or null. */
function brokenPromise(state: PoseLinkState): string | null {
  const numbers = [...state.angles, ...state.rootOffset, ...state.camera.position, ...state.camera.target, ...state.goals.flatMap((g) => g.target)];
  if (!numbers.every(Number.isFinite)) return 'a number is not finite';
  if (!state.angles.every((a) => Math.abs(a) <= Math.PI)) return 'an angle is outside [−π, π]';
  if (state.angles.length !== 3 * state.boneCount || state.boneCount > MAX_BONES) return 'bad bone count';
  if (state.goals.length > MAX_GOALS) return 'too many goals';
  if (!state.goals.every((g) => Number.isInteger(g.bone) && g.bone >= 0 && g.bone < state.boneCount)) return 'goal bone out of range';
  if (!SOLVERS.includes(state.solver)) return 'bad solver';
  const name = state.character.kind === 'lesson' ? state.character.id : state.character.kind === 'gltf' ? state.character.name : '';
  if (/\p{Cc}/u.test(name)) return 'control character in a name';
  if (state.proportions !== undefined && proportionsProblem(state.proportions) !== null) return proportionsProblem(state.proportions);
  return null;
}

function checkDecodeNeverThrows(text: string, what: string): void {
  let result: ReturnType<typeof decodePoseLink>;
  try {
    result = decodePoseLink(text);
  } catch (e) {
    throw new Error(`${what}: decode threw ${String(e)} for ${JSON.stringify(text)}`);
  }
  if (result.ok) expect(brokenPromise(result.state), `${what}: ${text}`).toBeNull();
  else expect(result.error, `${what}: ${text}`).not.toMatch(/internal/);
}

describe('pose link round trip', () => {
  it('300 random states come back within the quantization (seed 11)', () => {
    const random = seededRandom(11);
    for (let trial = 0; trial < 300; trial++) {
      const state = randomState(random);
      const text = encodePoseLink(state);
      expect(text).toMatch(/^[A-Za-z0-9_-]*$/);
      const back = decodeOk(text);
      expect(back.character, `trial ${trial}`).toEqual(state.character);
      expect(back.solver).toBe(state.solver);
      expect(back.boneCount).toBe(state.boneCount);
      // Proportions exactly (float64), and none in the link for a body as built.
      expect(back.proportions).toEqual(state.proportions === undefined || isAsBuilt(state.proportions) ? undefined : state.proportions);
      expect(back.goals.map((g) => [g.bone, g.pinned, g.movesRoot === true, g.orientation !== undefined, g.pole !== undefined])).toEqual(
        state.goals.map((g) => [g.bone, g.pinned, g.movesRoot === true, g.orientation !== undefined, g.pole !== undefined]),
      );
      const worstAngle = Math.max(0, ...state.angles.map((a, k) => angleDifference(a, back.angles[k])));
      expect(worstAngle, `trial ${trial}`).toBeLessThanOrEqual(ANGLE_STEP / 2 + 1e-12);
      // float32: within half an ulp, 2^-24 of the value.
      const pairs: [number, number][] = [
        ...state.rootOffset.map((x, k): [number, number] => [x, back.rootOffset[k]]),
        ...state.camera.position.map((x, k): [number, number] => [x, back.camera.position[k]]),
        ...state.camera.target.map((x, k): [number, number] => [x, back.camera.target[k]]),
        ...state.goals.flatMap((g, i) => g.target.map((x, k): [number, number] => [x, back.goals[i].target[k]])),
        ...state.goals.flatMap((g, i) => (g.pole ?? []).map((x, k): [number, number] => [x, back.goals[i].pole![k]])),
        ...state.goals.flatMap((g, i) => (g.orientation ?? []).map((x, k): [number, number] => [x, back.goals[i].orientation![k]])),
      ];
      for (const [sent, received] of pairs) expect(Math.abs(sent - received)).toBeLessThanOrEqual(Math.abs(sent) * 2 ** -24);
      // Decoded states are fixed points: encoding one again gives the same link.
      expect(encodePoseLink(back)).toBe(text);
    }
  });

  it('a default-humanoid-sized state is 390 characters, 588 as a glTF with a 64-character name', () => {
    const plain = encodePoseLink(humanoidState({ kind: 'default' }));
    const named = encodePoseLink(humanoidState({ kind: 'gltf', name: 'x'.repeat(64), joints: Array.from({ length: 21 }, (_, k) => 1000 * k) }));
    console.log(`pose link, default humanoid (21 bones, 4 goals): ${plain.length} characters; as a glTF with a 64-character name: ${named.length}`);
    // 2 header + 1 kind + 1 solver + 2 + 21·3·3 angles + 12 root + 1 + 4·15 goals + 24 camera = 292 bytes;
    // a glTF adds its name (1 + 64) and a 4-byte hash per joint (84).
    expect(plain.length).toBe(Math.ceil((292 * 4) / 3));
    expect(named.length).toBe(Math.ceil(((292 + 65 + 84) * 4) / 3));
    expect(named.length).toBeLessThanOrEqual(1500);
  });

  it('with a target on every one of its 21 bones, some pinned, and a 64-character glTF name: 928 characters', () => {
    const state = humanoidState({ kind: 'gltf', name: 'x'.repeat(64), joints: Array.from({ length: 21 }, (_, k) => 1000 * k) });
    const random = seededRandom(4);
    const everyBone = { ...state, goals: Array.from({ length: 21 }, (_, bone) => ({ bone, target: vec3(random, 1), pinned: bone % 3 === 0 })) };
    const text = encodePoseLink(everyBone);
    console.log(`pose link, default humanoid with 21 goals and a 64-character glTF name: ${text.length} characters`);
    // The 4 goals of 15 bytes each above become 21.
    expect(text.length).toBe(Math.ceil(((292 + 65 + 84 + 17 * 15) * 4) / 3));
    expect(text.length).toBeLessThanOrEqual(1500);
    expect(decodeOk(text).goals).toEqual(everyBone.goals.map((g) => ({ ...g, target: g.target.map(Math.fround) })));
  });

  it('the largest state encodes within the decoder\'s length limit', () => {
    const state: PoseLinkState = {
      // A glTF character: the longest name and a name hash per bone.
      ...humanoidState({ kind: 'gltf', name: 'x'.repeat(MAX_NAME_BYTES), joints: new Array<number>(MAX_BONES).fill(2 ** 32 - 1) }),
      boneCount: MAX_BONES,
      angles: new Array<number>(3 * MAX_BONES).fill(0.5),
      goals: Array.from({ length: MAX_GOALS }, (_, bone) => ({ bone, target: [1, 2, 3], pinned: true })),
    };
    const text = encodePoseLink(state);
    // 2 + 1 + (1 + 128) name + 1 + 2 + 512 · (9 angles + 4 hash) + 12 + 1 + 32 · 15 + 24 = 7,308 bytes.
    expect(text.length).toBe(Math.ceil((7308 * 4) / 3));
    expect(text.length).toBeLessThanOrEqual(MAX_LINK_LENGTH);
    expect(decodeOk(text).boneCount).toBe(MAX_BONES);
  });

  it('encode refuses a state that breaks the rules', () => {
    const good = humanoidState({ kind: 'default' });
    expect(() => encodePoseLink({ ...good, angles: [...good.angles.slice(1), NaN] })).toThrow(/angle 62 is NaN/);
    expect(() => encodePoseLink({ ...good, angles: good.angles.slice(1) })).toThrow(/62 angles for 21 bones/);
    expect(() => encodePoseLink({ ...good, goals: [{ bone: 21, target: [0, 0, 0], pinned: false }] })).toThrow(/goal bone 21 out of range \(21 bones\)/);
    expect(() => encodePoseLink({ ...good, rootOffset: [0, Infinity, 0] })).toThrow(/root offset\[1\]/);
    const joints = new Array<number>(21).fill(7);
    expect(() => encodePoseLink({ ...good, character: { kind: 'gltf', name: 'a'.repeat(MAX_NAME_BYTES + 1), joints } })).toThrow(/glTF name is 129 bytes/);
    expect(() => encodePoseLink({ ...good, character: { kind: 'gltf', name: 'a', joints: joints.slice(1) } })).toThrow(/20 joint name hashes for 21 bones/);
    expect(() => encodePoseLink({ ...good, character: { kind: 'gltf', name: 'a', joints: [...joints.slice(1), 2 ** 32] } })).toThrow(/joint name hash 20 is 4294967296/);
    expect(() => encodePoseLink({ ...good, character: { kind: 'lesson', id: 'a\nb' } })).toThrow(/lesson id contains a control character/);
    expect(() => encodePoseLink({ ...good, character: { kind: 'lesson', id: 'a\ud800' } })).toThrow(/lone surrogate/);
  });
});

describe('pose link on the default character', () => {
  let module: KinModule;
  let bones: BoneDesc[];
  beforeAll(async () => {
    module = await loadKinModuleNode();
    ({ bones } = rigFromSkinnedMesh((await loadDefaultCharacter()).mesh));
  });

  it('random poses within the limits come back with every palette entry within 1e-4 (seed 21)', () => {
    const rig = Rig.create(module, bones);
    try {
      const random = seededRandom(21);
      let worst = 0;
      for (let trial = 0; trial < 50; trial++) {
        const angles = bones.flatMap((b) => [0, 1, 2].map((k) => uniform(random, b.min![k], b.max![k])));
        const rootOffset = vec3(random, 0.5);
        const state: PoseLinkState = { ...humanoidState({ kind: 'default' }), boneCount: bones.length, angles, rootOffset };
        rig.setPose(angles, rootOffset);
        const expected = rig.palette().slice();
        const back = decodeOk(encodePoseLink(state));
        rig.setPose(back.angles, back.rootOffset);
        const actual = rig.palette();
        for (let k = 0; k < expected.length; k++) worst = Math.max(worst, Math.abs(expected[k] - actual[k]));
      }
      console.log(`default character: largest palette difference after a link round trip ${worst.toExponential(2)}`);
      expect(worst).toBeLessThan(1e-4);
    } finally {
      rig.dispose();
    }
  });
});

describe('pose link decoding of untrusted text', () => {
  it('2,000 random byte strings never throw and never yield a broken state (seed 31)', () => {
    const random = seededRandom(31);
    for (let trial = 0; trial < 2000; trial++) {
      const bytes = Uint8Array.from({ length: integer(random, 0, 400) }, () => integer(random, 0, 255));
      // Half start like a link, so the fuzz reaches past the header.
      if (random() < 0.5 && bytes.length >= 2) bytes.set([POSE_LINK_MAGIC, POSE_LINK_VERSION]);
      checkDecodeNeverThrows(encodeBase64url(bytes), `trial ${trial}`);
    }
  });

  it('2,000 mutations of valid links never throw and never yield a broken state (seed 41)', () => {
    const random = seededRandom(41);
    const characters = 'AZaz09-_=+/. \u00e9\u0000';
    let accepted = 0;
    for (let trial = 0; trial < 2000; trial++) {
      const text = encodePoseLink(randomState(random));
      let mutated: string;
      if (random() < 0.5) {
        const bytes = Array.from(decodeBase64url(text)!);
        const at = integer(random, 0, bytes.length - 1);
        const mutation = pick(random, ['flip', 'insert', 'delete', 'truncate'] as const);
        if (mutation === 'flip') bytes[at] ^= 1 << integer(random, 0, 7);
        if (mutation === 'insert') bytes.splice(at, 0, integer(random, 0, 255));
        if (mutation === 'delete') bytes.splice(at, 1);
        if (mutation === 'truncate') bytes.length = at;
        mutated = encodeBase64url(Uint8Array.from(bytes));
      } else {
        const at = integer(random, 0, text.length - 1);
        const mutation = pick(random, ['replace', 'insert', 'delete', 'truncate'] as const);
        const character = pick(random, [...characters]);
        if (mutation === 'replace') mutated = text.slice(0, at) + character + text.slice(at + 1);
        else if (mutation === 'insert') mutated = text.slice(0, at) + character + text.slice(at);
        else if (mutation === 'delete') mutated = text.slice(0, at) + text.slice(at + 1);
        else mutated = text.slice(0, at);
      }
      checkDecodeNeverThrows(mutated, `trial ${trial}`);
      if (decodePoseLink(mutated).ok) accepted++;
    }
    // Flipped angle or position bits still make valid links; the check above is not vacuous.
    expect(accepted).toBeGreaterThan(100);
  });

  describe('malformed links give their named error', () => {
    it('the layout the cases patch', () => {
      expect(smallBytes().length).toBe(SMALL_LENGTH);
      expect(decodeOk(encodePoseLink(SMALL_STATE)).goals[0].bone).toBe(1);
    });
    it('truncated', () => {
      expect(errorOf(encodeBase64url(smallBytes().subarray(0, 37)))).toBe('link is truncated at byte 37');
      expect(errorOf('')).toBe('link is truncated at byte 0');
    });
    it('wrong magic', () => expect(errorOf(patched((b) => (b[0] = 0x51)))).toBe('not a pose link (magic byte 81)'));
    it('wrong version', () => expect(errorOf(patched((b) => (b[1] = 9)))).toBe('unknown version 9'));
    it('oversized', () => expect(errorOf('A'.repeat(MAX_LINK_LENGTH + 1))).toBe(`link is ${MAX_LINK_LENGTH + 1} characters, over ${MAX_LINK_LENGTH}`));
    it('bad base64url', () => {
      for (const text of ['UAE=', 'UAE+', 'UA/E', 'U', 'UAE\u00e9', 'UAE ', 'UAF']) expect(errorOf(text), text).toBe('not base64url');
    });
    it('bone count over the maximum', () => expect(errorOf(patched((_, v) => v.setUint16(BONE_COUNT_AT, 5000, true)))).toBe(`bone count 5000 exceeds ${MAX_BONES}`));
    it('goal bone out of range', () => expect(errorOf(patched((_, v) => v.setUint16(GOAL_BONE_AT, 40, true)))).toBe('goal bone 40 out of range (2 bones)'));
    it('goal count over the maximum', () => expect(errorOf(patched((b) => (b[GOAL_COUNT_AT] = 33)))).toBe('goal count 33 exceeds 32'));
    it('unknown goal flags', () => expect(errorOf(patched((b) => (b[GOAL_FLAGS_AT] = 16)))).toBe('goal 0 has unknown flags 16'));
    it('version 1 links open, with pins as their only goal flag', () => {
      const first = patched((b) => (b[1] = 1));
      expect(decodeOk(first).goals.map((g) => [g.bone, g.pinned, g.movesRoot, g.orientation, g.pole])).toEqual([[1, false, undefined, undefined, undefined]]);
      expect(errorOf(patched((b) => ((b[1] = 1), (b[GOAL_FLAGS_AT] = 2))))).toBe('goal 0 has unknown flags 2');
    });
    it('a goal orientation that is no rotation', () => {
      const state: PoseLinkState = { ...SMALL_STATE, goals: [{ ...SMALL_STATE.goals[0], orientation: [0, 0, 0, 1] }] };
      const bytes = decodeBase64url(encodePoseLink(state))!;
      new DataView(bytes.buffer).setFloat32(GOAL_FLAGS_AT + 1 + 12, 2, true);
      expect(errorOf(encodeBase64url(bytes))).toBe('goal 0 orientation is not a unit quaternion');
    });
    it('bad solver id', () => expect(errorOf(patched((b) => (b[SOLVER_AT] = 12)))).toBe('unknown solver id 12'));
    it('unknown character kind', () => expect(errorOf(patched((b) => (b[2] = 4)))).toBe('unknown character kind 4'));
    it('non-finite position', () => {
      expect(errorOf(patched((_, v) => v.setFloat32(GOAL_BONE_AT + 2 + 4, NaN, true)))).toBe(`goal 0 target[1] = NaN is not within ±${MAX_COORDINATE} m`);
      expect(errorOf(patched((_, v) => v.setFloat32(GOAL_COUNT_AT - 12, -Infinity, true)))).toBe(`root offset[0] = -Infinity is not within ±${MAX_COORDINATE} m`);
    });
    // The camera target's z (the last float) set to the position's z.
    it('camera at its target', () => expect(errorOf(patched((_, v) => v.setFloat32(SMALL_LENGTH - 4, 3, true)))).toBe('camera position equals its target'));
    it('control characters in a name', () => {
      expect(decodeOk(withNameBytes([0x61, 0x62])).character).toEqual({ kind: 'gltf', name: 'ab', joints: [1, 2] });
      expect(errorOf(withNameBytes([0x61, 0x0a, 0x62]))).toBe('glTF name contains a control character');
      expect(errorOf(withNameBytes([0x61, 0x7f]))).toBe('glTF name contains a control character');
      expect(errorOf(withNameBytes([0xc2, 0x9b]))).toBe('glTF name contains a control character'); // U+009B, C1
    });
    it('bad names', () => {
      expect(errorOf(withNameBytes([0xff, 0x61]))).toBe('glTF name is not UTF-8');
      expect(errorOf(withNameBytes([0xed, 0xa0, 0x80]))).toBe('glTF name is not UTF-8'); // an encoded surrogate
      expect(errorOf(withNameBytes([]))).toBe(`glTF name length 0 is not within 1..${MAX_NAME_BYTES}`);
      expect(errorOf(withNameBytes(new Array<number>(129).fill(0x61)))).toBe(`glTF name length 129 is not within 1..${MAX_NAME_BYTES}`);
    });
    describe('a lesson\'s settings', () => {
      it('the layout the cases write', () => {
        expect(decodeOk(lessonLink([[utf8('method'), 6], [utf8('lambda'), 0.001]])).character).toEqual({ kind: 'lesson', id: 'arm', settings: { method: 6, lambda: 0.001 } });
        const state: PoseLinkState = { ...SMALL_STATE, character: { kind: 'lesson', id: 'arm', settings: { method: 6, lambda: 0.001 } } };
        expect(encodePoseLink(state)).toBe(lessonLink([[utf8('method'), 6], [utf8('lambda'), 0.001]]));
        // No settings: kind 1, as links were before lesson tools.
        expect(decodeBase64url(encodePoseLink({ ...SMALL_STATE, character: { kind: 'lesson', id: 'arm', settings: {} } }))![2]).toBe(1);
      });
      it('a count out of range', () => {
        expect(errorOf(lessonLink([], 0))).toBe(`lesson settings count 0 is not within 1..${MAX_LESSON_SETTINGS}`);
        expect(errorOf(lessonLink([], MAX_LESSON_SETTINGS + 1))).toBe(`lesson settings count ${MAX_LESSON_SETTINGS + 1} is not within 1..${MAX_LESSON_SETTINGS}`);
      });
      it('a name twice', () => expect(errorOf(lessonLink([[utf8('a'), 1], [utf8('a'), 2]]))).toBe("lesson setting 'a' appears twice"));
      it('a value that is no finite number', () => {
        expect(errorOf(lessonLink([[utf8('a'), Number.NaN]]))).toBe("lesson setting 'a' is NaN, not a finite number");
        expect(errorOf(lessonLink([[utf8('a'), -Infinity]]))).toBe("lesson setting 'a' is -Infinity, not a finite number");
      });
      it('names outside the rule, none of them reaching an object\'s prototype', () => {
        for (const name of ['__proto__', '1a', 'a b', 'a<b>', 'é']) {
          const error = errorOf(lessonLink([[utf8(name), 1]]));
          expect(error, name).toMatch(/^lesson setting name .* is not a letter then up to 23 letters, digits, '\.' or '-'$/);
        }
        expect(({} as Record<string, unknown>).a).toBeUndefined();
        expect(errorOf(lessonLink([[utf8('a'.repeat(MAX_SETTING_KEY_LENGTH + 1)), 1]]))).toBe(`lesson setting name length 25 is not within 1..${MAX_SETTING_KEY_LENGTH}`);
        expect(errorOf(lessonLink([[[0xff], 1]]))).toBe('lesson setting name is not UTF-8');
      });
      it('encode refuses what decode would', () => {
        expect(() => encodePoseLink({ ...SMALL_STATE, character: { kind: 'lesson', id: 'arm', settings: { a: Number.NaN } } })).toThrow("lesson setting 'a' is NaN");
        expect(() => encodePoseLink({ ...SMALL_STATE, character: { kind: 'lesson', id: 'arm', settings: { 'x y': 1 } } })).toThrow('lesson setting name "x y"');
      });
    });
    it('trailing bytes', () => expect(errorOf(encodeBase64url(Uint8Array.from([...smallBytes(), 0])))).toBe(`trailing bytes (1 after byte ${SMALL_LENGTH})`));
  });
});
