// Rig.mirroring (web/src/rig/rig-mirror.ts over the module's RigMirror) on a
// hand-built symmetric rig, checked against the pose derived by hand: its
// frames are the identity and its order XYZ, and M = diag(−1, 1, 1) keeps a
// turn about x and reverses turns about y and z, so a bone takes its
// partner's angles (a, −b, −c) and the root offset (x, y, z) becomes
// (−x, y, z). rig.mirror / rig.mirrorPartners forward to the same object.
// Bad input from JavaScript (a mode that is no mode, a raw code out of
// range, a NaN pose, a handle for no rig or for a rig loaded again since) is
// refused by name and changes nothing.
import { beforeAll, describe, expect, it } from 'vitest';
import { Rig } from '../../web/src/rig/rig.js';
import { type BoneDesc, flattenRigDesc } from '../../web/src/rig/rig-desc.js';
import type { KinModule } from '../../web/src/wasm/generated/kin.js';
import { loadKinModuleNode } from '../../web/src/wasm/load-node.js';

// A body with two two-bone arms, left on +x: hips, arm_l, forearm_l, arm_r, forearm_r.
function arms(): BoneDesc[] {
  return [
    { name: 'hips', parent: -1, tip: [0, 0.3, 0] },
    { name: 'arm_l', parent: 0, restT: [0.2, 0.3, 0], tip: [0.3, 0, 0] },
    { name: 'forearm_l', parent: 1, restT: [0.3, 0, 0], tip: [0.25, 0, 0] },
    { name: 'arm_r', parent: 0, restT: [-0.2, 0.3, 0], tip: [-0.3, 0, 0] },
    { name: 'forearm_r', parent: 3, restT: [-0.3, 0, 0], tip: [-0.25, 0, 0] },
  ];
}
const PARTNER = [0, 3, 4, 1, 2];
// Every bone posed, each angle well inside ±π.
const POSE = [0.1, 0.2, 0.3, 0.3, -0.4, 0.5, -0.2, 0.1, -0.6, -0.5, 0.6, 0.7, 0.4, -0.3, 0.2];
const ROOT: [number, number, number] = [0.05, -0.1, 0.2];

/** The hand-derived mirror of `pose` with every bone taking its partner's (a, −b, −c). */
function flipped(pose: readonly number[]): number[] {
  return PARTNER.flatMap((p) => [pose[3 * p], -pose[3 * p + 1], -pose[3 * p + 2]]);
}

function expectPose(actual: ArrayLike<number>, expected: readonly number[]): void {
  expect(actual.length).toBe(expected.length);
  for (let i = 0; i < expected.length; i++) expect(actual[i], `angle ${i}`).toBeCloseTo(expected[i], 5);
}

