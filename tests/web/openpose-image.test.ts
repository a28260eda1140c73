// The ControlNet skeleton image (web/src/outputs/openpose-image.ts) against
// the ControlNet 1.1 annotator's drawing (annotator/openpose/util.py): a
// person laid out by hand so that no two limbs meet away from their joints;
// the middle of each of the 17 limbs has its documented colour × 0.6
// (truncated), each of the 18 points its full colour, the limbs 4 px each
// side of their axis, black elsewhere and opaque; the hand's 20 edges in
// HSV(edge / 20, 1, 1) (within a rounding of three.js's Color.setHSL:
// HSV(h, 1, 1) is HSL(h, 1, ½)) and its points blue; a face point white; a
// hidden wrist leaves out its forearm and its dot unless keepHidden; scale
// widens the limbs; the feet (not in COCO-18) are not drawn.
import * as THREE from 'three';
import { describe, expect, it } from 'vitest';
import { drawOpenPose } from '../../web/src/outputs/openpose-image.js';
import { type Keypoint, type PersonKeypoints, cocoFromBody25 } from '../../web/src/outputs/openpose-keypoints.js';
import { BODY_25, COCO_18 } from '../../web/src/outputs/openpose-layouts.js';

const W = 512;
const H = 512;

// annotator/openpose/util.py draw_bodypose, written out again: limbSeq (1-based COCO-18) and colors.
const LIMBS = [[2, 3], [2, 6], [3, 4], [4, 5], [6, 7], [7, 8], [2, 9], [9, 10], [10, 11], [2, 12], [12, 13], [13, 14], [2, 1], [1, 15], [15, 17], [1, 16], [16, 18]];
const COLOURS = [
  [255, 0, 0], [255, 85, 0], [255, 170, 0], [255, 255, 0], [170, 255, 0], [85, 255, 0], [0, 255, 0], [0, 255, 85], [0, 255, 170],
  [0, 255, 255], [0, 170, 255], [0, 85, 255], [0, 0, 255], [85, 0, 255], [170, 0, 255], [255, 0, 255], [255, 0, 170], [255, 0, 85],
];

// A person facing the viewer (its right on the picture's left), COCO-18 names → pixels.
const LAYOUT: Record<string, [number, number]> = {
  Nose: [256, 90], Neck: [256, 150], RShoulder: [186, 150], RElbow: [116, 200], RWrist: [76, 260], LShoulder: [326, 150], LElbow: [396, 200], LWrist: [436, 260],
  RHip: [216, 300], RKnee: [206, 390], RAnkle: [196, 480], LHip: [296, 300], LKnee: [306, 390], LAnkle: [316, 480],
  REye: [216, 60], LEye: [296, 60], REar: [176, 40], LEar: [336, 40],
};

const point = (x: number, y: number, c = 1): Keypoint => ({ x, y, c, depth: 2, tolerance: 0.02 });

/** A hand fanned out from its wrist at (256, 400): finger f at −150° + 30° f, its joints 40, 70, 100, 130 px out. */
function fan(): Keypoint[] {
  const hand = [point(256, 400)];
  for (let f = 0; f < 5; f++) {
    const angle = ((-150 + 30 * f) * Math.PI) / 180;
    for (const r of [40, 70, 100, 130]) hand.push(point(256 + r * Math.cos(angle), 400 + r * Math.sin(angle)));
  }
  return hand;
}

/** The laid-out person, its points in `hide` at confidence 0, with the fanned hand as its left when `withHand`. */
function person(hide: readonly string[] = [], withHand = false): PersonKeypoints {
  const body = BODY_25.map((name) => {
    const [x, y] = LAYOUT[name] ?? [450, 450];
    return point(x, y, hide.includes(name) ? 0 : 1);
  });
  return { body, coco18: cocoFromBody25(body), leftHand: withHand ? fan() : null, rightHand: null, estimated: false, width: W, height: H };
}

function pixel(image: Uint8ClampedArray, x: number, y: number): number[] {
  const at = 4 * (Math.floor(y) * W + Math.floor(x));
  return Array.from(image.subarray(at, at + 4));
}

const position = (index1: number): [number, number] => LAYOUT[COCO_18[index1 - 1]];
const dimmed = (colour: number[]) => colour.map((c) => Math.floor(c * 0.6));

