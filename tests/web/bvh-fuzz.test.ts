// The BVH parser on text from anywhere: seeded mutations of a valid file
// (characters and whole tokens replaced, inserted, deleted, cut) and token
// soup, within a fixed budget. Every input either parses into a document
// that keeps the parser's promises or is refused with a BvhError naming a
// line — never another exception, never NaN, never a count over its limit.
import { describe, expect, it } from 'vitest';
import { BvhError, MAX_BVH_JOINTS, MAX_BVH_VALUES, type BvhDocument, parseBvh } from '../../web/src/import/bvh/bvh-parse.js';
import { seededRandom } from './seeded-random.js';

const VALID = `HIERARCHY
ROOT Hips
{
  OFFSET 0 1 0
  CHANNELS 6 Xposition Yposition Zposition Zrotation Xrotation Yrotation
  JOINT Spine
  {
    OFFSET 0 0.2 0
    CHANNELS 3 Zrotation Xrotation Yrotation
    End Site
    {
      OFFSET 0 0.3 0
    }
  }
  JOINT Leg
  {
    OFFSET 0.1 -0.1 0
    CHANNELS 3 Zrotation Xrotation Yrotation
    End Site
    {
      OFFSET 0 -0.4 0
    }
  }
}
MOTION
Frames: 2
Frame Time: 0.0333333
0 1 0 0 0 0 10 0 0 -20 5 0
0.1 1 0 5 0 0 12 0 0 -25 5 1
`;

const TOKENS = ['HIERARCHY', 'ROOT', 'JOINT', 'End', 'Site', 'OFFSET', 'CHANNELS', 'MOTION', 'Frames:', 'Frame', 'Time:', '{', '}', '0', '1', '-1', '3', '6', '1e308', '-1e400', 'NaN', 'Infinity', '999999999', '0.5', 'Xrotation', 'Yposition', '\n', ' ', '\t', '<b>', '\u0000'];

/** What a parsed document promises; the first broken promise, or null. */
function brokenPromise(doc: BvhDocument): string | null {
  if (doc.joints.length < 1 || doc.joints.length > MAX_BVH_JOINTS) return `${doc.joints.length} joints`;
  let channels = 0;
  for (const [index, joint] of doc.joints.entries()) {
    if (!(joint.parent >= -1 && joint.parent < index)) return `joint ${index} has parent ${joint.parent}`;
    if (![...joint.offset, ...(joint.endSite ?? [])].every(Number.isFinite)) return `joint ${index} has a non-finite offset`;
    if (joint.firstChannel !== channels) return `joint ${index} starts at channel ${joint.firstChannel}, not ${channels}`;
    channels += joint.channels.length;
  }
  if (channels !== doc.channelCount) return `${channels} channels counted, ${doc.channelCount} stated`;
  if (!(doc.frameTime > 0 && Number.isFinite(doc.frameTime))) return `frame time ${doc.frameTime}`;
  if (doc.motion.length !== doc.frameCount * doc.channelCount || doc.motion.length > MAX_BVH_VALUES) return `${doc.motion.length} numbers`;
  if (!doc.motion.every(Number.isFinite)) return 'a non-finite motion number';
  return null;
}

function check(text: string, what: string): boolean {
  let doc: BvhDocument;
  try {
    doc = parseBvh(text);
  } catch (error) {
    if (!(error instanceof BvhError)) throw new Error(`${what}: ${String(error)} for ${JSON.stringify(text.slice(0, 400))}`);
    expect(error.message, what).toMatch(/^line \d+: /);
    return false;
  }
  expect(brokenPromise(doc), `${what}: ${JSON.stringify(text.slice(0, 400))}`).toBeNull();
  return true;
}

describe('BVH parser on untrusted text', () => {
  it('the valid file parses (the mutations start from a file that works)', () => {
    expect(check(VALID, 'valid')).toBe(true);
  });

  it('3,000 mutations of a valid file: a document that keeps its promises or a BvhError (seed 51)', () => {
    const random = seededRandom(51);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
    let parsed = 0;
    for (let trial = 0; trial < 3000; trial++) {
      let text = VALID;
      for (let edits = 1 + Math.floor(random() * 3); edits > 0; edits--) {
        const at = Math.floor(random() * text.length);
        const piece = random() < 0.5 ? pick(TOKENS) : String.fromCharCode(Math.floor(random() * 128));
        const mutation = pick(['replace', 'insert', 'delete', 'cut', 'repeat'] as const);
        if (mutation === 'replace') text = text.slice(0, at) + piece + text.slice(at + 1);
        else if (mutation === 'insert') text = text.slice(0, at) + ` ${piece} ` + text.slice(at);
        else if (mutation === 'delete') text = text.slice(0, at) + text.slice(at + 1 + Math.floor(random() * 20));
        else if (mutation === 'cut') text = text.slice(0, at);
        else text = text.slice(0, at) + text.slice(at, at + 60).repeat(1 + Math.floor(random() * 20)) + text.slice(at + 60);
      }
      if (check(text, `trial ${trial}`)) parsed++;
    }
    // Changed numbers and whitespace still parse: the promises were checked on real documents.
    expect(parsed).toBeGreaterThan(30);
  });

  it('1,000 token soups: a document that keeps its promises or a BvhError (seed 52)', () => {
    const random = seededRandom(52);
    for (let trial = 0; trial < 1000; trial++) {
      const count = Math.floor(random() * 200);
      const text = (random() < 0.5 ? 'HIERARCHY\nROOT r\n{\n' : '') + Array.from({ length: count }, () => TOKENS[Math.floor(random() * TOKENS.length)]).join(' ');
      check(text, `soup ${trial}`);
    }
  });
});
