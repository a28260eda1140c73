// A BVH (Biovision hierarchy) file read into plain data: the joints in file
// order (parents first, as the file nests them) with their OFFSET, their
// CHANNELS in the file's order (which may differ from joint to joint, and may
// include position channels on any joint), an End Site per leaf that has
// one; several ROOTs in one file; then the MOTION section's frame count,
// frame time and one row of numbers per frame, all channels in joint order.
// DOM-free and three.js-free, so that Node (tests, batch tools) can run it.
//
// Bad files throw BvhError naming the line: a file that ends early, a
// channel count that the frames or the CHANNELS list do not match, numbers
// that are not finite, and sizes past the caps below (so a hostile file
// cannot make the page allocate without bound). One pass over the text: it
// cannot hang.
import { MAX_CLIP_NUMBERS } from '../../animation/clip.js';
import { builtContract } from '../../rig/contract.js';
import { boneNameProblem } from '../../text/shown-name.js';

export type BvhChannel = 'Xposition' | 'Yposition' | 'Zposition' | 'Xrotation' | 'Yrotation' | 'Zrotation';
const CHANNEL_NAMES: readonly string[] = ['Xposition', 'Yposition', 'Zposition', 'Xrotation', 'Yrotation', 'Zrotation'];

/** Most joints a file may have. */
export const MAX_BVH_JOINTS = 1000;
/** UTF-8 bytes of a joint's name at most: it becomes a bone's (the core's bound). */
const MAX_JOINT_NAME_BYTES = builtContract.maxBoneNameBytes;
/** Most numbers (frames × channels) the MOTION section may hold: as many as a clip (the core's holds at most 2^20 keys). */
export const MAX_BVH_VALUES = MAX_CLIP_NUMBERS;
/** Largest file read, in characters (a million numbers of ~12 characters each, and the hierarchy). */
export const MAX_BVH_CHARS = 16 << 20;

export interface BvhJoint {
  name: string;
  /** Index of the parent joint, -1 for a ROOT; parents come first. */
  parent: number;
  /** OFFSET: where the joint sits in its parent's space, file units. */
  offset: [number, number, number];
  /** The joint's channels in the file's order. */
  channels: BvhChannel[];
  /** Index of its first channel in a frame's row. */
  firstChannel: number;
  /** The OFFSET of its End Site, or null when it has none. */
  endSite: [number, number, number] | null;
  /** The line that names it (1-based). */
  line: number;
}

export interface BvhDocument {
  joints: BvhJoint[];
  /** Channels per frame: the sum over the joints. */
  channelCount: number;
  frameCount: number;
  /** Seconds per frame, > 0. */
  frameTime: number;
  /** frameCount × channelCount numbers, frame after frame. */
  motion: Float64Array;
}

export class BvhError extends Error {
  constructor(
    readonly line: number,
    problem: string,
  ) {
    super(`line ${line}: ${problem}`);
    this.name = 'BvhError';
  }
}

/** The file's lines split into whitespace-separated words, with a cursor. */
class Words {
  private readonly lines: string[];
  private lineIndex = 0;
  private words: string[] = [];
  private wordIndex = 0;

  constructor(text: string) {
    this.lines = text.split(/\r\n|\n|\r/);
    this.load(0);
  }

  /** The current line, 1-based (the last line at the end of the file). */
  get line(): number {
    return Math.min(this.lineIndex + 1, this.lines.length);
  }

  /** The next word, or null at the end of the file (skipping empty lines). */
  peek(): string | null {
    while (this.wordIndex >= this.words.length) {
      if (this.lineIndex + 1 >= this.lines.length) return null;
      this.load(this.lineIndex + 1);
    }
    return this.words[this.wordIndex];
  }

  next(what: string): string {
    const word = this.peek();
    if (word === null) throw new BvhError(this.line, `the file ends where ${what} should be`);
    this.wordIndex++;
    return word;
  }

