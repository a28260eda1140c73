// OpenPose's own JSON (CMU-Perceptual-Computing-Lab/openpose doc/02_output.md,
// "JSON Output Format"): per person x, y, c triples for the body, face and
// hands in that key order, then the (here empty) 3-D arrays; "person_id":
// [-1] first and "version": 1.3, as OpenPose 1.3+'s writer puts them; a part
// not found is written 0, 0, 0 (the document's hand_right example). The
// canvas_width / canvas_height fields are not OpenPose's: the ControlNet
// tools (sd-webui-controlnet's pose editor, controlnet_aux) add them so that
// the pixels can be read without the picture, and the reader requires them.
//
// readOpenPoseJson is the strict reader an import goes through: it refuses,
// by name, whatever is not such a document, and copies no key it reads onto
// any object.
import type { Keypoint, PersonKeypoints } from './openpose-keypoints.js';
import { type BodyLayout, LAYOUT_SIZE } from './openpose-layouts.js';

export interface OpenPosePerson {
  person_id: number[];
  pose_keypoints_2d: number[];
  face_keypoints_2d: number[];
  hand_left_keypoints_2d: number[];
  hand_right_keypoints_2d: number[];
  pose_keypoints_3d: number[];
  face_keypoints_3d: number[];
  hand_left_keypoints_3d: number[];
  hand_right_keypoints_3d: number[];
}

export interface OpenPoseDocument {
  version: number;
  people: OpenPosePerson[];
  canvas_width: number;
  canvas_height: number;
}

/** Three decimals of a pixel: what OpenPose writes, far below the half pixel a keypoint is good to. */
const round = (v: number): number => Math.round(v * 1000) / 1000 || 0;

function triples(points: readonly Keypoint[] | null): number[] {
  if (!points) return [];
  return points.flatMap((p) => (p.c > 0 ? [round(p.x), round(p.y), round(p.c)] : [0, 0, 0]));
}

/** The OpenPose JSON document of `people` in a width × height picture, the body in `layout`. */
export function openPoseJson(people: readonly PersonKeypoints[], width: number, height: number, layout: BodyLayout): OpenPoseDocument {
  return {
    version: 1.3,
    people: people.map((person) => ({
      person_id: [-1],
      pose_keypoints_2d: triples(layout === 'BODY_25' ? person.body : person.coco18),
      face_keypoints_2d: [],
      hand_left_keypoints_2d: triples(person.leftHand),
      hand_right_keypoints_2d: triples(person.rightHand),
      pose_keypoints_3d: [],
      face_keypoints_3d: [],
      hand_left_keypoints_3d: [],
      hand_right_keypoints_3d: [],
    })),
    canvas_width: width,
    canvas_height: height,
  };
}

export interface ReadPoint {
  x: number;
  y: number;
  c: number;
}

export interface ReadPerson {
  layout: BodyLayout;
  /** In `layout`'s order. */
  body: ReadPoint[];
  /** HAND_21 order; null when the file has none for this hand (an empty array). */
  leftHand: ReadPoint[] | null;
  rightHand: ReadPoint[] | null;
}

export interface ReadOpenPose {
  people: ReadPerson[];
  width: number;
  height: number;
}

export const MAX_OPENPOSE_TEXT = 50 * 1024 * 1024;
export const MAX_OPENPOSE_PEOPLE = 64;
export const MAX_CANVAS_SIDE = 16384;
/** OpenPose's face has 70 points (doc/02_output.md, "Face Output Format"). */
const FACE_NUMBERS = 70 * 3;
/** Keys that would reach an object's prototype if some later code copied them. */
const FORBIDDEN_KEYS = ['__proto__', 'constructor', 'prototype'];

function fail(message: string): never {
  throw new Error(`OpenPose JSON: ${message}`);
}

function describe(value: unknown): string {
  if (typeof value === 'string') return `the string ${JSON.stringify(value.slice(0, 40))}`;
  if (Array.isArray(value)) return `an array of ${value.length}`;
  if (value === null) return 'null';
  return typeof value === 'number' ? String(value) : `a value of type ${typeof value}`;
}

function record(value: unknown, where: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) fail(`${where} must be an object (got ${describe(value)})`);
  for (const key of FORBIDDEN_KEYS) if (Object.hasOwn(value, key)) fail(`${where} has a key named ${key}, refused`);
  return value as Record<string, unknown>;
}

