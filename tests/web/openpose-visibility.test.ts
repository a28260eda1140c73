// Which keypoints a depth image hides (web/src/outputs/openpose-visibility.ts).
// Synthetic depth images: a wrist whose pixel shows a surface 20 cm nearer is
// hidden, one showing its own skin 3 cm nearer is not; a point on a
// silhouette's edge (a neighbour pixel shows nothing) stays; keepHidden keeps
// all; a depth image of another resolution is read at the same place; the
// person given is not changed; a bad image is refused by name. Then the
// default character's own skinned mesh (the module's CPU skinning), ray cast
// per pixel with three-mesh-bvh into a depth image: its left arm swung back
// behind its chest hides the left wrist, in front it is seen, and the right
// arm's joints, inside their own skin, stay seen; in the T-pose every point
// but the heel behind its foot is seen.
import * as THREE from 'three';
import { MeshBVH } from 'three-mesh-bvh';
import { beforeAll, describe, expect, it } from 'vitest';
import { rigFromSkinnedMesh } from '../../web/src/import/skinned-mesh-rig.js';
import { type Keypoint, type PersonKeypoints, personKeypoints } from '../../web/src/outputs/openpose-keypoints.js';
import { type BodyLandmarks, openPoseBody } from '../../web/src/outputs/openpose-landmarks.js';
import { BODY_25, COCO_18 } from '../../web/src/outputs/openpose-layouts.js';
import { type DepthImage, applyVisibility } from '../../web/src/outputs/openpose-visibility.js';
import { Rig } from '../../web/src/rig/rig.js';
import { transformMatrix } from '../../web/src/scene/character-transform.js';
import type { PictureView } from '../../web/src/three/render-camera-three.js';
import type { KinModule } from '../../web/src/wasm/generated/kin.js';
import { loadKinModuleNode } from '../../web/src/wasm/load-node.js';
import { loadDefaultCharacter } from './default-character.js';

const WRIST = BODY_25.indexOf('LWrist');

/** One person of 25 points at (50, 50 + i), 2 m away, each 4 cm under its skin. */
function syntheticPerson(): PersonKeypoints {
  const body: Keypoint[] = BODY_25.map((_, i) => ({ x: 50.5, y: 10.5 + 3 * i, c: 1, depth: 2, tolerance: 0.04 }));
  return { body, coco18: [], leftHand: null, rightHand: null, estimated: false, width: 100, height: 100 };
}

function depthImage(width: number, height: number, fill = Infinity): DepthImage {
  return { width, height, data: new Float32Array(width * height).fill(fill) };
}

/** Sets the depth of the pixels [x0, x1] × [y0, y1]. */
function paint(image: DepthImage, x0: number, y0: number, x1: number, y1: number, depth: number): void {
  for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) image.data[y * image.width + x] = depth;
}