  expect(word: string, context: string): void {
    const found = this.next(`'${word}' (${context})`);
    if (found !== word) throw new BvhError(this.line, `expected '${word}' (${context}), found '${found}'`);
  }

  /** The rest of the current line's words (a joint's name may have spaces). */
  restOfLine(): string[] {
    const rest = this.words.slice(this.wordIndex);
    this.wordIndex = this.words.length;
    return rest;
  }

  number(what: string): number {
    const word = this.next(what);
    const value = Number(word);
    if (word.trim() === '' || !Number.isFinite(value)) throw new BvhError(this.line, `${what} is '${word}', not a finite number`);
    return value;
  }

  /** Moves to the start of the next non-empty line after the current one; false at the end. */
  nextLine(): boolean {
    for (let i = this.lineIndex + 1; i < this.lines.length; i++) {
      this.load(i);
      if (this.words.length > 0) return true;
    }
    this.lineIndex = this.lines.length;
    this.words = [];
    this.wordIndex = 0;
    return false;
  }

  /** The raw text of the current line (frames are read from it directly). */
  currentLineText(): string {
    return this.lines[this.lineIndex] ?? '';
  }

  /** Whether the cursor has consumed the current line's words. */
  atLineEnd(): boolean {
    return this.wordIndex >= this.words.length;
  }

  private load(index: number): void {
    this.lineIndex = index;
    const text = this.lines[index]?.trim() ?? '';
    this.words = text === '' ? [] : text.split(/\s+/);
    this.wordIndex = 0;
  }
}

function vec3(words: Words, what: string): [number, number, number] {
  return [words.number(`${what} x`), words.number(`${what} y`), words.number(`${what} z`)];
}

/** Reads a ROOT or JOINT (its keyword already read) and its children, depth first. */
function readJoint(words: Words, doc: { joints: BvhJoint[]; channelCount: number }, parent: number, keyword: string): void {
  const line = words.line;
  if (doc.joints.length >= MAX_BVH_JOINTS) throw new BvhError(line, `more than ${MAX_BVH_JOINTS} joints`);
  const nameWords = words.restOfLine();
  if (nameWords.length === 0) throw new BvhError(line, `${keyword} has no name`);
  const name = nameWords.join(' ');
  const named = boneNameProblem(name, MAX_JOINT_NAME_BYTES);
  if (named !== null) throw new BvhError(line, `${keyword}: ${named}`);
  words.expect('{', `after ${keyword} ${name}`);
  words.expect('OFFSET', `in ${name}`);
  const joint: BvhJoint = { name, parent, offset: vec3(words, `${name}'s OFFSET`), channels: [], firstChannel: doc.channelCount, endSite: null, line };
  const index = doc.joints.length;
  doc.joints.push(joint);
  if (words.peek() === 'CHANNELS') {
    words.next('CHANNELS');
    const countLine = words.line;
    const count = words.number(`${name}'s channel count`);
    if (!Number.isInteger(count) || count < 0 || count > 6) throw new BvhError(countLine, `${name} has ${count} channels; a joint has 0 to 6`);
    const listed = words.restOfLine();
    if (listed.length !== count) throw new BvhError(countLine, `${name}: CHANNELS says ${count} but lists ${listed.length} (${listed.join(' ')})`);
    for (const channel of listed) {
      if (!CHANNEL_NAMES.includes(channel)) throw new BvhError(countLine, `${name}: '${channel}' is not a channel (${CHANNEL_NAMES.join(', ')})`);
      if (joint.channels.includes(channel as BvhChannel)) throw new BvhError(countLine, `${name}: channel ${channel} is listed twice`);
      joint.channels.push(channel as BvhChannel);
    }
    doc.channelCount += count;
  }
  for (;;) {
    const word = words.next(`the end of ${name} ('}')`);
    if (word === '}') return;
    if (word === 'JOINT') {
      readJoint(words, doc, index, 'JOINT');
    } else if (word === 'End') {
      const endLine = words.line;
      words.expect('Site', `End Site of ${name}`);
      if (joint.endSite) throw new BvhError(endLine, `${name} has a second End Site`);
      words.expect('{', `End Site of ${name}`);
      words.expect('OFFSET', `End Site of ${name}`);
      joint.endSite = vec3(words, `${name}'s End Site OFFSET`);
      words.expect('}', `closing the End Site of ${name}`);
    } else {
      throw new BvhError(words.line, `expected JOINT, End Site or '}' in ${name}, found '${word}'`);
    }
  }
}