/** An own field, never one from the prototype chain. */
function field(object: Record<string, unknown>, key: string): unknown {
  return Object.hasOwn(object, key) ? object[key] : undefined;
}

function canvasSide(object: Record<string, unknown>, key: string): number {
  const value = field(object, key);
  if (value === undefined) fail(`${key} is missing (the picture's size the pixels are in)`);
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > MAX_CANVAS_SIDE) fail(`${key} must be a whole number of pixels in [1, ${MAX_CANVAS_SIDE}] (got ${describe(value)})`);
  return value;
}

/** The triples of `key` as points: `counts` says which lengths are allowed (0 for "none"). */
function points(person: Record<string, unknown>, key: string, where: string, allowed: readonly number[]): ReadPoint[] | null {
  const value = field(person, key);
  if (value === undefined) return null;
  if (!Array.isArray(value)) fail(`${where}.${key} must be an array of numbers (got ${describe(value)})`);
  if (!allowed.includes(value.length)) fail(`${where}.${key} has ${value.length} numbers, expected ${allowed.map(String).join(' or ')}`);
  const out: ReadPoint[] = [];
  for (let i = 0; i < value.length; i += 3) {
    for (let k = 0; k < 3; k++) {
      const v: unknown = value[i + k];
      if (typeof v !== 'number' || !Number.isFinite(v)) fail(`${where}.${key}[${i + k}] must be a finite number (got ${describe(v)})`);
    }
    const c = value[i + 2] as number;
    if (c < 0 || c > 1) fail(`${where}.${key}[${i + 2}]: confidence ${c} is not in [0, 1]`);
    out.push({ x: value[i] as number, y: value[i + 1] as number, c });
  }
  return value.length === 0 ? null : out;
}

function parse(input: string | object): unknown {
  if (typeof input !== 'string') return input;
  if (input.length > MAX_OPENPOSE_TEXT) fail(`the text is ${input.length} characters, more than the ${MAX_OPENPOSE_TEXT} allowed`);
  try {
    return JSON.parse(input) as unknown;
  } catch (error) {
    return fail(`not JSON (${(error as Error).message})`);
  }
}

/** Reads an OpenPose JSON document (text or parsed); throws Error('OpenPose JSON: …') naming the first problem. */
export function readOpenPoseJson(input: string | object): ReadOpenPose {
  if (typeof input !== 'string' && (typeof input !== 'object' || input === null)) fail(`expected the JSON text or its object (got ${describe(input)})`);
  const document = record(parse(input), 'the document');
  const width = canvasSide(document, 'canvas_width');
  const height = canvasSide(document, 'canvas_height');
  const version = field(document, 'version');
  if (version !== undefined && (typeof version !== 'number' || !Number.isFinite(version))) fail(`version must be a number (got ${describe(version)})`);
  const peopleValue = field(document, 'people');
  if (!Array.isArray(peopleValue)) fail(`people must be an array (got ${peopleValue === undefined ? 'nothing' : describe(peopleValue)})`);
  if (peopleValue.length > MAX_OPENPOSE_PEOPLE) fail(`people has ${peopleValue.length} entries, more than the ${MAX_OPENPOSE_PEOPLE} allowed`);
  const bodyLengths = [3 * LAYOUT_SIZE.BODY_25, 3 * LAYOUT_SIZE.COCO_18];
  const handLengths = [0, 3 * LAYOUT_SIZE.HAND];
  const people = peopleValue.map((value: unknown, i): ReadPerson => {
    const where = `people[${i}]`;
    const person = record(value, where);
    const body = points(person, 'pose_keypoints_2d', where, bodyLengths);
    if (!body) fail(`${where}.pose_keypoints_2d is missing`);
    // The face is not used; it is checked so that a broken file is not half read.
    points(person, 'face_keypoints_2d', where, [0, FACE_NUMBERS]);
    return {
      layout: body.length === LAYOUT_SIZE.BODY_25 ? 'BODY_25' : 'COCO_18',
      body,
      leftHand: points(person, 'hand_left_keypoints_2d', where, handLengths),
      rightHand: points(person, 'hand_right_keypoints_2d', where, handLengths),
    };
  });
  return { people, width, height };
}
