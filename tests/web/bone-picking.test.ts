// Picking a bone by its drawn segment: point-to-segment distances worked out
// by hand, the nearest segment within the slack (and none beyond it or off
// screen), and projection through a camera whose pixel positions are
// derived by hand (90° field of view: x/depth maps straight to NDC).
import * as THREE from 'three';
import { describe, expect, it } from 'vitest';
import { nearestSegment, projectBoneSegments, segmentDistance } from '../../web/src/three/bone-picking.js';

describe('segmentDistance', () => {
  it('measures to the segment’s interior, its ends, and a zero-length segment', () => {
    // Segment (0,0)–(10,0).
    expect(segmentDistance(4, 3, 0, 0, 10, 0)).toBeCloseTo(3, 12); // above the interior
    expect(segmentDistance(-3, 4, 0, 0, 10, 0)).toBeCloseTo(5, 12); // beyond the start: to (0,0)
    expect(segmentDistance(13, -4, 0, 0, 10, 0)).toBeCloseTo(5, 12); // beyond the end: to (10,0)
    // A diagonal: (0,0)–(4,4); the point (4,0) is √8 from the foot (2,2).
    expect(segmentDistance(4, 0, 0, 0, 4, 4)).toBeCloseTo(Math.SQRT2 * 2, 12);
    expect(segmentDistance(4, 6, 1, 2, 1, 2)).toBeCloseTo(5, 12);
  });
});

describe('nearestSegment', () => {
  // Three segments (4 numbers each): a horizontal, a vertical, and one off screen.
  const segments = Float64Array.of(0, 0, 100, 0, 50, 10, 50, 100, 20, 20, Number.NaN, Number.NaN);

  it('picks the nearest segment within the slack', () => {
    expect(nearestSegment(segments, 30, 4, 10)).toBe(0); // 4 from the first, 20.4 from the second
    expect(nearestSegment(segments, 53, 40, 10)).toBe(1); // 3 from the second, 40 from the first
    expect(nearestSegment(segments, 50, 6, 10)).toBe(1); // 6 from the first, 4 from the second's end (50, 10)
  });

  it('picks nothing beyond the slack and never an off-screen segment', () => {
    expect(nearestSegment(segments, 80, 60, 10)).toBe(-1); // 30 from both
    expect(nearestSegment(segments, 20, 20, 10)).toBe(-1); // on the end of a segment whose other end is off screen
  });
});

describe('projectBoneSegments', () => {
  it('puts joints and tips where a 90° camera draws them', () => {
    // Camera at z = 5 looking down −z, square 200 × 200 view at page offset (10, 20):
    // a point (x, y, z) lands at NDC (x, y) / (5 − z).
    const camera = new THREE.PerspectiveCamera(90, 1, 0.1, 100);
    camera.position.set(0, 0, 5);
    camera.updateMatrixWorld();
    camera.updateProjectionMatrix();
    const rect = { left: 10, top: 20, width: 200, height: 200 };
    const model_ms = new Float32Array(32);
    // Bone 0 at the origin, bone 1 at (1, 2, 0) (identity rotations).
    new THREE.Matrix4().toArray(model_ms, 0);
    new THREE.Matrix4().makeTranslation(1, 2, 0).toArray(model_ms, 16);
    // Bone 0's tip at (2.5, 0, 0); bone 1's tip behind the camera.
    const tips_ms = Float32Array.of(2.5, 0, 0, 0, 0, 6);
    const out = new Float64Array(8);
    projectBoneSegments(model_ms, tips_ms, camera, rect, out);
    const px = (ndcX: number) => 10 + ((ndcX + 1) / 2) * 200;
    const py = (ndcY: number) => 20 + ((1 - ndcY) / 2) * 200;
    expect(out[0]).toBeCloseTo(px(0), 4);
    expect(out[1]).toBeCloseTo(py(0), 4);
    expect(out[2]).toBeCloseTo(px(0.5), 4); // 2.5 / 5
    expect(out[3]).toBeCloseTo(py(0), 4);
    expect(out[4]).toBeCloseTo(px(0.2), 4); // 1 / 5
    expect(out[5]).toBeCloseTo(py(0.4), 4); // 2 / 5
    expect(out[6]).toBeNaN();
    expect(out[7]).toBeNaN();
    // A click between bone 0's ends picks it; bone 1 is not on screen as a whole.
    expect(nearestSegment(out, px(0.25), py(0) + 3, 8)).toBe(0);
    expect(nearestSegment(out, px(0.2), py(0.4), 8)).toBe(-1);
  });
});
