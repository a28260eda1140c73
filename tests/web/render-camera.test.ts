// The render camera's DOM-free parts: a world point projected through the
// camera's state (scene/render-camera.ts, the pinhole written out) lands on
// the pixel three.js's PerspectiveCamera with the same field of view, aspect
// and aim gives — and on the one the page's three.js camera (placed through
// the active character's inverse placement) gives; hand-derived lenses (18 mm:
// 90°); the frame's corners on the picture's corners; the look-through fit
// putting the frame where three.js projects it; every field refused by name
// with nothing changed; lights' angles; the reference settings; picture
// headers read before decoding (PNGs written by pngjs, hand-made JPEG and
// WebP headers); and the scene-file sections' round trip and checks, each
// field wrong in turn.
import * as THREE from 'three';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { checkImageBytes } from '../../web/src/scene/picture-header.js';
import { cameraSection } from '../../web/src/scene/camera-section.js';
import { fitFrame } from '../../web/src/scene/frame-fit.js';
import { Lights, anglesOf, directionOf } from '../../web/src/scene/light-settings.js';
import { type RenderCameraState, DEFAULT_RENDER_CAMERA, RenderCamera, frameCorners, projectToPixel, verticalFov } from '../../web/src/scene/render-camera.js';
import { DEFAULT_REFERENCE, Reference, withReferenceChanges } from '../../web/src/scene/reference-image.js';
import { referenceRect } from '../../web/src/scene/reference-layout.js';
import { referenceSection } from '../../web/src/scene/reference-section.js';
import { transformMatrix } from '../../web/src/scene/character-transform.js';
import { placeRenderCamera } from '../../web/src/three/render-camera-three.js';

