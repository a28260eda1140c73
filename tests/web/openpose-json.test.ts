// OpenPose's JSON (web/src/outputs/openpose-json.ts) against fixtures written
// by hand from OpenPose's doc/02_output.md ("JSON Output Format": the keys in
// the documented order, x, y, c triples, a part not found 0, 0, 0) plus the
// ControlNet tools' canvas_width / canvas_height: the writer gives exactly
// that text for BODY_25 and COCO-18, the reader reads it back; and a hostile
// suite, each document refused naming its problem, nothing polluted.
import { describe, expect, it } from 'vitest';
import { MAX_OPENPOSE_TEXT, openPoseJson, readOpenPoseJson } from '../../web/src/outputs/openpose-json.js';
import { type Keypoint, type PersonKeypoints, cocoFromBody25 } from '../../web/src/outputs/openpose-keypoints.js';

/** Hidden points keep a position of their own: the file must still say 0, 0, 0 for them. */
const hidden = (i: number): Keypoint => ({ x: 40 + i, y: 60 + i, c: 0, depth: 3, tolerance: 0.02 });
const at = (x: number, y: number): Keypoint => ({ x, y, c: 1, depth: 3, tolerance: 0.02 });

function person(): PersonKeypoints {
  const body = Array.from({ length: 25 }, (_, i) => hidden(i));
  body[0] = at(100.5, 50.25); // Nose
  body[1] = at(100, 80); // Neck
  body[7] = at(130.12504, 120); // LWrist, written to a thousandth of a pixel
  body[8] = at(100, 160); // MidHip
  body[19] = at(90, 300); // LBigToe
  body[24] = at(115, 298.5); // RHeel
  const leftHand = Array.from({ length: 21 }, (_, i) => hidden(i));
  leftHand[0] = at(100, 200);
  leftHand[20] = at(110, 230);
  return { body, coco18: cocoFromBody25(body), leftHand, rightHand: null, estimated: false, width: 512, height: 768 };
}

// Written by hand from doc/02_output.md: person_id, the four 2-D arrays, the four 3-D arrays (empty without --3d).
const BODY_25_FIXTURE = `{
  "version": 1.3,
  "people": [
    {
      "person_id": [-1],
      "pose_keypoints_2d": [
        100.5, 50.25, 1,   100, 80, 1,
        0, 0, 0,   0, 0, 0,   0, 0, 0,   0, 0, 0,   0, 0, 0,
        130.125, 120, 1,   100, 160, 1,
        0, 0, 0,   0, 0, 0,   0, 0, 0,   0, 0, 0,   0, 0, 0,
        0, 0, 0,   0, 0, 0,   0, 0, 0,   0, 0, 0,   0, 0, 0,
        90, 300, 1,
        0, 0, 0,   0, 0, 0,   0, 0, 0,   0, 0, 0,
        115, 298.5, 1
      ],
      "face_keypoints_2d": [],
      "hand_left_keypoints_2d": [
        100, 200, 1,
        0, 0, 0,   0, 0, 0,   0, 0, 0,   0, 0, 0,   0, 0, 0,   0, 0, 0,   0, 0, 0,   0, 0, 0,   0, 0, 0,   0, 0, 0,
        0, 0, 0,   0, 0, 0,   0, 0, 0,   0, 0, 0,   0, 0, 0,   0, 0, 0,   0, 0, 0,   0, 0, 0,   0, 0, 0,
        110, 230, 1
      ],
      "hand_right_keypoints_2d": [],
      "pose_keypoints_3d": [],
      "face_keypoints_3d": [],
      "hand_left_keypoints_3d": [],
      "hand_right_keypoints_3d": []
    }
  ],
  "canvas_width": 512,
  "canvas_height": 768
}`;

// COCO-18: Nose, Neck, five hidden, LWrist, then the ten hips, legs, eyes and ears hidden.
const COCO_POSE = [100.5, 50.25, 1, 100, 80, 1, ...Array(15).fill(0), 130.125, 120, 1, ...Array(30).fill(0)];

/** A valid document to break one field of. */
function validDocument(): Record<string, unknown> {
  return JSON.parse(BODY_25_FIXTURE) as Record<string, unknown>;
}