describe('visibility from a synthetic depth image', () => {
  const wrist = syntheticPerson().body[WRIST];
  const px = Math.floor(wrist.x);
  const py = Math.floor(wrist.y);

  it('hides a wrist behind a surface 20 cm nearer, keeps one under its own skin 3 cm nearer', () => {
    const hiding = depthImage(100, 100);
    paint(hiding, px - 3, py - 3, px + 3, py + 3, 1.8);
    expect(applyVisibility(syntheticPerson(), hiding).body[WRIST].c).toBe(0);
    const ownSkin = depthImage(100, 100);
    paint(ownSkin, px - 3, py - 3, px + 3, py + 3, 1.97);
    expect(applyVisibility(syntheticPerson(), ownSkin).body[WRIST].c).toBe(1);
    // Nothing drawn there, or a surface behind the point: seen.
    expect(applyVisibility(syntheticPerson(), depthImage(100, 100)).body[WRIST].c).toBe(1);
    expect(applyVisibility(syntheticPerson(), depthImage(100, 100, 2.5)).body[WRIST].c).toBe(1);
  });

  it('sees the neck and mid-hip while one of their two joints is seen, and hides them when both are hidden', () => {
    const neck = BODY_25.indexOf('Neck');
    const midHip = BODY_25.indexOf('MidHip');
    const at = (name: (typeof BODY_25)[number]) => syntheticPerson().body[BODY_25.indexOf(name)];
    const cover = (image: DepthImage, name: (typeof BODY_25)[number]) => paint(image, Math.floor(at(name).x) - 2, Math.floor(at(name).y) - 1, Math.floor(at(name).x) + 2, Math.floor(at(name).y) + 1, 1.5);
    // The midpoints themselves behind a surface half a metre nearer, one joint of each seen.
    const image = depthImage(100, 100);
    for (const name of ['Neck', 'MidHip', 'RShoulder', 'RHip'] as const) cover(image, name);
    const oneSeen = applyVisibility(syntheticPerson(), image);
    expect([oneSeen.body[neck].c, oneSeen.body[midHip].c]).toEqual([1, 1]);
    expect([oneSeen.body[BODY_25.indexOf('RShoulder')].c, oneSeen.body[BODY_25.indexOf('LShoulder')].c]).toEqual([0, 1]);
    for (const name of ['LShoulder', 'LHip'] as const) cover(image, name);
    const noneSeen = applyVisibility(syntheticPerson(), image);
    expect([noneSeen.body[neck].c, noneSeen.body[midHip].c]).toEqual([0, 0]);
  });

  it('keeps a point on a silhouette edge: the farthest of its 3 × 3 pixels counts; radius 0 looks at its own pixel only', () => {
    const image = depthImage(100, 100);
    paint(image, 0, 0, 99, 99, 1.8);
    // The pixel right of the wrist's shows what lies behind the occluder.
    paint(image, px + 1, py, px + 1, py, 3);
    expect(applyVisibility(syntheticPerson(), image).body[WRIST].c).toBe(1);
    expect(applyVisibility(syntheticPerson(), image, { radius: 0 }).body[WRIST].c).toBe(0);
    // Two pixels off is outside the 3 × 3.
    paint(image, px + 1, py, px + 1, py, 1.8);
    paint(image, px + 2, py, px + 2, py, 3);
    expect(applyVisibility(syntheticPerson(), image).body[WRIST].c).toBe(0);
  });

  it('keeps every point with keepHidden, and leaves the person given as it was', () => {
    const person = syntheticPerson();
    const image = depthImage(100, 100, 0.5);
    expect(applyVisibility(person, image).body.every((p) => p.c === 0)).toBe(true);
    expect(applyVisibility(person, image, { keepHidden: true }).body.every((p) => p.c === 1)).toBe(true);
    expect(person.body.every((p) => p.c === 1)).toBe(true);
    const seen = applyVisibility(person, image);
    // COCO-18 made again from the judged body.
    expect(seen.coco18[COCO_18.indexOf('LWrist')].c).toBe(0);
    expect(seen.coco18).toHaveLength(18);
  });

  it('reads a depth image of another resolution at the same place in the picture', () => {
    const half = depthImage(50, 50);
    paint(half, Math.floor(px / 2), Math.floor(py / 2), Math.floor(px / 2), Math.floor(py / 2), 1.8);
    expect(applyVisibility(syntheticPerson(), half, { radius: 0 }).body[WRIST].c).toBe(0);
    expect(applyVisibility(syntheticPerson(), half, { radius: 0 }).body[WRIST - 1].c).toBe(1);
  });

  it('refuses a bad depth image or radius by name', () => {
    expect(() => applyVisibility(syntheticPerson(), { width: 10, height: 10, data: new Float32Array(99) })).toThrow(/^OpenPose visibility: depth image data has 99 values, expected 100/);
    expect(() => applyVisibility(syntheticPerson(), { width: 0, height: 10, data: new Float32Array(0) })).toThrow(/^OpenPose visibility: depth image size 0 × 10/);
    expect(() => applyVisibility(syntheticPerson(), depthImage(10, 10), { radius: 1.5 })).toThrow(/^OpenPose visibility: radius 1.5/);
  });
});