function random(seed: number): () => number {
  let s = seed;
  return () => ((s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32);
}

function randomState(next: () => number): RenderCameraState {
  const target: [number, number, number] = [next() * 4 - 2, next() * 2, next() * 4 - 2];
  const position: [number, number, number] = [target[0] + next() * 6 - 3, target[1] + next() * 2 - 0.5, target[2] + 2 + next() * 3];
  return { focalLength: 15 + next() * 120, position, target, width: 200 + Math.floor(next() * 1800), height: 200 + Math.floor(next() * 1800), background: 'transparent' };
}

/** Where three.js's camera puts a point, in pixels of a width × height picture. */
function threePixel(camera: THREE.PerspectiveCamera, p: THREE.Vector3, width: number, height: number): { x: number; y: number } {
  const ndc = p.clone().project(camera);
  return { x: ((ndc.x + 1) / 2) * width, y: ((1 - ndc.y) / 2) * height };
}

/** The camera's and the reference's sections read no characters. */
const NO_CHARACTERS = new Map();

describe('the render camera’s projection', () => {
  it('lands on three.js’s PerspectiveCamera pixel, and on the page camera’s through a character’s placement', () => {
    const next = random(7);
    for (let trial = 0; trial < 200; trial++) {
      const state = randomState(next);
      const reference = new THREE.PerspectiveCamera(THREE.MathUtils.radToDeg(verticalFov(state)), state.width / state.height, 0.01, 1000);
      reference.position.fromArray(state.position);
      reference.lookAt(new THREE.Vector3().fromArray(state.target));
      reference.updateMatrixWorld();
      // The page's: the scene draws in a character's model space (world's matrix: its placement's inverse).
      const placement = new THREE.Matrix4().fromArray(transformMatrix({ x: next() * 4 - 2, z: next() * 4 - 2, heading: next() * 6 - 3 }) as unknown as number[]);
      const worldToScene = placement.clone().invert();
      const page = new THREE.PerspectiveCamera();
      placeRenderCamera(page, { ...state, verticalFov: verticalFov(state) }, worldToScene);
      for (let k = 0; k < 5; k++) {
        const p = new THREE.Vector3().fromArray(state.target).add(new THREE.Vector3(next() - 0.5, next() - 0.5, next() - 0.5));
        const ours = projectToPixel(state, p.toArray());
        const theirs = threePixel(reference, p, state.width, state.height);
        expect(ours.depth).toBeGreaterThan(0);
        expect(Math.abs(ours.x - theirs.x)).toBeLessThan(1e-6 * state.width);
        expect(Math.abs(ours.y - theirs.y)).toBeLessThan(1e-6 * state.height);
        const scene = threePixel(page, p.clone().applyMatrix4(worldToScene), state.width, state.height);
        expect(Math.abs(ours.x - scene.x)).toBeLessThan(1e-4 * state.width);
        expect(Math.abs(ours.y - scene.y)).toBeLessThan(1e-4 * state.height);
      }
    }
  });

  it('an 18 mm lens sees 90° across the 36 mm sensor: a point 1 m aside at 1 m is on the edge', () => {
    const state: RenderCameraState = { ...DEFAULT_RENDER_CAMERA, focalLength: 18, position: [0, 1, 1], target: [0, 1, 0], width: 1000, height: 500 };
    const edge = projectToPixel(state, [1, 1, 0]);
    expect(edge.x).toBeCloseTo(1000, 9);
    expect(edge.y).toBeCloseTo(250, 9);
    // Half as tall: the top edge is 0.5 m up at that distance.
    expect(projectToPixel(state, [0, 1.5, 0]).y).toBeCloseTo(0, 9);
  });

  it('puts the frame’s corners on the picture’s corners', () => {
    const next = random(11);
    for (let trial = 0; trial < 50; trial++) {
      const state = randomState(next);
      const corners = frameCorners(state).map((c) => projectToPixel(state, c));
      const expected = [[0, 0], [state.width, 0], [state.width, state.height], [0, state.height]];
      corners.forEach((c, i) => {
        expect(c.x).toBeCloseTo(expected[i][0], 6);
        expect(c.y).toBeCloseTo(expected[i][1], 6);
      });
    }
  });

  it('looking through, the frame sits in the view where three.js projects its corners', () => {
    const next = random(5);
    for (let trial = 0; trial < 50; trial++) {
      const state = randomState(next);
      const [viewWidth, viewHeight] = [300 + next() * 1500, 300 + next() * 900];
      const fit = fitFrame(viewWidth, viewHeight, state, 0.9);
      const view = new THREE.PerspectiveCamera(fit.fovDegrees, viewWidth / viewHeight, 0.01, 1000);
      view.position.fromArray(state.position);
      view.lookAt(new THREE.Vector3().fromArray(state.target));
      view.updateMatrixWorld();
      const [topLeft, , bottomRight] = frameCorners(state).map((c) => threePixel(view, new THREE.Vector3().fromArray(c), viewWidth, viewHeight));
      expect(topLeft.x).toBeCloseTo(fit.x, 6);
      expect(topLeft.y).toBeCloseTo(fit.y, 6);
      expect(bottomRight.x).toBeCloseTo(fit.x + fit.width, 6);
      expect(bottomRight.y).toBeCloseTo(fit.y + fit.height, 6);
      // The tighter side takes 90 % of the view, the other at most that.
      expect(Math.max(fit.width / viewWidth, fit.height / viewHeight)).toBeCloseTo(0.9, 9);
    }
  });
});

describe('the render camera’s state', () => {
  const wrong: [string, Record<string, unknown>, string][] = [
    ['width', { width: 0 }, 'kin.width must be a whole number of pixels from 1 to 8192 (got 0)'],
    ['width', { width: 8193 }, 'kin.width must be a whole number of pixels from 1 to 8192 (got 8193)'],
    ['height', { height: 10.5 }, 'kin.height must be a whole number of pixels from 1 to 8192 (got 10.5)'],
    ['height', { height: '512' }, 'kin.height must be a finite number (got "512")'],
    ['focalLength', { focalLength: Number.NaN }, 'kin.focalLength must be a finite number (got NaN)'],
    ['focalLength', { focalLength: 2 }, 'kin.focalLength must be from 5 to 1000 mm (got 2)'],
    ['position', { position: [0, 1] }, 'kin.position must be 3 finite numbers [x, y, z] (metres)'],
    ['position', { position: [0, Infinity, 1] }, 'kin.position[1] must be a finite number (got Infinity)'],
    ['target', { target: [5000, 0, 0] }, 'kin.target[0] = 5000 is farther than 1000 m from the scene\'s centre'],
    ['target', { target: [0, 1, 5] }, 'kin.target: the position and the target must be apart'],
    ['target', { target: [0, 10, 5] }, 'kin.target: the camera must not look straight up or down (its up is +Y)'],
    ['background', { background: 'red' }, 'kin.background must be a colour \'#rrggbb\' or \'transparent\' (got "red")'],
    ['an unknown field', { fov: 40 }, 'kin.fov is not a render camera field; they are focalLength, position, target, width, height, background'],
  ];
  for (const [field, change, message] of wrong) {
    it(`refuses ${field} (${JSON.stringify(change)}) by name, changing nothing`, () => {
      const camera = new RenderCamera();
      camera.set({ position: [0, 1, 5], target: [0, 1, 0] });
      const before = camera.state;
      let told = 0;
      camera.onChange(() => told++);
      expect(() => camera.set(change as Partial<RenderCameraState>, 'kin')).toThrow(message);
      expect(camera.state).toEqual(before);
      expect(told).toBe(0);
    });
  }

  it('saves, renames, applies and deletes views by name', () => {
    const camera = new RenderCamera();
    camera.set({ position: [1, 1, 4], target: [0, 1, 0], focalLength: 35 });
    expect(camera.saveView('  Wide ')).toBe('Wide');
    camera.set({ position: [0, 1.5, 2], focalLength: 85, width: 768 });
    camera.saveView('Close');
    camera.applyView('Wide');
    expect(camera.state).toMatchObject({ position: [1, 1, 4], focalLength: 35, width: 768 });
    expect(() => camera.renameView('Wide', 'Close')).toThrow('new view name: there is a view "Close" already');
    camera.renameView('Wide', 'Far');
    expect(camera.views.map((v) => v.name)).toEqual(['Far', 'Close']);
    expect(() => camera.applyView('Wide')).toThrow('no view "Wide"; the views are "Far", "Close"');
    camera.deleteView('Far');
    expect(camera.views.map((v) => v.name)).toEqual(['Close']);
    expect(() => camera.saveView('')).toThrow('view name must be 1 to 60 characters');
  });
});

describe('the lights', () => {
  it('turn angles into the direction and back', () => {
    expect(directionOf(0, 0).map((v) => Number(v.toFixed(12)))).toEqual([0, 0, 1]);
    expect(directionOf(90, 0).map((v) => Number(v.toFixed(12)))).toEqual([1, 0, 0]);
    expect(directionOf(0, 90).map((v) => Number(v.toFixed(12)))).toEqual([0, 1, 0]);
    const v = new THREE.Vector3(-0.6, 0.75, 0.35).normalize();
    const { azimuth, elevation } = anglesOf(v.toArray());
    directionOf(azimuth, elevation).forEach((c, i) => expect(c).toBeCloseTo(v.getComponent(i), 12));
  });

  it('refuse each setting out of range by name, changing nothing', () => {
    const lights = new Lights({ keyAzimuth: -60, keyElevation: 47, keyIntensity: 1, ambient: 1 });
    for (const [change, message] of [
      [{ keyAzimuth: 400 }, 'lights.keyAzimuth must be a number from -360 to 360'],
      [{ keyElevation: -91 }, 'lights.keyElevation must be a number from -90 to 90'],
      [{ keyIntensity: -1 }, 'lights.keyIntensity must be a number from 0 to 10'],
      [{ ambient: Number.NaN }, 'lights.ambient must be a number from 0 to 10 (× the page’s ambient light; got NaN)'],
      [{ color: 1 }, 'lights.color is not a light setting'],
    ] as const) {
      expect(() => lights.set(change as never)).toThrow(message);
      expect(lights.settings).toEqual(lights.defaults);
    }
  });
});

describe('the reference image', () => {
  it('refuses each setting wrong by name', () => {
    for (const [change, message] of [
      [{ mode: 'front' }, "reference.mode must be 'behind' or 'plane'"],
      [{ opacity: 1.5 }, 'reference.opacity must be a number from 0 to 1'],
      [{ scale: 0 }, 'reference.scale must be a number from 0.05 to 20'],
      [{ offset: [0] }, 'reference.offset must be 2 numbers'],
      [{ position: [0, 'a', 0] }, 'reference.position[1] must be a number from -1000 to 1000'],
      [{ turn: 720 }, 'reference.turn must be a number from -360 to 360'],
      [{ size: 0 }, 'reference.size must be a number from 0.01 to 100'],
      [{ inPicture: 1 }, 'reference.inPicture must be true or false'],
      [{ tint: 1 }, 'reference.tint is not a reference image setting'],
    ] as const) {
      expect(() => withReferenceChanges(DEFAULT_REFERENCE, change, 'reference')).toThrow(message);
    }
  });

  it('fits inside the frame at scale 1, centred, then scales and shifts (+y up)', () => {
    expect(referenceRect(1000, 500, 200, 200, { scale: 1, offset: [0, 0] })).toEqual({ x: 250, y: 0, width: 500, height: 500 });
    expect(referenceRect(1000, 500, 200, 200, { scale: 2, offset: [0.1, 0.2] })).toEqual({ x: 100, y: -350, width: 1000, height: 1000 });
  });

  it('reads a picture’s size from its header before decoding, and refuses what is too large or not a picture', () => {
    const png = new PNG({ width: 37, height: 21 });
    expect(checkImageBytes(new Uint8Array(PNG.sync.write(png)), 'a.png')).toEqual({ mime: 'image/png', width: 37, height: 21 });
    // JPEG: SOI, an APP0 segment, then SOF0 with height 300 and width 400.
    const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 4, 0, 0, 0xff, 0xc0, 0, 17, 8, 0x01, 0x2c, 0x01, 0x90, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    expect(checkImageBytes(jpeg, 'b.jpg')).toEqual({ mime: 'image/jpeg', width: 400, height: 300 });
    // WebP lossless: 14 bits of width − 1 then 14 of height − 1 after the 0x2f signature.
    const webp = new Uint8Array(30);
    webp.set([...'RIFF'].map((c) => c.charCodeAt(0)), 0);
    webp.set([...'WEBPVP8L'].map((c) => c.charCodeAt(0)), 8);
    webp[20] = 0x2f;
    new DataView(webp.buffer).setUint32(21, (640 - 1) | ((480 - 1) << 14), true);
    expect(checkImageBytes(webp, 'c.webp')).toEqual({ mime: 'image/webp', width: 640, height: 480 });
    const huge = new Uint8Array(PNG.sync.write(new PNG({ width: 1, height: 1 })));
    new DataView(huge.buffer).setUint32(16, 9000);
    expect(() => checkImageBytes(huge, 'd.png')).toThrow('"d.png" is 9000 × 1 pixels; a reference image may be 8192 on a side and 40 million pixels at most');
    expect(() => checkImageBytes(new TextEncoder().encode('GIF89a......'), 'e.gif')).toThrow('"e.gif" is not a PNG, JPEG or WebP picture');
    expect(() => checkImageBytes(huge.slice(0, 20), 'f.png')).toThrow('"f.png": its header is broken (no picture size in it)');
    expect(() => checkImageBytes(new Uint8Array(33 * 1024 * 1024), 'g.png')).toThrow('"g.png" is 33.0 MB; a reference image may be 32 MB at most');
  });
});

/** A sink keeping what sections store, as the lead's container will. */
function memorySink(): { sink: { add(name: string, bytes: Uint8Array): string }; bytes: Map<string, Uint8Array> } {
  const bytes = new Map<string, Uint8Array>();
  return { bytes, sink: { add: (name, data) => { const key = `${bytes.size}-${name}`; bytes.set(key, data); return key; } } };
}

describe('the scene file’s camera section', () => {
  const defaults = { keyAzimuth: -60, keyElevation: 47, keyIntensity: 1, ambient: 1 };

  it('round-trips the camera, its views and the lights through JSON', () => {
    const camera = new RenderCamera();
    const lights = new Lights(defaults);
    camera.set({ position: [1, 1.2, 3], target: [0, 1, 0], focalLength: 85, width: 768, height: 1024, background: '#123456' });
    camera.saveView('Portrait');
    lights.set({ keyAzimuth: 30, ambient: 0.5 });
    const section = cameraSection(camera, lights);
    const saved = JSON.parse(JSON.stringify(section.save(memorySink().sink)));
    const other = cameraSection(new RenderCamera(), new Lights(defaults));
    const checked = other.check(saved, 'scene.camera', new Map(), NO_CHARACTERS);
    other.apply(checked);
    expect(other.save(memorySink().sink)).toEqual(section.save(memorySink().sink));
  });

  it('refuses each field wrong in turn, naming it, changing nothing', () => {
    const camera = new RenderCamera();
    const lights = new Lights(defaults);
    camera.saveView('A');
    const section = cameraSection(camera, lights);
    const good = JSON.parse(JSON.stringify(section.save(memorySink().sink)));
    const before = JSON.stringify(good);
    const cases: [(v: any) => void, string][] = [
      [(v) => (v.renderCamera = null), 'scene.camera.renderCamera must be an object'],
      [(v) => delete v.renderCamera.width, 'scene.camera.renderCamera.width is missing'],
      [(v) => (v.renderCamera.width = -3), 'scene.camera.renderCamera.width must be a whole number'],
      [(v) => (v.renderCamera.height = 1e6), 'scene.camera.renderCamera.height must be a whole number'],
      [(v) => (v.renderCamera.focalLength = 'x'), 'scene.camera.renderCamera.focalLength must be a finite number'],
      [(v) => (v.renderCamera.position = [0, 0]), 'scene.camera.renderCamera.position must be 3 finite numbers'],
      [(v) => (v.renderCamera.target = v.renderCamera.position), 'scene.camera.renderCamera.target: the position and the target must be apart'],
      [(v) => (v.renderCamera.background = '#12345'), 'scene.camera.renderCamera.background must be a colour'],
      [(v) => (v.views = {}), 'scene.camera.views must be an array'],
      [(v) => (v.views[0].name = ''), 'scene.camera.views[0].name must be 1 to 60 characters'],
      [(v) => (v.views[0].focalLength = 0), 'scene.camera.views[0].focalLength must be from 5 to 1000 mm'],
      [(v) => (v.views[0].position = [0, 1, Number.NaN]), 'scene.camera.views[0].position[2] must be a finite number'],
      [(v) => v.views.push({ ...v.views[0] }), 'scene.camera.views[1].name "A" is there twice'],
      [(v) => (v.views = Array.from({ length: 101 }, (_, i) => ({ ...v.views[0], name: `v${i}` }))), 'scene.camera.views holds 101 views; at most 100'],
      [(v) => delete v.lights.ambient, 'scene.camera.lights.ambient is missing'],
      [(v) => (v.lights.keyIntensity = 11), 'scene.camera.lights.keyIntensity must be a number from 0 to 10'],
    ];
    for (const [spoil, message] of cases) {
      const value = JSON.parse(before);
      spoil(value);
      expect(() => section.check(value, 'scene.camera', new Map(), NO_CHARACTERS)).toThrow(message);
    }
    expect(JSON.stringify(section.save(memorySink().sink))).toBe(before);
  });
});

describe('the scene file’s reference section', () => {
  const pngBytes = new Uint8Array(PNG.sync.write(new PNG({ width: 8, height: 4 })));

  function withImage(): { reference: Reference; shown: unknown[] } {
    const reference = new Reference();
    reference.replace({ name: 'photo.png', bytes: pngBytes, mime: 'image/png', width: 8, height: 4 }, withReferenceChanges(DEFAULT_REFERENCE, { opacity: 0.3, mode: 'plane' }, 'r'));
    return { reference, shown: [] };
  }

  it('keeps the picture’s bytes through the sink and gives them back to apply', async () => {
    const { reference } = withImage();
    const { sink, bytes } = memorySink();
    const saved = JSON.parse(JSON.stringify(referenceSection(reference, async () => {}).save(sink)));
    expect(saved).toEqual({ image: '0-photo.png', name: 'photo.png', settings: reference.settings });
    const shown: unknown[] = [];
    const other = referenceSection(new Reference(), async (picture, settings) => void shown.push({ picture, settings }));
    await other.apply(other.check(saved, 'scene.reference', bytes, NO_CHARACTERS));
    expect(shown).toEqual([{ picture: { bytes: pngBytes, name: 'photo.png' }, settings: reference.settings }]);
    expect(referenceSection(new Reference(), async () => {}).save(sink)).toBeNull();
    expect(other.check(null, 'scene.reference', bytes, NO_CHARACTERS)).toBeNull();
  });

  it('refuses each field wrong in turn, naming it', () => {
    const { reference } = withImage();
    const { sink, bytes } = memorySink();
    const section = referenceSection(reference, async () => {});
    const before = JSON.stringify(section.save(sink));
    const broken = new Map(bytes);
    broken.set('0-photo.png', pngBytes.slice(0, 10));
    const cases: [(v: any) => void, string, ReadonlyMap<string, Uint8Array>][] = [
      [(v) => (v.name = ''), 'scene.reference.name must be a file name of 1 to 255 characters', bytes],
      [(v) => (v.image = 3), "scene.reference.image must be the name of the picture's bytes in the file", bytes],
      [(v) => (v.image = 'nothing'), 'scene.reference.image: the file holds no bytes named "nothing"', bytes],
      [() => {}, 'scene.reference.image: "photo.png": its header is broken (no picture size in it)', broken],
      [(v) => (v.settings.opacity = 2), 'scene.reference.settings.opacity must be a number from 0 to 1', bytes],
      [(v) => (v.settings.mode = 'x'), "scene.reference.settings.mode must be 'behind' or 'plane'", bytes],
      [(v) => (v.settings = 'x'), 'scene.reference.settings must be an object', bytes],
    ];
    for (const [spoil, message, held] of cases) {
      const value = JSON.parse(before);
      spoil(value);
      expect(() => section.check(value, 'scene.reference', held, NO_CHARACTERS)).toThrow(message);
    }
    expect(() => section.check([], 'scene.reference', bytes, NO_CHARACTERS)).toThrow('scene.reference must be null or an object {image, name, settings}');
  });
});