function firstPerson(document: Record<string, unknown>): Record<string, unknown> {
  return (document.people as Record<string, unknown>[])[0];
}

describe('OpenPose JSON', () => {
  it('writes the documented keys in order, hidden points as 0, 0, 0 (BODY_25)', () => {
    const written = openPoseJson([person()], 512, 768, 'BODY_25');
    expect(JSON.stringify(written)).toBe(JSON.stringify(JSON.parse(BODY_25_FIXTURE)));
  });

  it('writes COCO-18 from the same points', () => {
    const written = openPoseJson([person()], 512, 768, 'COCO_18');
    const fixture = validDocument();
    firstPerson(fixture).pose_keypoints_2d = COCO_POSE;
    expect(JSON.stringify(written)).toBe(JSON.stringify(fixture));
    expect(written.people[0].pose_keypoints_2d).toHaveLength(54);
  });

  it('reads the fixture: the layout from the length, hands by side, an empty hand as none', () => {
    const read = readOpenPoseJson(BODY_25_FIXTURE);
    expect(read.width).toBe(512);
    expect(read.height).toBe(768);
    expect(read.people).toHaveLength(1);
    const [p] = read.people;
    expect(p.layout).toBe('BODY_25');
    expect(p.body).toHaveLength(25);
    expect(p.body[7]).toEqual({ x: 130.125, y: 120, c: 1 });
    expect(p.body[2]).toEqual({ x: 0, y: 0, c: 0 });
    expect(p.leftHand?.[20]).toEqual({ x: 110, y: 230, c: 1 });
    expect(p.rightHand).toBeNull();
    const coco = validDocument();
    firstPerson(coco).pose_keypoints_2d = COCO_POSE;
    delete coco.version;
    const readCoco = readOpenPoseJson(coco);
    expect(readCoco.people[0].layout).toBe('COCO_18');
    expect(readCoco.people[0].body[7]).toEqual({ x: 130.125, y: 120, c: 1 });
    expect(readOpenPoseJson({ people: [], canvas_width: 1, canvas_height: 16384 }).people).toEqual([]);
  });

  describe('refuses hostile documents by name', () => {
    const edit = (change: (document: Record<string, unknown>) => void): Record<string, unknown> => {
      const document = validDocument();
      change(document);
      return document;
    };
    const cases: [string, unknown, RegExp][] = [
      ['text that is not JSON', '{"people": [', /^OpenPose JSON: not JSON/],
      ['NaN written as text', BODY_25_FIXTURE.replace('100.5', 'NaN'), /^OpenPose JSON: not JSON/],
      ['a number', 42, /^OpenPose JSON: expected the JSON text or its object \(got 42\)/],
      ['null', null, /^OpenPose JSON: expected the JSON text or its object \(got null\)/],
      ['an array', '[1, 2]', /^OpenPose JSON: the document must be an object \(got an array of 2\)/],
      ['no canvas size', edit((d) => delete d.canvas_width), /^OpenPose JSON: canvas_width is missing/],
      ['a zero canvas', edit((d) => (d.canvas_height = 0)), /^OpenPose JSON: canvas_height must be a whole number of pixels in \[1, 16384\] \(got 0\)/],
      ['a huge canvas', edit((d) => (d.canvas_width = 16385)), /^OpenPose JSON: canvas_width must be .* \(got 16385\)/],
      ['a fractional canvas', edit((d) => (d.canvas_width = 511.5)), /^OpenPose JSON: canvas_width must be .* \(got 511.5\)/],
      ['a canvas size as a string', edit((d) => (d.canvas_width = '512')), /^OpenPose JSON: canvas_width must be .* \(got the string "512"\)/],
      ['a version that is no number', edit((d) => (d.version = '1.3')), /^OpenPose JSON: version must be a number/],
      ['no people', edit((d) => delete d.people), /^OpenPose JSON: people must be an array \(got nothing\)/],
      ['people that are no array', edit((d) => (d.people = {})), /^OpenPose JSON: people must be an array/],
      ['65 people', edit((d) => (d.people = Array(65).fill(firstPerson(d)))), /^OpenPose JSON: people has 65 entries, more than the 64 allowed/],
      ['a million people', `{"canvas_width": 8, "canvas_height": 8, "people": [${Array(1e6).fill('{}').join(',')}]}`, /^OpenPose JSON: people has 1000000 entries/],
      ['a person that is no object', edit((d) => (d.people = [7])), /^OpenPose JSON: people\[0\] must be an object \(got 7\)/],
      ['no body', edit((d) => delete firstPerson(d).pose_keypoints_2d), /^OpenPose JSON: people\[0\]\.pose_keypoints_2d is missing/],
      ['a body of 74 numbers', edit((d) => (firstPerson(d).pose_keypoints_2d as number[]).pop()), /^OpenPose JSON: people\[0\]\.pose_keypoints_2d has 74 numbers, expected 75 or 54/],
      ['an empty body', edit((d) => (firstPerson(d).pose_keypoints_2d = [])), /^OpenPose JSON: people\[0\]\.pose_keypoints_2d has 0 numbers/],
      ['a body that is a string', edit((d) => (firstPerson(d).pose_keypoints_2d = 'x')), /^OpenPose JSON: people\[0\]\.pose_keypoints_2d must be an array of numbers \(got the string "x"\)/],
      ['a hand of 62 numbers', edit((d) => (firstPerson(d).hand_left_keypoints_2d as number[]).pop()), /^OpenPose JSON: people\[0\]\.hand_left_keypoints_2d has 62 numbers, expected 0 or 63/],
      ['a face of 5 numbers', edit((d) => (firstPerson(d).face_keypoints_2d = [1, 2, 3, 4, 5])), /^OpenPose JSON: people\[0\]\.face_keypoints_2d has 5 numbers, expected 0 or 210/],
      ['a NaN in an object', edit((d) => ((firstPerson(d).pose_keypoints_2d as number[])[3] = NaN)), /^OpenPose JSON: people\[0\]\.pose_keypoints_2d\[3\] must be a finite number \(got NaN\)/],
      ['Infinity in an object', edit((d) => ((firstPerson(d).hand_left_keypoints_2d as number[])[1] = Infinity)), /^OpenPose JSON: people\[0\]\.hand_left_keypoints_2d\[1\] must be a finite number \(got Infinity\)/],
      ['a number as a string', edit((d) => ((firstPerson(d).pose_keypoints_2d as unknown[])[4] = '80')), /^OpenPose JSON: people\[0\]\.pose_keypoints_2d\[4\] must be a finite number \(got the string "80"\)/],
      ['a negative confidence', edit((d) => ((firstPerson(d).pose_keypoints_2d as number[])[2] = -0.5)), /^OpenPose JSON: people\[0\]\.pose_keypoints_2d\[2\]: confidence -0.5 is not in \[0, 1\]/],
      ['a confidence above 1', edit((d) => ((firstPerson(d).pose_keypoints_2d as number[])[5] = 2)), /^OpenPose JSON: people\[0\]\.pose_keypoints_2d\[5\]: confidence 2 is not in \[0, 1\]/],
      ['a __proto__ key', BODY_25_FIXTURE.replace('"version": 1.3,', '"__proto__": {"polluted": 1}, "version": 1.3,'), /^OpenPose JSON: the document has a key named __proto__, refused/],
      ['a __proto__ key in a person', BODY_25_FIXTURE.replace('"person_id": [-1],', '"person_id": [-1], "__proto__": {"polluted": 1},'), /^OpenPose JSON: people\[0\] has a key named __proto__, refused/],
      ['a constructor key', edit((d) => Object.defineProperty(d, 'constructor', { value: { prototype: { polluted: 1 } }, enumerable: true })), /^OpenPose JSON: the document has a key named constructor, refused/],
    ];
    it.each(cases)('%s', (_, input, message) => {
      expect(() => readOpenPoseJson(input as string | object)).toThrow(message);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    });

    it(`text longer than ${MAX_OPENPOSE_TEXT} characters, before parsing it`, () => {
      const long = `{"canvas_width": 8, "canvas_height": 8, "people": []}${' '.repeat(MAX_OPENPOSE_TEXT)}`;
      expect(() => readOpenPoseJson(long)).toThrow(/^OpenPose JSON: the text is 52428853 characters, more than the 52428800 allowed/);
    });
  });
});
