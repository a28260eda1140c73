// Where the OpenPose keypoints sit on a character (web/src/outputs/openpose-landmarks.ts):
// the default character's face landmarks are the ones its asset carries (the
// head joint's extras.kin.landmarks), every skin landmark lies on its built
// mesh, the big toe on the inner side of each foot, "left" the character's
// own left, and each point's skin depth measured again on the mesh
// (three-mesh-bvh's nearest surface point); a copy of it under Mixamo's
// names is a loaded character whose estimated landmarks land on the same
// points, and scaled by 1.2 land 1.2 times as far; a rig without a body says
// which roles it lacks.
import * as THREE from 'three';
import { beforeAll, describe, expect, it } from 'vitest';
import { type BodyLandmarks, type KeypointSource, openPoseBody } from '../../web/src/outputs/openpose-landmarks.js';
import { BODY_25, HAND_21 } from '../../web/src/outputs/openpose-layouts.js';
import { Rig } from '../../web/src/rig/rig.js';
import type { BoneDesc, Vec3Tuple } from '../../web/src/rig/rig-desc.js';
import type { KinModule } from '../../web/src/wasm/generated/kin.js';
import { loadKinModuleNode } from '../../web/src/wasm/load-node.js';
import { defaultCharacterBones, loadDefaultCharacter } from './default-character.js';
import { type Skin, bindPoint, defaultSkin } from './openpose-skin.js';
import { MIXAMO_BODY_NAMES as MIXAMO } from './mixamo-names.js';

const MIXAMO_FINGERS: Record<string, string> = { thumb: 'Thumb', index: 'Index', middle: 'Middle', ring: 'Ring', little: 'Pinky' };

/** Mixamo's name for a default-character bone: body bones by the table, fingers as LeftHandIndex1…, the ponytail as it is. */
function mixamoName(name: string): string {
  const finger = /^(thumb|index|middle|ring|little)_([123])_([lr])$/.exec(name);
  if (finger) return `mixamorig:${finger[3] === 'l' ? 'Left' : 'Right'}Hand${MIXAMO_FINGERS[finger[1]]}${finger[2]}`;
  return MIXAMO[name] ? `mixamorig:${MIXAMO[name]}` : name;
}

/** The default character's bones renamed Mixamo's way and every length times `scale`, as a loaded glTF would be. */
function loadedCopy(bones: readonly BoneDesc[], scale: number): BoneDesc[] {
  const times = (v: Vec3Tuple | undefined): Vec3Tuple => (v ?? [0, 0, 0]).map((c) => c * scale) as Vec3Tuple;
  return bones.map((bone) => ({ ...bone, name: mixamoName(bone.name), restT: times(bone.restT), tip: times(bone.tip), inverseBind: undefined }));
}

/** A keypoint's bind-pose position (model space): the mean of its bone points. */
function bindPosition(rig: Rig, source: KeypointSource): THREE.Vector3 {
  const p = new THREE.Vector3();
  for (const point of source.points) p.addScaledVector(bindPoint(rig.bindMatrices(), point), 1 / source.points.length);
  return p;
}

function body(rig: Rig): BodyLandmarks {
  const result = openPoseBody(rig);
  if ('missing' in result) throw new Error(result.message);
  return result;
}

const named = (landmarks: BodyLandmarks, name: string): KeypointSource => landmarks.body[BODY_25.indexOf(name as (typeof BODY_25)[number])];

/** The keypoints that are landmarks on the skin, not joints inside it. */
const ON_SKIN = new Set(['Nose', 'REye', 'LEye', 'REar', 'LEar', 'LBigToe', 'LSmallToe', 'LHeel', 'RBigToe', 'RSmallToe', 'RHeel', 'ThumbTip', 'IndexTip', 'MiddleTip', 'RingTip', 'LittleTip']);