/** Parses a BVH file's text; throws BvhError naming the line of the first problem. */
export function parseBvh(text: string): BvhDocument {
  if (text.length > MAX_BVH_CHARS) throw new BvhError(1, `the file has ${text.length} characters, more than the ${MAX_BVH_CHARS} a BVH file may have here`);
  // A byte-order mark is not part of the first word.
  const words = new Words(text.replace(/^\uFEFF/, ''));
  const doc = { joints: [] as BvhJoint[], channelCount: 0 };
  words.expect('HIERARCHY', 'a BVH file starts with it');
  while (words.peek() === 'ROOT') {
    words.next('ROOT');
    readJoint(words, doc, -1, 'ROOT');
  }
  if (doc.joints.length === 0) throw new BvhError(words.line, `expected ROOT, found '${words.peek() ?? 'the end of the file'}'`);
  words.expect('MOTION', 'after the hierarchy');
  words.expect('Frames:', 'the frame count');
  const framesLine = words.line;
  const frameCount = words.number('the frame count');
  if (!Number.isInteger(frameCount) || frameCount < 1) throw new BvhError(framesLine, `the frame count ${frameCount} is not a whole number ≥ 1`);
  if (frameCount * doc.channelCount > MAX_BVH_VALUES) {
    throw new BvhError(framesLine, `${frameCount} frames × ${doc.channelCount} channels is ${frameCount * doc.channelCount} numbers, more than the ${MAX_BVH_VALUES} a clip may hold`);
  }
  words.expect('Frame', 'Frame Time');
  words.expect('Time:', 'Frame Time');
  const timeLine = words.line;
  const frameTime = words.number('the frame time');
  if (!(frameTime > 0 && frameTime <= 10)) throw new BvhError(timeLine, `the frame time ${frameTime} s is not in (0, 10]`);
  if (!words.atLineEnd()) throw new BvhError(timeLine, `unexpected '${words.restOfLine().join(' ')}' after the frame time`);

  const channels = doc.channelCount;
  const motion = new Float64Array(frameCount * channels);
  for (let frame = 0; frame < frameCount; frame++) {
    if (!words.nextLine()) throw new BvhError(words.line, `the file ends after ${frame} of its ${frameCount} frames`);
    const line = words.line;
    const values = words.currentLineText().trim().split(/\s+/);
    if (values.length !== channels) throw new BvhError(line, `frame ${frame} has ${values.length} numbers; the hierarchy has ${channels} channels`);
    for (let c = 0; c < channels; c++) {
      const value = Number(values[c]);
      if (!Number.isFinite(value)) throw new BvhError(line, `frame ${frame}, channel ${c} (${channelLabel(doc.joints, c)}) is '${values[c]}', not a finite number`);
      motion[frame * channels + c] = value;
    }
  }
  if (words.nextLine()) throw new BvhError(words.line, `more lines follow the ${frameCount} frames the file announced`);
  return { joints: doc.joints, channelCount: channels, frameCount, frameTime, motion };
}

/** "Hips Zrotation" for channel `c` of a frame. */
export function channelLabel(joints: readonly BvhJoint[], c: number): string {
  const joint = joints.find((j) => c >= j.firstChannel && c < j.firstChannel + j.channels.length);
  return joint ? `${joint.name} ${joint.channels[c - joint.firstChannel]}` : `channel ${c}`;
}