describe('Rig.mirroring', () => {
  let module: KinModule;
  beforeAll(async () => {
    module = await loadKinModuleNode();
  });

  it('pairs the bones by name, one object for the rig', () => {
    const rig = Rig.create(module, arms());
    try {
      expect(rig.mirroring).toBe(rig.mirroring);
      expect(Array.from(rig.mirroring.partners())).toEqual(PARTNER);
      expect(Array.from(rig.mirrorPartners())).toEqual(PARTNER);
    } finally {
      rig.dispose();
    }
  });

  it('flips the pose and the root offset as derived by hand, and flipping twice restores them', () => {
    const rig = Rig.create(module, arms());
    try {
      rig.setPose(POSE, ROOT);
      rig.mirroring.mirror('flip');
      expectPose(rig.pose(), flipped(POSE));
      expectPose(rig.rootOffset, [-ROOT[0], ROOT[1], ROOT[2]]);
      rig.mirror('flip');
      expectPose(rig.pose(), POSE);
      expectPose(rig.rootOffset, ROOT);
    } finally {
      rig.dispose();
    }
  });

  it('copies one side onto the other as derived by hand, straightening the centre', () => {
    const rig = Rig.create(module, arms());
    try {
      rig.setPose(POSE, ROOT);
      rig.mirror('left-to-right');
      const mirrored = flipped(POSE);
      // Left bones keep theirs, right bones take the left ones' mirrored; the
      // hips turn about x alone (a rotation its own mirror image) and the root sits on x = 0.
      expectPose(rig.pose().subarray(3, 9), POSE.slice(3, 9));
      expectPose(rig.pose().subarray(9, 15), mirrored.slice(9, 15));
      const hips = rig.getAngles(0);
      expect(hips[1]).toBeCloseTo(0, 5);
      expect(hips[2]).toBeCloseTo(0, 5);
      expectPose(rig.rootOffset, [0, ROOT[1], ROOT[2]]);

      rig.setPose(POSE, ROOT);
      rig.mirroring.mirror('right-to-left');
      expectPose(rig.pose().subarray(3, 9), mirrored.slice(3, 9));
      expectPose(rig.pose().subarray(9, 15), POSE.slice(9, 15));
    } finally {
      rig.dispose();
    }
  });

  it('refuses bad input from JavaScript by name and keeps the pose', () => {
    const rig = Rig.create(module, arms());
    try {
      rig.setPose(POSE, ROOT);
      expect(() => rig.mirror('sideways' as never)).toThrow("Rig: unknown mirror mode 'sideways'; the modes are");
      expect(() => rig.mirroring.mirror(2 as never)).toThrow("Rig: unknown mirror mode '2'");
      expect(() => rig.setPose(POSE.map((v, i) => (i === 4 ? NaN : v)))).toThrow("pose angle 4 (bone 1 'arm_l') is not finite");
      expectPose(rig.pose(), POSE);
      // The handle itself, past the façade: codes out of range are the core's to refuse.
      const handle = new module.RigMirror(rig.address);
      try {
        expect(handle.mirror(3)).toBe(1);
        expect(handle.errorMessage()).toBe('mirror: mode 3 is not one of the 3 modes');
        expect(handle.mirror(-1)).toBe(1);
        expect(handle.errorMessage()).toBe('mirror: mode -1 is not one of the 3 modes');
      } finally {
        handle.delete();
      }
      expectPose(rig.pose(), POSE);
      expectPose(rig.rootOffset, ROOT);
    } finally {
      rig.dispose();
    }
  });

  it('names the bone of a rig that does not mirror', () => {
    const rig = Rig.create(module, arms().map((b) => (b.name === 'forearm_r' ? { ...b, name: 'hand_r' } : b)));
    try {
      rig.setPose(POSE, ROOT);
      expect(() => rig.mirroring.mirror('flip')).toThrow("Rig: mirror: bone 2 'forearm_l' is on the left but there is no bone 'forearm_r'");
      expect(() => rig.mirroring.partners()).toThrow("there is no bone 'forearm_r'");
      expectPose(rig.pose(), POSE);
    } finally {
      rig.dispose();
    }
  });

  it('a handle refuses a rig loaded again since it was made, and one made for no rig', () => {
    const rigHandle = new module.Rig();
    const mirror = (() => {
      expect(rigHandle.load(flattenRigDesc(arms()))).toBe(0);
      return new module.RigMirror(rigHandle.address());
    })();
    const orphan = new module.RigMirror(12345);
    try {
      expect(mirror.mirror(2)).toBe(0);
      expect(rigHandle.load(flattenRigDesc(arms()))).toBe(0);
      expect(mirror.mirror(2)).toBe(1);
      expect(mirror.errorMessage()).toContain('the bones were paired before the rig was loaded again');
      expect(mirror.partners()).toBeNull();
      expect(orphan.mirror(0)).toBe(1);
      expect(orphan.errorMessage()).toContain('no rig at address 12345');
      expect(orphan.partners()).toBeNull();
    } finally {
      orphan.delete();
      mirror.delete();
      rigHandle.delete();
    }
  });
});
