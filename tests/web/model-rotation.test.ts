// Rig.anglesForModelRotation (what the rotation gizmo turns a bone with)
// against three.js: on seeded random rigs (rest rotations, joint frames, all
// twelve Euler orders, posed parents), the model-space rotation three.js
// computes for a bone turned a step further gives that step's angles back, the
// pose is left alone, rotations past the limits come back clamped, and bad
// input throws naming the problem.
import * as THREE from 'three';
import { beforeAll, describe, expect, it } from 'vitest';
import { Rig } from '../../web/src/rig/rig.js';
import type { QuatTuple, Vec3Tuple } from '../../web/src/rig/rig-desc.js';
import type { KinModule } from '../../web/src/wasm/generated/kin.js';
import { loadKinModuleNode } from '../../web/src/wasm/load-node.js';
import { randomAngles, randomRig } from './random-rigs.js';
import { seededRandom, uniform } from './seeded-random.js';
import { poseThreeBones } from './three-model.js';

/** three.js's model-space rotation of every bone of `bones` posed with `angles`. */
function threeModelRotations(bones: Parameters<typeof poseThreeBones>[1], angles: number[], rootOffset: number[]): QuatTuple[] {
  const nodes = bones.map(() => new THREE.Bone());
  bones.forEach((b, i) => (b.parent >= 0 ? nodes[b.parent].add(nodes[i]) : undefined));
  poseThreeBones(nodes, bones, angles, rootOffset);
  nodes.filter((_, i) => bones[i].parent < 0).forEach((root) => root.updateMatrixWorld(true));
  const [position, rotation, scale] = [new THREE.Vector3(), new THREE.Quaternion(), new THREE.Vector3()];
  return nodes.map((node) => {
    node.matrixWorld.decompose(position, rotation, scale);
    return rotation.toArray() as QuatTuple;
  });
}

describe('Rig.anglesForModelRotation', () => {
  let module: KinModule;
  beforeAll(async () => {
    module = await loadKinModuleNode();
  });

  it('gives back the angles three.js posed a bone with (seed 23)', () => {
    const random = seededRandom(23);
    for (let trial = 0; trial < 10; trial++) {
      const bones = randomRig(random, { boneCount: 6, nonUniformScale: false });
      const rig = Rig.create(module, bones);
      try {
        const rootOffset: Vec3Tuple = [0.2, -0.1, 0.3];
        const pose = randomAngles(random, bones.length, 1.8); // limits are ±2
        rig.setPose(pose, rootOffset);
        const posed = Array.from(rig.pose());
        for (let bone = 0; bone < bones.length; bone++) {
          // The same pose with this bone turned a little further (as one step
          // of a gizmo drag), in three.js. Euler angles name a rotation twice
          // over; the step picks the pair nearest the bone's angles now.
          const wanted = [0, 1, 2].map((slot) => Math.min(1.95, Math.max(-1.95, pose[3 * bone + slot] + uniform(random, -0.4, 0.4))));
          const moved = [...pose];
          moved.splice(3 * bone, 3, ...wanted);
          const rotation_ms = threeModelRotations(bones, moved, rootOffset)[bone];
          const found = rig.anglesForModelRotation(bone, rotation_ms);
          for (let slot = 0; slot < 3; slot++) expect(found[slot], `trial ${trial} bone ${bone} slot ${slot}`).toBeCloseTo(wanted[slot], 3);
          expect(Array.from(rig.pose())).toEqual(posed);
        }
      } finally {
        rig.dispose();
      }
    }
  });

  it('clamps to the limits, reads the joint frame, and names bad input', () => {
    // One bone whose joint frame turns its slots' axes: slot 0 turns about model +Y.
    const frame: QuatTuple = [0, 0, Math.SQRT1_2, Math.SQRT1_2]; // 90° about z: x → y
    const rig = Rig.create(module, [{ name: 'hinge', parent: -1, frame, order: 'XYZ', min: [-0.5, 0, 0], max: [0.5, 0, 0], tip: [0, 0, 1] }]);
    try {
      expect(rig.frame(0).map((v) => Number(v.toFixed(6)))).toEqual(frame.map((v) => Number(v.toFixed(6))));
      const aboutY = (angle: number): QuatTuple => new THREE.Quaternion().setFromAxisAngle(new THREE.Vector3(0, 1, 0), angle).toArray() as QuatTuple;
      expect(rig.anglesForModelRotation(0, aboutY(0.3))[0]).toBeCloseTo(0.3, 5);
      expect(rig.anglesForModelRotation(0, aboutY(1.2))).toEqual([0.5, 0, 0]);
      expect(rig.anglesForModelRotation(0, aboutY(-1.2))).toEqual([-0.5, 0, 0]);
      expect(() => rig.anglesForModelRotation(3, [0, 0, 0, 1])).toThrow(/Rig: bone index 3 is out of range/);
      expect(() => rig.anglesForModelRotation(0, [Number.NaN, 0, 0, 1])).toThrow(/'hinge'.*not a finite, non-zero quaternion/);
      expect(() => rig.anglesForModelRotation(0, [0, 0, 0, 0])).toThrow(/non-zero quaternion/);
    } finally {
      rig.dispose();
    }
  });
});