describe('the OpenPose skeleton image', () => {
  const image = drawOpenPose([person()], W, H);

  it('draws each limb in its colour × 0.6 at its middle, 4 px to each side', () => {
    LIMBS.forEach(([a, b], i) => {
      const [ax, ay] = position(a);
      const [bx, by] = position(b);
      expect(pixel(image, (ax + bx) / 2, (ay + by) / 2), `limb ${i} ${COCO_18[a - 1]}–${COCO_18[b - 1]}`).toEqual([...dimmed(COLOURS[i]), 255]);
    });
    // Neck–RShoulder lies along y = 150: pixel centres 2.5 px off it are in, 5.5 px off are out.
    expect(pixel(image, 221, 152)).toEqual([...dimmed(COLOURS[0]), 255]);
    expect(pixel(image, 221, 147)).toEqual([...dimmed(COLOURS[0]), 255]);
    expect(pixel(image, 221, 155)).toEqual([0, 0, 0, 255]);
    expect(pixel(image, 221, 144)).toEqual([0, 0, 0, 255]);
  });

  it('draws each point in its full colour, radius 4', () => {
    COCO_18.forEach((name, i) => {
      const [x, y] = LAYOUT[name];
      expect(pixel(image, x, y), name).toEqual([...COLOURS[i], 255]);
      expect(pixel(image, x + 3, y), name).toEqual([...COLOURS[i], 255]);
    });
    // Nose's dot, 6 px above it: outside both the dot and the limbs.
    expect(pixel(image, 256, 83)).toEqual([0, 0, 0, 255]);
  });

  it("draws the hand's edges in HSV(edge / 20, 1, 1) and its points blue", () => {
    // The body hidden: the hand alone.
    const image = drawOpenPose([person(BODY_25, true)], W, H);
    const hand = fan();
    const edges = [0, 1, 2, 3, 4].flatMap((f) => [[0, 1 + 4 * f], [1 + 4 * f, 2 + 4 * f], [2 + 4 * f, 3 + 4 * f], [3 + 4 * f, 4 + 4 * f]]);
    edges.forEach(([a, b], e) => {
      const colour = new THREE.Color().setHSL(e / 20, 1, 0.5);
      const expected = [colour.r, colour.g, colour.b].map((c) => c * 255);
      const drawn = pixel(image, (hand[a].x + hand[b].x) / 2, (hand[a].y + hand[b].y) / 2);
      // Within a rounding: three.js reaches a channel of ½ by other float steps than matplotlib.
      expected.forEach((c, k) => expect(Math.abs(drawn[k] - c), `edge ${e} channel ${k}`).toBeLessThanOrEqual(0.5 + 1e-9));
      expect(drawn[3]).toBe(255);
    });
    // Edge 7 as matplotlib computes it in doubles: h·6 = 0.35·6 = 2.0999999999999996, so blue = 25.4999… · → 25.
    const [a7, b7] = edges[7];
    expect(pixel(image, (hand[a7].x + hand[b7].x) / 2, (hand[a7].y + hand[b7].y) / 2)).toEqual([0, 255, 25, 255]);
    for (const p of hand) expect(pixel(image, p.x, p.y)).toEqual([0, 0, 255, 255]);
  });

  it('is black and opaque away from the skeleton, and leaves the feet out', () => {
    for (const [x, y] of [[5, 5], [500, 10], [256, 250], [450, 450], [10, 500]]) expect(pixel(image, x, y)).toEqual([0, 0, 0, 255]);
    let opaque = true;
    for (let i = 3; i < image.length; i += 4) opaque &&= image[i] === 255;
    expect(opaque).toBe(true);
    expect(image).toHaveLength(W * H * 4);
  });

  it('leaves out a hidden wrist and its forearm, unless keepHidden', () => {
    const hidden = drawOpenPose([person(['LWrist'])], W, H);
    const [ex, ey] = LAYOUT.LElbow;
    const [wx, wy] = LAYOUT.LWrist;
    expect(pixel(hidden, (ex + wx) / 2, (ey + wy) / 2)).toEqual([0, 0, 0, 255]);
    expect(pixel(hidden, wx, wy)).toEqual([0, 0, 0, 255]);
    expect(pixel(hidden, ex, ey)).toEqual([...COLOURS[6], 255]);
    const kept = drawOpenPose([person(['LWrist'])], W, H, { keepHidden: true });
    expect(pixel(kept, (ex + wx) / 2, (ey + wy) / 2)).toEqual([...dimmed(COLOURS[5]), 255]);
    expect(pixel(kept, wx, wy)).toEqual([...COLOURS[7], 255]);
  });

  it('widens everything by scale, and draws face points white', () => {
    const wide = drawOpenPose([person()], W, H, { scale: 2 });
    expect(pixel(wide, 221, 155)).toEqual([...dimmed(COLOURS[0]), 255]);
    expect(pixel(wide, 221, 159)).toEqual([0, 0, 0, 255]);
    const faced = drawOpenPose([person()], W, H, { faces: [[point(400, 100), point(420, 100, 0)]] });
    expect(pixel(faced, 400, 100)).toEqual([255, 255, 255, 255]);
    expect(pixel(faced, 402, 100)).toEqual([255, 255, 255, 255]);
    expect(pixel(faced, 420, 100)).toEqual([0, 0, 0, 255]);
  });

  it('refuses a bad size or scale by name', () => {
    expect(() => drawOpenPose([], 0, 10)).toThrow(/^OpenPose image: size 0 × 10/);
    expect(() => drawOpenPose([], 10, 10, { scale: 0 })).toThrow(/^OpenPose image: scale 0/);
  });
});
