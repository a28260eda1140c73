// A small pose link whose byte layout the tests know, and ways to break it
// one field at a time: the codec's tests (pose-link.test.ts) check each
// named error in Node, the page's (tests/e2e/hostile-input.test.ts) open the
// same links in Chromium.
import { decodeBase64url, encodeBase64url } from '../../web/src/share/base64url.js';
import { POSE_LINK_MAGIC, POSE_LINK_VERSION, type PoseLinkState, encodePoseLink } from '../../web/src/share/pose-link.js';

/** Two bones, one goal on bone 1, default character: the byte offsets below follow the layout. */
export const SMALL_STATE: PoseLinkState = {
  character: { kind: 'default' },
  boneCount: 2,
  angles: [0, 0.5, -0.5, 1, 2, 3],
  rootOffset: [0, 0, 0],
  goals: [{ bone: 1, target: [0.1, 0.2, 0.3], pinned: false }],
  solver: 'ccd',
  camera: { position: [0, 1, 3], target: [0, 1, 0] },
};
export const SOLVER_AT = 3;
export const BONE_COUNT_AT = 4;
export const GOAL_COUNT_AT = 6 + 2 * 9 + 12;
export const GOAL_BONE_AT = GOAL_COUNT_AT + 1;
export const GOAL_FLAGS_AT = GOAL_BONE_AT + 2 + 12;
export const SMALL_LENGTH = GOAL_FLAGS_AT + 1 + 24;

export const smallBytes = (): Uint8Array => decodeBase64url(encodePoseLink(SMALL_STATE))!;

/** The small link with its bytes changed by `patch`. */
export function patched(patch: (bytes: Uint8Array, view: DataView) => void): string {
  const bytes = smallBytes();
  patch(bytes, new DataView(bytes.buffer));
  return encodeBase64url(bytes);
}

/** A link whose character is a glTF name given as raw bytes, with its two joints' hashes (1 and 2) after the angles. */
export function withNameBytes(name: number[]): string {
  const bytes = smallBytes();
  const hashes = [1, 0, 0, 0, 2, 0, 0, 0];
  return encodeBase64url(Uint8Array.from([...bytes.subarray(0, 2), 2, name.length, ...name, ...bytes.subarray(3, GOAL_COUNT_AT - 12), ...hashes, ...bytes.subarray(GOAL_COUNT_AT - 12)]));
}

export const utf8 = (text: string): number[] => Array.from(new TextEncoder().encode(text));
const f64 = (value: number): number[] => Array.from(new Uint8Array(Float64Array.of(value).buffer));

/** Lesson 'arm' (kind 3) with `count` settings given as raw name bytes and values, then the small state's solver onwards. */
export function lessonLink(entries: [number[], number][], count = entries.length): string {
  return encodeBase64url(Uint8Array.from([POSE_LINK_MAGIC, POSE_LINK_VERSION, 3, 3, ...utf8('arm'), count, ...entries.flatMap(([name, value]) => [name.length, ...name, ...f64(value)]), ...smallBytes().subarray(3)]));
}
