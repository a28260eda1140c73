// The module's Retargeter through its façade (web/src/rig/retarget.ts),
// against an independent computation: three.js quaternions and matrices over
// the bone descriptions (no code shared with the core). A CMU-named BVH walk
// onto the same skeleton with other bone axes (random rest rotations, joint
// frames and Euler orders, seeded) must move every bone exactly as the source
// does in the world; and the façade's contract, errors and handles.
import { readFileSync } from 'node:fs';
import * as THREE from 'three';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseBvh } from '../../web/src/import/bvh/bvh-parse.js';
import { bvhRig } from '../../web/src/import/bvh/bvh-rig.js';
import { BONE_ROLES, RETARGET_LIMBS, RETARGET_MODES, type RetargetOptions, Retargeter, boneRoleOf } from '../../web/src/rig/retarget.js';
import { readRetargetContract } from '../../web/src/rig/retarget-contract.js';
import type { ClipData } from '../../web/src/rig/clip-data.js';
import { Rig } from '../../web/src/rig/rig.js';
import type { BoneDesc, EulerOrder, QuatTuple, Vec3Tuple } from '../../web/src/rig/rig-desc.js';
import { BUILT_RETARGET_CONTRACT } from '../../web/src/wasm/generated/contract.js';
import type { KinModule } from '../../web/src/wasm/generated/kin.js';
import { loadKinModuleNode } from '../../web/src/wasm/load-node.js';
import { cmuWalkBvh } from './retarget-fixtures.js';
import { seededRandom } from './seeded-random.js';

const AXES = { X: new THREE.Vector3(1, 0, 0), Y: new THREE.Vector3(0, 1, 0), Z: new THREE.Vector3(0, 0, 1) };

/** E(θ) = R(axis of slot 2, θ2) · R(slot 1, θ1) · R(slot 0, θ0): slot 0 turns first. */
function eulerQuat(order: EulerOrder, a: ArrayLike<number>, offset: number): THREE.Quaternion {
  const q = new THREE.Quaternion();
  for (let slot = 0; slot < 3; slot++) {
    const turn = new THREE.Quaternion().setFromAxisAngle(AXES[order[slot] as 'X' | 'Y' | 'Z'], a[offset + slot]);
    q.premultiply(turn);
  }
  return q;
}

/** World matrices of every bone: T(restT + root offset) · R(restQ) · F · E(θ) · F⁻¹ (unit scales) chained from the root. */
function worldMatrices(bones: readonly BoneDesc[], angles: ArrayLike<number>, root: ArrayLike<number>): THREE.Matrix4[] {
  const out: THREE.Matrix4[] = [];
  bones.forEach((b, i) => {
    const frame = new THREE.Quaternion(...(b.frame ?? [0, 0, 0, 1]));
    const joint = frame.clone().multiply(eulerQuat(b.order ?? 'XYZ', angles, 3 * i)).multiply(frame.clone().invert());
    const rotation = new THREE.Quaternion(...(b.restQ ?? [0, 0, 0, 1])).multiply(joint);
    const position = new THREE.Vector3(...(b.restT ?? [0, 0, 0]));
    if (b.parent < 0) position.add(new THREE.Vector3(root[0], root[1], root[2]));
    const local = new THREE.Matrix4().compose(position, rotation, new THREE.Vector3(1, 1, 1));
    out.push(b.parent < 0 ? local : out[b.parent].clone().multiply(local));
  });
  return out;
}

function randomQuat(random: () => number): THREE.Quaternion {
  // Uniform on the sphere of unit quaternions (Shoemake).
  const [u1, u2, u3] = [random(), random(), random()];
  const a = Math.sqrt(1 - u1), b = Math.sqrt(u1);
  return new THREE.Quaternion(a * Math.sin(2 * Math.PI * u2), a * Math.cos(2 * Math.PI * u2), b * Math.sin(2 * Math.PI * u3), b * Math.cos(2 * Math.PI * u3));
}

const TAIT_BRYAN: EulerOrder[] = ['XYZ', 'XZY', 'YXZ', 'YZX', 'ZXY', 'ZYX'];

/**
 * The same joints with other bone axes: each bone's world orientation at
 * rest becomes a random rotation (the rest rotations and translations
 * rewritten so that every joint stays put), with a random joint frame and
 * Euler order (Tait–Bryan: small turns keep small angles) and no limits.
 */