describe("visibility on the default character's skinned mesh", () => {
  let module: KinModule;
  let rig: Rig;
  let landmarks: BodyLandmarks;
  let index: THREE.BufferAttribute;
  const placement = { x: 0.4, z: -0.3, heading: 0.3 };
  const view: PictureView = { position: [-0.6, 1.45, 2.9], target: [0.4, 1.0, -0.3], verticalFov: 0.9, width: 160, height: 160 };

  beforeAll(async () => {
    module = await loadKinModuleNode();
    const { mesh } = await loadDefaultCharacter();
    const { bones, jointToBone } = rigFromSkinnedMesh(mesh);
    rig = Rig.create(module, bones);
    const geometry = mesh.geometry;
    const skinIndex = geometry.getAttribute('skinIndex');
    const joints = Array.from({ length: skinIndex.count * 4 }, (_, k) => jointToBone[skinIndex.array[k]]);
    rig.skinning.setSkin(geometry.getAttribute('position').array, [], joints, geometry.getAttribute('skinWeight').array);
    index = geometry.index!;
    const result = openPoseBody(rig);
    if ('missing' in result) throw new Error(result.message);
    landmarks = result;
    return () => rig.dispose();
  });

  /** The posed mesh's depth along the camera's view axis per pixel (rays through pixel centres), +Infinity where it misses. */
  function renderDepth(): DepthImage {
    rig.skinning.skin();
    const geometry = new THREE.BufferGeometry();
    geometry.setAttribute('position', new THREE.BufferAttribute(Float32Array.from(rig.skinning.skinnedPositions()), 3));
    geometry.setIndex(index);
    geometry.applyMatrix4(new THREE.Matrix4().fromArray(Array.from(transformMatrix(placement))));
    const bvh = new MeshBVH(geometry);
    const camera = new THREE.PerspectiveCamera(THREE.MathUtils.radToDeg(view.verticalFov), view.width / view.height, 0.01, 100);
    camera.position.fromArray(view.position);
    camera.lookAt(new THREE.Vector3().fromArray(view.target));
    camera.updateMatrixWorld();
    camera.updateProjectionMatrix();
    const forward = camera.getWorldDirection(new THREE.Vector3());
    const image = depthImage(view.width, view.height);
    const ray = new THREE.Ray();
    for (let y = 0; y < view.height; y++) {
      for (let x = 0; x < view.width; x++) {
        const through = new THREE.Vector3(((x + 0.5) / view.width) * 2 - 1, 1 - ((y + 0.5) / view.height) * 2, 0.5).unproject(camera);
        ray.set(camera.position, through.sub(camera.position).normalize());
        const hit = bvh.raycastFirst(ray, THREE.DoubleSide);
        if (hit) image.data[y * view.width + x] = hit.point.sub(camera.position).dot(forward);
      }
    }
    return image;
  }

  function seen(upperArmSwing: number): PersonKeypoints {
    rig.setPose(new Float32Array(3 * rig.boneCount));
    // The upper arm's Y slot: positive swings the left arm (+X) back toward −Z, negative forward (skeleton.mjs).
    rig.setAngles(rig.boneIndex('upper_arm_l'), 0, upperArmSwing, 0);
    const person = personKeypoints(rig, landmarks, transformMatrix(placement), view);
    expect(person.body.every((p) => p.c === 1)).toBe(true);
    return applyVisibility(person, renderDepth());
  }

  const c = (person: PersonKeypoints, name: (typeof BODY_25)[number]) => person.body[BODY_25.indexOf(name)].c;

  it('hides the left wrist swung back behind the chest, sees it in front', () => {
    const behind = seen(1.4);
    expect(c(behind, 'LWrist')).toBe(0);
    expect(behind.leftHand!.every((p) => p.c === 0)).toBe(true);
    for (const name of ['RWrist', 'RElbow', 'RShoulder', 'Nose', 'Neck', 'RHip', 'RKnee'] as const) expect(c(behind, name), name).toBe(1);
    const front = seen(-1.4);
    expect(c(front, 'LWrist')).toBe(1);
    expect(c(front, 'RWrist')).toBe(1);
  });

  it('sees every joint of the T-pose under its own skin, and both hands; only the heel behind its foot is hidden', () => {
    const person = seen(0);
    expect(BODY_25.filter((_, i) => person.body[i].c === 0)).toEqual(['LHeel']);
    expect(person.leftHand!.every((p) => p.c === 1)).toBe(true);
    expect(person.rightHand!.every((p) => p.c === 1)).toBe(true);
  });
});
