// OpenPose keypoints through the render camera (web/src/outputs/openpose-keypoints.ts):
// every point of the default character in random poses (seed 26), placed
// anywhere on the floor and seen from random cameras, lands within 0.5 px of
// where three.js's own PerspectiveCamera + Vector3.project puts its bone
// point (the bones' world positions from the rig's matrices and
// transformMatrix, composed with three.js's Matrix4); seen from the front the
// character's left shoulder is on the picture's right; points behind the
// camera or off the picture get confidence 0; looking straight down agrees
// with three.js's lookAt too.
import * as THREE from 'three';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Keypoint, personKeypoints } from '../../web/src/outputs/openpose-keypoints.js';
import { type BodyLandmarks, type KeypointSource, openPoseBody } from '../../web/src/outputs/openpose-landmarks.js';
import { BODY_25, COCO_18 } from '../../web/src/outputs/openpose-layouts.js';
import { Rig } from '../../web/src/rig/rig.js';
import { type CharacterTransform, ORIGIN, transformMatrix } from '../../web/src/scene/character-transform.js';
import type { PictureView } from '../../web/src/three/render-camera-three.js';
import type { KinModule } from '../../web/src/wasm/generated/kin.js';
import { loadKinModuleNode } from '../../web/src/wasm/load-node.js';
import { defaultCharacterBones } from './default-character.js';
import { seededRandom, uniform } from './seeded-random.js';

/** three.js's picture of world point p: pixels (top-left origin), and whether it is in front of the camera. */
function threePixel(view: PictureView, p: THREE.Vector3): { x: number; y: number; inFront: boolean } {
  const camera = new THREE.PerspectiveCamera(THREE.MathUtils.radToDeg(view.verticalFov), view.width / view.height, 0.01, 1000);
  camera.position.fromArray(view.position);
  camera.up.set(0, 1, 0);
  camera.lookAt(new THREE.Vector3().fromArray(view.target));
  camera.updateMatrixWorld();
  camera.updateProjectionMatrix();
  const inFront = p.clone().applyMatrix4(camera.matrixWorldInverse).z < 0;
  const ndc = p.clone().project(camera);
  return { x: ((ndc.x + 1) / 2) * view.width, y: ((1 - ndc.y) / 2) * view.height, inFront };
}

/** A keypoint's world position composed with three.js: world ← model (transformMatrix) ← bone (the rig's model matrix). */
function threeWorld(rig: Rig, source: KeypointSource, placement: CharacterTransform): THREE.Vector3 {
  const world = new THREE.Matrix4().fromArray(Array.from(transformMatrix(placement)));
  const p = new THREE.Vector3();
  for (const { bone, point_bs } of source.points) {
    const boneToWorld = world.clone().multiply(new THREE.Matrix4().fromArray(rig.modelMatrices(), 16 * bone));
    p.addScaledVector(new THREE.Vector3(...point_bs).applyMatrix4(boneToWorld), 1 / source.points.length);
  }
  return p;
}

function randomView(random: () => number, placement: CharacterTransform): PictureView {
  const target = [placement.x + uniform(random, -0.3, 0.3), uniform(random, 0.6, 1.3), placement.z + uniform(random, -0.3, 0.3)];
  const angle = uniform(random, 0, 2 * Math.PI);
  const distance = uniform(random, 2.5, 6);
  const position = [target[0] + distance * Math.sin(angle), uniform(random, 0.2, 2.5), target[2] + distance * Math.cos(angle)];
  return { position, target, verticalFov: uniform(random, 0.4, 1.1), width: 256 + Math.floor(random() * 1500), height: 256 + Math.floor(random() * 1500) };
}