function reoriented(bones: readonly BoneDesc[], seed: number): BoneDesc[] {
  const random = seededRandom(seed);
  const world = bones.map(() => randomQuat(random));
  return bones.map((b, i) => {
    const parent = b.parent >= 0 ? world[b.parent] : new THREE.Quaternion();
    const toParent = parent.clone().invert();
    const restQ = toParent.clone().multiply(world[i]);
    const restT = new THREE.Vector3(...(b.restT ?? [0, 0, 0])).applyQuaternion(toParent);
    const tip = new THREE.Vector3(...(b.tip ?? [0, 0, 0])).applyQuaternion(world[i].clone().invert());
    return {
      name: b.name,
      parent: b.parent,
      restT: restT.toArray() as Vec3Tuple,
      restQ: restQ.toArray() as QuatTuple,
      frame: randomQuat(random).toArray() as QuatTuple,
      order: TAIT_BRYAN[Math.floor(random() * TAIT_BRYAN.length)],
      tip: tip.toArray() as Vec3Tuple,
    };
  });
}

function angleBetween(a: THREE.Quaternion, b: THREE.Quaternion): number {
  return 2 * Math.acos(Math.min(1, Math.abs(a.dot(b))));
}

describe('the Retargeter through the module', () => {
  let module: KinModule;
  let source: Rig;
  let sourceBones: BoneDesc[];
  let clip: ClipData;
  beforeAll(async () => {
    module = await loadKinModuleNode();
    ({ bones: sourceBones, clip } = bvhRig(parseBvh(cmuWalkBvh()), 'walk'));
    source = Rig.create(module, sourceBones);
    source.clips.setClip(clip);
  });
  afterAll(() => source.dispose());

  it('names its modes, roles and limbs as the module does', () => {
    expect(module.retargetContract()).toEqual(JSON.parse(JSON.stringify(BUILT_RETARGET_CONTRACT)));
    expect(readRetargetContract(module).retargetModes).toEqual(RETARGET_MODES);
    expect(RETARGET_MODES).toEqual(['rotation', 'ik']);
    expect(RETARGET_LIMBS).toEqual(['arm_l', 'arm_r', 'leg_l', 'leg_r', 'head']);
    expect(BONE_ROLES.length).toBe(21);
    expect(BONE_ROLES[0]).toBe('hips');
    expect(boneRoleOf(module, 'mixamorigLeftForeArm')).toBe('lower_arm_l');
    expect(boneRoleOf(module, 'Hand.R')).toBe('hand_r');
    expect(boneRoleOf(module, 'Spine1')).toBeNull();
  });

  for (const seed of [1, 2, 3]) {
    it(`moves a re-axed copy of the skeleton exactly as the source, in the world (seed ${seed})`, () => {
      const targetBones = reoriented(sourceBones, seed);
      const target = Rig.create(module, targetBones);
      const retargeter = Retargeter.create(module);
      try {
        const map = retargeter.autoMap(source, target);
        // Every role maps, and the chain between (CMU's Spine; Neck1 between neck and head) too.
        expect(Array.from(map)).toEqual(sourceBones.map((_, i) => i));
        const { clip: result, report } = retargeter.retarget(source, target, map, { mode: 'rotation', contactLocks: false, fps: 0 });
        expect(report.frames).toBe(61);
        expect(result.fps).toBe(30);
        expect(result.name).toBe('clip → target');
        target.clips.setClip(result);

        const n = sourceBones.length;
        const sourceRest = worldMatrices(sourceBones, new Float32Array(3 * n), [0, 0, 0]);
        const targetRest = worldMatrices(targetBones, new Float32Array(3 * n), [0, 0, 0]);
        let worstTurn = 0;
        let worstPlace = 0;
        const lift: number[] = [];
        for (const time of report.times) {
          source.clips.sampleClip(time, 'clamp');
          target.clips.sampleClip(time, 'clamp');
          const s = worldMatrices(sourceBones, source.pose(), source.rootOffset);
          const t = worldMatrices(targetBones, target.pose(), target.rootOffset);
          const hipsS = new THREE.Vector3().setFromMatrixPosition(s[0]);
          const hipsT = new THREE.Vector3().setFromMatrixPosition(t[0]);
          // The hips' height is placed above the floor (its own reference's vs the clip's lowest foot): compare it up to a constant.
          lift.push(hipsT.y - hipsS.y);
          worstPlace = Math.max(worstPlace, Math.hypot(hipsT.x - hipsS.x, hipsT.z - hipsS.z));
          for (let b = 0; b < n; b++) {
            const turnS = new THREE.Quaternion().setFromRotationMatrix(s[b]).multiply(new THREE.Quaternion().setFromRotationMatrix(sourceRest[b]).invert());
            const turnT = new THREE.Quaternion().setFromRotationMatrix(t[b]).multiply(new THREE.Quaternion().setFromRotationMatrix(targetRest[b]).invert());
            worstTurn = Math.max(worstTurn, angleBetween(turnS, turnT));
            const fromHipsS = new THREE.Vector3().setFromMatrixPosition(s[b]).sub(hipsS);
            const fromHipsT = new THREE.Vector3().setFromMatrixPosition(t[b]).sub(hipsT);
            worstPlace = Math.max(worstPlace, fromHipsS.distanceTo(fromHipsT));
          }
        }
        // Seen: about 1e-6 rad, 4e-7 m, 6e-8 m, 5e-5°: float32 through two skeletons.
        expect(worstTurn).toBeLessThan(1e-5);
        expect(worstPlace).toBeLessThan(1e-5);
        expect(Math.max(...lift) - Math.min(...lift)).toBeLessThan(1e-5);
        expect(report.maxAngle_deg).toBeLessThan(1e-3);
        expect(report.boneAngleError_rad.length).toBe(61 * n);
        expect(report.limbError.length).toBe(61 * 5);
      } finally {
        retargeter.dispose();
        target.dispose();
      }
    });
  }

  it('declares (kin.d.ts) exactly the Retargeter methods the module binds', () => {
    const source = ts.createSourceFile('kin.d.ts', readFileSync(new URL('../../web/src/wasm/kin.d.ts', import.meta.url), 'utf8'), ts.ScriptTarget.ES2022, true);
    const declared: string[] = [];
    source.forEachChild((node) => {
      if (ts.isInterfaceDeclaration(node) && node.name.text === 'RetargeterHandle')
        for (const m of node.members) if (m.name && ts.isIdentifier(m.name)) declared.push(m.name.text);
    });
    const builtins = ['clone', 'constructor', 'deleteLater', 'isAliasOf', 'isDeleted', 'delete'];
    const bound = Object.getOwnPropertyNames(module.Retargeter.prototype).filter((m) => !builtins.includes(m));
    expect(declared.filter((m) => !['delete', 'isDeleted'].includes(m)).sort()).toEqual(bound.sort());
    expect(Object.keys(module.retargetContract()).sort()).toEqual(['boneRoles', 'retargetLimbs', 'retargetModes']);
  });

  it('reports map problems by bone and role, throws them on retarget, and deletes its handle', () => {
    const target = Rig.create(module, reoriented(sourceBones, 9));
    const before = module.liveRetargeters();
    const retargeter = Retargeter.create(module);
    try {
      expect(module.liveRetargeters()).toBe(before + 1);
      const map = retargeter.autoMap(source, target);
      expect(retargeter.validate(source, target, map)).toEqual([]);
      const broken = map.slice();
      broken[target.boneIndex('LeftHand')] = -1;
      broken[target.boneIndex('RightFoot')] = map[target.boneIndex('LeftFoot')];
      expect(retargeter.validate(source, target, broken)).toEqual([
        "source bone 'LeftFoot' is mapped twice: by target bones 'LeftFoot' and 'RightFoot'",
        "target bone 'LeftHand' (role hand_l) is not mapped",
        "target bone 'RightFoot' (role foot_r) is mapped to source bone 'LeftFoot', which plays role foot_l",
      ]);
      expect(() => retargeter.retarget(source, target, broken, { mode: 'ik', contactLocks: false, fps: 30 })).toThrow(
        /^Retarget: source bone 'LeftFoot' is mapped twice/,
      );
      expect(() => retargeter.validate(source, target, map.subarray(1))).toThrow(/^Retarget: the map has 22 entries, the target has 23 bones/);
      expect(() => retargeter.retarget(source, target, map, { mode: 'fk' as 'ik', contactLocks: false, fps: 30 })).toThrow(
        "Retarget: unknown mode 'fk'; the modes are rotation, ik",
      );
      const noClip = Rig.create(module, sourceBones);
      expect(() => retargeter.retarget(noClip, target, map, { mode: 'rotation', contactLocks: false, fps: 30 })).toThrow(
        'Retarget: retarget: the source rig has no clip',
      );
      noClip.dispose();
      expect(() => retargeter.retarget(source, target, map, { mode: 'rotation', contactLocks: false, fps: 30, sourceReference: new Float32Array(5) })).toThrow(
        /^Retarget: match reference: 1 source reference angle triples|^Retarget: source reference: 5 angles, expected 69/,
      );
    } finally {
      retargeter.dispose();
      target.dispose();
    }
    expect(module.liveRetargeters()).toBe(before);
    expect(() => retargeter.autoMap(source, source)).toThrow('Retarget: used after dispose()');
  });

  it('writes frames at the asked rate, duration included', () => {
    const retargeter = Retargeter.create(module);
    const target = Rig.create(module, reoriented(sourceBones, 4));
    try {
      const map = retargeter.autoMap(source, target);
      const { clip: result, report } = retargeter.retarget(source, target, map, { mode: 'ik', contactLocks: true, fps: 24, clipName: 'walk', targetName: 'copy' });
      expect(report.frames).toBe(49); // 2 s at 24 fps
      expect(report.times[48]).toBeCloseTo(2, 6);
      expect(report.times[1]).toBeCloseTo(1 / 24, 6);
      expect(result).toMatchObject({ name: 'walk → copy', fps: 24, duration: report.times[48] });
      const root = result.channels.find((c) => c.target === 'root')!;
      expect(root.keys.length).toBe(49);
      expect(result.channels.every((c) => c.keys.every((k) => k.interpolation === 'linear'))).toBe(true);
    } finally {
      retargeter.dispose();
      target.dispose();
    }
  });

  it('calibrates in either skeleton’s rest pose, or in each one’s own: an A-posed copy’s arms follow the T-posed source only when calibrated', () => {
    // The copy's upper arms hang 40° below the source's at rest (its rest
    // rotation turned about an axis square to the bone), nothing else differs.
    const A_RAD = (40 * Math.PI) / 180;
    const upperArms = ['LeftArm', 'RightArm'];
    const targetBones = sourceBones.map((b) => {
      if (!upperArms.includes(b.name)) return b;
      const tip = new THREE.Vector3(...b.tip!);
      const across = new THREE.Vector3(0, 0, 1).cross(tip).normalize();
      const restQ = new THREE.Quaternion(...(b.restQ ?? [0, 0, 0, 1])).multiply(new THREE.Quaternion().setFromAxisAngle(across, A_RAD));
      return { ...b, restQ: restQ.toArray() as QuatTuple };
    });
    const target = Rig.create(module, targetBones);
    const retargeter = Retargeter.create(module);
    /** The angle between the source's and the target's upper-arm directions in the world, worst over the clip's frames. */
    const worstArmAngle = (options: Pick<RetargetOptions, 'sourceReference' | 'targetReference'>): { worst: number; best: number } => {
      const map = retargeter.autoMap(source, target);
      const { clip: result, report } = retargeter.retarget(source, target, map, { mode: 'rotation', contactLocks: false, fps: 0, ...options });
      target.clips.setClip(result);
      let worst = 0;
      let best = Math.PI;
      for (const time of report.times) {
        source.clips.sampleClip(time, 'clamp');
        target.clips.sampleClip(time, 'clamp');
        const s = worldMatrices(sourceBones, source.pose(), source.rootOffset);
        const t = worldMatrices(targetBones, target.pose(), target.rootOffset);
        for (const name of upperArms) {
          const b = source.boneIndex(name);
          const direction = (m: THREE.Matrix4, bones: BoneDesc[]): THREE.Vector3 => new THREE.Vector3(...bones[b].tip!).transformDirection(m);
          const angle = direction(s[b], sourceBones).angleTo(direction(t[b], targetBones));
          worst = Math.max(worst, angle);
          best = Math.min(best, angle);
        }
      }
      return { worst, best };
    };
    try {
      // Calibrated either way, the arms point where the source's do (float32 through two skeletons).
      expect(worstArmAngle({ targetReference: 'match' }).worst).toBeLessThan(1e-4);
      expect(worstArmAngle({ sourceReference: 'match' }).worst).toBeLessThan(1e-4);
      // Each in its own rest pose, the A-pose's 40° stays between them on every frame.
      const rest = worstArmAngle({ sourceReference: new Float32Array(0), targetReference: new Float32Array(0) });
      expect(rest.best).toBeCloseTo(A_RAD, 4);
      expect(rest.worst).toBeCloseTo(A_RAD, 4);
      expect(() => retargeter.retarget(source, target, retargeter.autoMap(source, target), { mode: 'rotation', contactLocks: false, fps: 0, sourceReference: 'match', targetReference: 'match' })).toThrow(
        /cannot both match/,
      );
    } finally {
      retargeter.dispose();
      target.dispose();
    }
  });
});
