// The pure parts of the image outputs: which frames a sequence renders, the
// camera places of a turnaround (against three.js's own rotation about +Y),
// the sheet's layout, and the zip's entries.
import { strFromU8, unzipSync } from 'fflate';
import * as THREE from 'three';
import { describe, expect, it } from 'vitest';
import { zipOutputs } from '../../web/src/outputs/output-zip.js';
import { frameFileName, sequenceFrames } from '../../web/src/outputs/sequence-frames.js';
import { composeSheet, sheetGrid, turnaroundPlaces } from '../../web/src/outputs/turnaround.js';

describe('sequence frames', () => {
  it('counts a 2 s loop at 24 fps as 48 frames and a clip played once as 49', () => {
    expect(sequenceFrames(2, 24, true)).toHaveLength(48);
    const once = sequenceFrames(2, 24, false);
    expect(once).toHaveLength(49);
    expect(once[48]).toEqual({ frame: 48, time_s: 2 });
  });

  it('takes every n-th frame from the first', () => {
    expect(sequenceFrames(1, 10, false, 3).map((f) => f.frame)).toEqual([0, 3, 6, 9]);
  });

  it('refuses a step that is not a whole number, and a bad clip, by name', () => {
    expect(() => sequenceFrames(1, 24, false, 0)).toThrow(/every/);
    expect(() => sequenceFrames(1, 24, false, 1.5)).toThrow(/every/);
    expect(() => sequenceFrames(Number.NaN, 24, false)).toThrow(/duration/);
    expect(() => sequenceFrames(1, 0, false)).toThrow(/fps/);
    expect(() => sequenceFrames(1e6, 120, false)).toThrow(/more than/);
  });

  it('names frames so that they sort in order', () => {
    expect(frameFileName('depth', 7, 47, 'png')).toBe('depth/depth_0007.png');
    expect(frameFileName('openpose', 12, 123456, 'json')).toBe('openpose/openpose_000012.json');
  });
});

describe('turnaround', () => {
  const from = { position: [0.4, 1.2, 3.1], target: [0.1, 0.9, 0.2] };

  it('turns the camera about the vertical line through the character as three.js turns a point about +Y', () => {
    const center = new THREE.Vector3(0.3, 0, -0.5);
    const places = turnaroundPlaces(from, center.x, center.z, 8);
    expect(places).toHaveLength(8);
    places.forEach((place, i) => {
      const angle = (2 * Math.PI * i) / 8;
      for (const [got, start] of [[place.position, from.position], [place.target, from.target]] as const) {
        const expected = new THREE.Vector3(...start).sub(center).applyAxisAngle(new THREE.Vector3(0, 1, 0), angle).add(center);
        expect(got[0]).toBeCloseTo(expected.x, 12);
        expect(got[1]).toBeCloseTo(expected.y, 12);
        expect(got[2]).toBeCloseTo(expected.z, 12);
      }
    });
    expect(places[0]).toEqual({ position: from.position, target: from.target });
  });

  it('refuses a count other than 4 or 8', () => {
    expect(() => turnaroundPlaces(from, 0, 0, 6 as 4)).toThrow(/4 or 8/);
  });

  it('lays 8 views out in two rows of four, each cell where its index says', () => {
    const { columns, rows } = sheetGrid(8);
    expect([columns, rows]).toEqual([4, 2]);
    const cell = (i: number) => ({ width: 3, height: 2, data: new Uint8ClampedArray(3 * 2 * 4).fill(10 * (i + 1)) });
    const sheet = composeSheet(Array.from({ length: 8 }, (_, i) => cell(i)), columns);
    expect([sheet.width, sheet.height]).toEqual([12, 4]);
    const at = (x: number, y: number) => sheet.data[(y * sheet.width + x) * 4];
    expect(at(0, 0)).toBe(10);
    expect(at(11, 1)).toBe(40);
    expect(at(3, 2)).toBe(60);
    expect(at(11, 3)).toBe(80);
  });

  it('refuses views of different sizes', () => {
    const a = { width: 2, height: 2, data: new Uint8ClampedArray(16) };
    const b = { width: 3, height: 2, data: new Uint8ClampedArray(24) };
    expect(() => composeSheet([a, b], 4)).toThrow(/2 × 2/);
  });
});

describe('output zip', () => {
  it('holds every file under its name, the JSON as text', () => {
    const png = Uint8Array.from([137, 80, 78, 71, 1, 2, 3]);
    const zip = zipOutputs([{ name: 'depth/depth_0000.png', bytes: png }, { name: 'openpose/openpose_0000.json', bytes: '{"people":[]}' }]);
    const entries = unzipSync(zip);
    expect(Object.keys(entries).sort()).toEqual(['depth/depth_0000.png', 'openpose/openpose_0000.json']);
    expect(Array.from(entries['depth/depth_0000.png'])).toEqual(Array.from(png));
    expect(strFromU8(entries['openpose/openpose_0000.json'])).toBe('{"people":[]}');
  });

  it('refuses two files of one name', () => {
    expect(() => zipOutputs([{ name: 'a.png', bytes: 'x' }, { name: 'a.png', bytes: 'y' }])).toThrow(/two files named "a.png"/);
  });
});