describe('OpenPose keypoints through a camera', () => {
  let module: KinModule;
  let rig: Rig;
  let landmarks: BodyLandmarks;
  beforeAll(async () => {
    module = await loadKinModuleNode();
    rig = Rig.create(module, await defaultCharacterBones());
    const result = openPoseBody(rig);
    if ('missing' in result) throw new Error(result.message);
    landmarks = result;
    return () => rig.dispose();
  });

  it('lands every point within 0.5 px of three.js\'s projection, random poses, placements and cameras (seed 26)', () => {
    const random = seededRandom(26);
    let checked = 0;
    for (let trial = 0; trial < 20; trial++) {
      rig.setPose(Array.from({ length: 3 * rig.boneCount }, () => uniform(random, -0.8, 0.8)));
      const placement = { x: uniform(random, -3, 3), z: uniform(random, -3, 3), heading: uniform(random, -Math.PI, Math.PI) };
      const view = randomView(random, placement);
      const person = personKeypoints(rig, landmarks, transformMatrix(placement), view);
      const pairs: [KeypointSource, Keypoint][] = [
        ...landmarks.body.map((s, i): [KeypointSource, Keypoint] => [s, person.body[i]]),
        ...landmarks.leftHand!.map((s, i): [KeypointSource, Keypoint] => [s, person.leftHand![i]]),
        ...landmarks.rightHand!.map((s, i): [KeypointSource, Keypoint] => [s, person.rightHand![i]]),
      ];
      for (const [source, point] of pairs) {
        const reference = threePixel(view, threeWorld(rig, source, placement));
        expect(reference.inFront).toBe(true);
        expect(Math.abs(point.x - reference.x), `${source.name} x, trial ${trial}`).toBeLessThan(0.5);
        expect(Math.abs(point.y - reference.y), `${source.name} y, trial ${trial}`).toBeLessThan(0.5);
        const inside = reference.x >= 0 && reference.x <= view.width && reference.y >= 0 && reference.y <= view.height;
        expect(point.c).toBe(inside ? 1 : 0);
        checked++;
      }
      expect(person.coco18.map((p) => p)).toEqual(COCO_18.map((name) => person.body[BODY_25.indexOf(name)]));
    }
    expect(checked).toBe(20 * (25 + 42));
  });

  it("puts the character's left on the picture's right seen from the front, its head above its feet", () => {
    rig.setPose(new Float32Array(3 * rig.boneCount));
    // The character faces +Z; the camera stands before it looking back at it.
    const view = { position: [0, 1, 4], target: [0, 1, 0], verticalFov: 0.8, width: 512, height: 512 };
    const person = personKeypoints(rig, landmarks, transformMatrix(ORIGIN), view);
    const at = (name: (typeof BODY_25)[number]) => person.body[BODY_25.indexOf(name)];
    expect(at('LShoulder').x).toBeGreaterThan(at('RShoulder').x);
    expect(at('LWrist').x).toBeGreaterThan(at('LElbow').x);
    expect(at('Nose').y).toBeLessThan(at('Neck').y);
    expect(at('Neck').y).toBeLessThan(at('MidHip').y);
    expect(at('LAnkle').y).toBeLessThan(at('LHeel').y);
    // Neck midway between the shoulders, at the middle of a picture centred on x = 0.
    expect(at('Neck').x).toBeCloseTo((at('LShoulder').x + at('RShoulder').x) / 2, 6);
    expect(at('Neck').x).toBeCloseTo(256, 6);
    expect(person.body.every((p) => p.c === 1)).toBe(true);
    // Depth along the view axis: the nose (12.6 cm before the head) nearer than the neck.
    expect(at('Nose').depth).toBeLessThan(at('Neck').depth);
    expect(at('Neck').depth).toBeCloseTo(4, 2);
  });

  it('gives confidence 0 to points behind the camera and off the picture', () => {
    rig.setPose(new Float32Array(3 * rig.boneCount));
    // Standing between the shoulders and the head, looking down at the feet: the head is behind the camera's plane.
    const inside = personKeypoints(rig, landmarks, transformMatrix(ORIGIN), { position: [0, 1.5, 0.05], target: [0, 0, 0.6], verticalFov: 1.2, width: 300, height: 200 });
    const at = (name: (typeof BODY_25)[number]) => inside.body[BODY_25.indexOf(name)];
    expect(at('Nose').depth).toBeLessThan(0);
    expect(at('Nose').c).toBe(0);
    // A narrow lens aimed at the left hand: the right one is off the picture.
    const close = personKeypoints(rig, landmarks, transformMatrix(ORIGIN), { position: [0.8, 1.4, 1], target: [0.8, 1.4, 0], verticalFov: 0.4, width: 400, height: 400 });
    expect(close.leftHand!.every((p) => p.c === 1)).toBe(true);
    expect(close.rightHand!.every((p) => p.c === 0 && p.x < 0)).toBe(true);
  });

  it('agrees with three.js looking straight down', () => {
    rig.setPose(new Float32Array(3 * rig.boneCount));
    const view = { position: [0.2, 5, 0.1], target: [0.2, 0, 0.1], verticalFov: 0.9, width: 640, height: 480 };
    const person = personKeypoints(rig, landmarks, transformMatrix(ORIGIN), view);
    landmarks.body.forEach((source, i) => {
      const reference = threePixel(view, threeWorld(rig, source, ORIGIN));
      expect(Math.abs(person.body[i].x - reference.x)).toBeLessThan(0.5);
      expect(Math.abs(person.body[i].y - reference.y)).toBeLessThan(0.5);
    });
  });

  it('refuses a camera on its target and a bad picture by name', () => {
    const view = { position: [0, 1, 0], target: [0, 1, 0], verticalFov: 0.8, width: 10, height: 10 };
    expect(() => personKeypoints(rig, landmarks, transformMatrix(ORIGIN), view)).toThrow(/^OpenPose keypoints: the camera stands on its target/);
    expect(() => personKeypoints(rig, landmarks, transformMatrix(ORIGIN), { ...view, position: [0, 1, 3], width: 0 })).toThrow(/^OpenPose keypoints: the picture's size 0 × 10/);
    expect(() => personKeypoints(rig, landmarks, transformMatrix(ORIGIN), { ...view, position: [0, 1, 3], verticalFov: 4 })).toThrow(/^OpenPose keypoints: vertical field of view 4/);
  });
});