describe('OpenPose landmarks', () => {
  let module: KinModule;
  let bones: BoneDesc[];
  let rig: Rig;
  let landmarks: BodyLandmarks;
  let skin: Skin;
  beforeAll(async () => {
    module = await loadKinModuleNode();
    bones = await defaultCharacterBones();
    rig = Rig.create(module, bones);
    landmarks = body(rig);
    skin = await defaultSkin();
    return () => rig.dispose();
  });

  it('takes the default character as defined, with both hands', () => {
    expect(landmarks.estimated).toBe(false);
    expect(landmarks.body.map((s) => s.name)).toEqual([...BODY_25]);
    expect(landmarks.leftHand?.map((s) => s.name)).toEqual([...HAND_21]);
    expect(landmarks.rightHand?.map((s) => s.name)).toEqual([...HAND_21]);
    expect(rig.boneNames[named(landmarks, 'LWrist').points[0].bone]).toBe('hand_l');
    expect(rig.boneNames[named(landmarks, 'RKnee').points[0].bone]).toBe('shin_r');
    expect(rig.boneNames[landmarks.leftHand![8].points[0].bone]).toBe('index_3_l');
  });

  it("puts nose, eyes and ears where the asset's head joint says (extras.kin.landmarks)", async () => {
    const { scene } = await loadDefaultCharacter();
    const head = scene.getObjectByName('head')!;
    const asset = (head.userData as { kin: { landmarks: Record<string, number[]> } }).kin.landmarks;
    const names: Record<string, string> = { Nose: 'nose', LEye: 'eye_l', REye: 'eye_r', LEar: 'ear_l', REar: 'ear_r' };
    for (const [keypoint, key] of Object.entries(names)) {
      const source = named(landmarks, keypoint);
      expect(rig.boneNames[source.points[0].bone]).toBe('head');
      source.points[0].point_bs.forEach((c, k) => expect(c).toBeCloseTo(asset[key][k], 9));
    }
  });

  it('puts every skin landmark on the built mesh (within 2 mm), the big toe inside of the small toe', () => {
    for (const source of [...landmarks.body, ...landmarks.leftHand!, ...landmarks.rightHand!]) {
      if (ON_SKIN.has(source.name)) expect(skin.surfaceDistance(bindPosition(rig, source)), source.name).toBeLessThan(0.002);
    }
    // The character's left is +X: its left big toe nearer the middle than its small toe.
    expect(bindPosition(rig, named(landmarks, 'LBigToe')).x).toBeLessThan(bindPosition(rig, named(landmarks, 'LSmallToe')).x);
    expect(bindPosition(rig, named(landmarks, 'RBigToe')).x).toBeGreaterThan(bindPosition(rig, named(landmarks, 'RSmallToe')).x);
    expect(bindPosition(rig, named(landmarks, 'LShoulder')).x).toBeGreaterThan(0.1);
    expect(bindPosition(rig, named(landmarks, 'LHeel')).z).toBeLessThan(bindPosition(rig, named(landmarks, 'LAnkle')).z);
  });

  it("gives each point a tolerance of 1.5 × its distance to the skin + 1 cm, the distance measured on the mesh", () => {
    for (const source of [...landmarks.body, ...landmarks.leftHand!, ...landmarks.rightHand!]) {
      const measured = skin.surfaceDistance(bindPosition(rig, source));
      // The table rounds the distance up to 0.5 mm.
      expect(source.tolerance, source.name).toBeGreaterThanOrEqual(1.5 * measured + 0.01 - 1e-9);
      expect(source.tolerance, source.name).toBeLessThanOrEqual(1.5 * (measured + 0.0005) + 0.01 + 1e-9);
    }
  });

  it("estimates a loaded character's landmarks from its bones: on the default character's own points under Mixamo's names", () => {
    const loaded = Rig.create(module, loadedCopy(bones, 1));
    try {
      const estimate = body(loaded);
      expect(estimate.estimated).toBe(true);
      const all = (l: BodyLandmarks) => [...l.body, ...l.leftHand!, ...l.rightHand!];
      all(estimate).forEach((source, i) => {
        const reference = all(landmarks)[i];
        expect(source.name).toBe(reference.name);
        expect(bindPosition(loaded, source).distanceTo(bindPosition(rig, reference)), source.name).toBeLessThan(1e-4);
        expect(source.tolerance).toBeCloseTo(reference.tolerance, 4);
      });
    } finally {
      loaded.dispose();
    }
  });

  it.each([
    ["Unreal's finger names (index_01_l, pinky_01_l)", (f: string, k: string, side: string) => `${f === 'little' ? 'pinky' : f}_0${k}_${side}`, false],
    ["Mixamo's with end bones (LeftHandIndex4 at each tip)", (f: string, k: string, side: string) => `mixamorig:${side === 'l' ? 'Left' : 'Right'}Hand${MIXAMO_FINGERS[f]}${k}`, true],
  ])('finds the hands under %s', (_, fingerName, endBones) => {
    const renamed: BoneDesc[] = bones.map((bone) => {
      const finger = /^(thumb|index|middle|ring|little)_([123])_([lr])$/.exec(bone.name);
      return { ...bone, name: finger ? fingerName(finger[1], finger[2], finger[3]) : bone.name, inverseBind: undefined };
    });
    if (endBones) {
      bones.forEach((bone, parent) => {
        const last = /^(thumb|index|middle|ring|little)_3_([lr])$/.exec(bone.name);
        if (last) renamed.push({ name: fingerName(last[1], '4', last[2]), parent, restT: bone.tip });
      });
    }
    const other = Rig.create(module, renamed);
    try {
      const estimate = body(other);
      for (const side of ['leftHand', 'rightHand'] as const) {
        estimate[side]!.forEach((source, i) => expect(bindPosition(other, source).distanceTo(bindPosition(rig, landmarks[side]![i])), source.name).toBeLessThan(1e-6));
        if (endBones) expect(other.boneNames[estimate[side]![4].points[0].bone]).toMatch(/Thumb4$/);
      }
    } finally {
      other.dispose();
    }
  });

  it('scales the estimate with the character: 1.2 times as big, 1.2 times as far and as deep', () => {
    const loaded = Rig.create(module, loadedCopy(bones, 1.2));
    try {
      const estimate = body(loaded);
      estimate.body.forEach((source, i) => {
        const reference = bindPosition(rig, landmarks.body[i]).multiplyScalar(1.2);
        expect(bindPosition(loaded, source).distanceTo(reference), source.name).toBeLessThan(1e-4);
        expect(source.tolerance).toBeCloseTo(1.2 * landmarks.body[i].tolerance, 5);
      });
    } finally {
      loaded.dispose();
    }
  });

  it('finds no hands on a rig without finger bones, and estimates feet without toes from the foot', () => {
    const noToes = bones.filter((b) => !/^(toes_|thumb|index|middle|ring|little)/.test(b.name));
    const names = noToes.map((b) => b.name);
    const reindexed = noToes.map((b) => ({ ...b, parent: b.parent < 0 ? -1 : names.indexOf(bones[b.parent].name), inverseBind: undefined }));
    const loaded = Rig.create(module, reindexed);
    try {
      const estimate = body(loaded);
      expect(estimate.leftHand).toBeNull();
      expect(estimate.rightHand).toBeNull();
      // The foot's tip is the toes' joint, 7 cm behind the toes' tip: the big toe sits that much further back.
      const toe = bindPosition(loaded, named(estimate, 'LBigToe'));
      const reference = bindPosition(rig, named(landmarks, 'LBigToe'));
      expect(toe.z).toBeCloseTo(reference.z - 0.07, 4);
    } finally {
      loaded.dispose();
    }
  });

  it("says a lesson's arm chain is no humanoid, and which roles a body without legs lacks, without throwing", () => {
    const arm = Rig.create(module, [
      { name: 'upper_arm_l', parent: -1, tip: [0.3, 0, 0] },
      { name: 'forearm_l', parent: 0, restT: [0.3, 0, 0], tip: [0.25, 0, 0] },
      { name: 'hand_l', parent: 1, restT: [0.25, 0, 0], tip: [0.1, 0, 0] },
    ]);
    const upperBody = Rig.create(module, [
      { name: 'hips', parent: -1, tip: [0, 0.2, 0] },
      { name: 'head', parent: 0, restT: [0, 0.5, 0], tip: [0, 0.2, 0] },
      ...(['l', 'r'] as const).flatMap((side, k) => {
        const x = side === 'l' ? 0.2 : -0.2;
        const first = 2 + 3 * k;
        return [
          { name: `upper_arm_${side}`, parent: 0, restT: [x, 0.4, 0] as [number, number, number], tip: [x, 0, 0] as [number, number, number] },
          { name: `forearm_${side}`, parent: first, restT: [x, 0, 0] as [number, number, number], tip: [x, 0, 0] as [number, number, number] },
          { name: `hand_${side}`, parent: first + 1, restT: [x, 0, 0] as [number, number, number], tip: [x / 2, 0, 0] as [number, number, number] },
        ];
      }),
    ]);
    try {
      expect(openPoseBody(arm)).toEqual({
        missing: ['head', 'upper_arm_r', 'lower_arm_r', 'hand_r', 'upper_leg_l', 'lower_leg_l', 'foot_l', 'upper_leg_r', 'lower_leg_r', 'foot_r'],
        message: 'no OpenPose body: not a humanoid rig (no head, arms and legs among its bones)',
      });
      expect(openPoseBody(upperBody)).toEqual({
        missing: ['upper_leg_l', 'lower_leg_l', 'foot_l', 'upper_leg_r', 'lower_leg_r', 'foot_r'],
        message: 'no OpenPose body: the rig lacks roles upper_leg_l, lower_leg_l, foot_l, upper_leg_r, lower_leg_r, foot_r',
      });
    } finally {
      arm.dispose();
      upperBody.dispose();
    }
  });
});
