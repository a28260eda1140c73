// The two seed conventions through the module's presets (convention-rigs.ts),
// loaded as rigs: bind tips, joint frames and the turns of the Euler slots
// against hand-derived values; bad bones give errors naming bone and field.
import { beforeAll, describe, expect, it } from 'vitest';
import { type AxesFromBoneDesc, type CanonicalBoneDesc, axesFromBoneRig, canonicalBoneRig } from '../../web/src/rig/convention-rigs.js';
import { Rig } from '../../web/src/rig/rig.js';
import type { KinModule } from '../../web/src/wasm/generated/kin.js';
import { loadKinModuleNode } from '../../web/src/wasm/load-node.js';

type Vec3 = [number, number, number];

/** q · v for q = x y z w (v + 2w(u×v) + 2u×(u×v), u the vector part). */
function rotate(q: readonly number[], v: Vec3): Vec3 {
  const [x, y, z, w] = q;
  const c: Vec3 = [y * v[2] - z * v[1], z * v[0] - x * v[2], x * v[1] - y * v[0]];
  const cc: Vec3 = [y * c[2] - z * c[1], z * c[0] - x * c[2], x * c[1] - y * c[0]];
  return [v[0] + 2 * (w * c[0] + cc[0]), v[1] + 2 * (w * c[1] + cc[1]), v[2] + 2 * (w * c[2] + cc[2])];
}

function expectNear(actual: ArrayLike<number>, expected: readonly number[], digits = 5): void {
  expect(actual.length).toBe(expected.length);
  expected.forEach((e, k) => expect(actual[k], `component ${k}`).toBeCloseTo(e, digits));
}

function tip(rig: Rig, bone: number): number[] {
  return Array.from(rig.boneTips().subarray(3 * bone, 3 * bone + 3));
}

// A root at base (1,0,0) up +Y, a rolled bone up +Y, then a bone along +Z.
function arm(): AxesFromBoneDesc[] {
  return [
    { name: 'upper', parent: -1, extent: [0, 1, 0], roll: 0, base: [1, 0, 0] },
    { name: 'lower', parent: 0, extent: [0, 1, 0], roll: Math.PI / 2 },
    { name: 'hand', parent: 1, extent: [0, 0, 2], roll: 0 },
  ];
}

// A bone of length 2 at (1,2,3) turned 90° about +Z (its +X points along
// model +Y), and a child of length 1 at its tip with no rest rotation.
const S = Math.SQRT1_2;
function limb(): CanonicalBoneDesc[] {
  return [
    { name: 'thigh', parent: -1, restT: [1, 2, 3], restQ: [0, 0, S, S], length: 2 },
    { name: 'shin', parent: 0, restT: [2, 0, 0], restQ: [0, 0, 0, 1], length: 1 },
  ];
}

describe('convention rigs', () => {
  let module: KinModule;
  beforeAll(async () => {
    module = await loadKinModuleNode();
  });

  describe('axes from the bone', () => {
    it('puts bind tips at base + the cumulative extents, and the base offset is the root offset', () => {
      const rig = Rig.create(module, axesFromBoneRig(module, arm()));
      try {
        // (1,0,0) + (0,1,0); + (0,1,0); + (0,0,2).
        expectNear(tip(rig, 0), [1, 1, 0]);
        expectNear(tip(rig, 1), [1, 2, 0]);
        expectNear(tip(rig, 2), [1, 2, 2]);
        rig.setRootOffset(0, 0, 5);
        expectNear(tip(rig, 2), [1, 2, 7]);
        expect(rig.orders).toEqual(['XYZ', 'XYZ', 'XYZ']);
      } finally {
        rig.dispose();
      }
    });

    it('gives the rolled bone the joint frame x_b, y_b, z_b of DESIGN.md', () => {
      const rig = Rig.create(module, axesFromBoneRig(module, arm()));
      try {
        // 'lower': y_b = normalize(0,1,0) = +Y. +X made perpendicular to +Y
        // is +X. Rolled by π/2 about y_b: cos·x + sin·(y × x) = Y × X = −Z,
        // so x_b = (0,0,−1); z_b = x_b × y_b = (−Z) × Y = +X.
        const frame = rig.frame(1);
        expectNear(rotate(frame, [1, 0, 0]), [0, 0, -1]);
        expectNear(rotate(frame, [0, 1, 0]), [0, 1, 0]);
        expectNear(rotate(frame, [0, 0, 1]), [1, 0, 0]);
      } finally {
        rig.dispose();
      }
    });

    it('turns the children about x_b when slot 0 turns', () => {
      const rig = Rig.create(module, axesFromBoneRig(module, arm()));
      try {
        // 'lower' turns about x_b = −Z through its origin (1,1,0): a turn by
        // θ about −Z takes (x, y, z) to (x cos θ + y sin θ, −x sin θ + y cos θ, z).
        // Its tip, (0,1,0) from the origin, goes to (sin θ, cos θ, 0); the
        // hand's tip, (0,1,2) from it, to (sin θ, cos θ, 2).
        const theta = 0.3;
        rig.setAngles(1, theta, 0, 0);
        const [s, c] = [Math.sin(theta), Math.cos(theta)];
        expectNear(tip(rig, 0), [1, 1, 0]);
        expectNear(tip(rig, 1), [1 + s, 1 + c, 0]);
        expectNear(tip(rig, 2), [1 + s, 1 + c, 2]);
      } finally {
        rig.dispose();
      }
    });
  });

  describe('canonical bones', () => {
    it('puts the tip at restT + restQ · (L, 0, 0)', () => {
      const rig = Rig.create(module, canonicalBoneRig(module, limb()));
      try {
        // restQ turns +X to +Y: (1,2,3) + (0,2,0); the shin, along the thigh: + (0,1,0).
        expectNear(tip(rig, 0), [1, 4, 3]);
        expectNear(tip(rig, 1), [1, 5, 3]);
        expect(rig.orders).toEqual(['XZX', 'XZX']);
      } finally {
        rig.dispose();
      }
    });

    it('takes a zero-length root that only places the chain, and solves through it', () => {
      // A root at (0,1,0) with no length, the thigh and shin of limb() under it.
      const [thigh, shin] = limb();
      const bones: CanonicalBoneDesc[] = [
        { name: 'root', parent: -1, restT: [0, 1, 0], restQ: [0, 0, 0, 1], length: 0 },
        { ...thigh, parent: 0 },
        { ...shin, parent: 1 },
      ];
      const rig = Rig.create(module, canonicalBoneRig(module, bones));
      try {
        expectNear(tip(rig, 0), [0, 1, 0]);
        expectNear(tip(rig, 2), [1, 6, 3]);
        // A reachable target for the shin's tip (within the chain's 3 m of the thigh's origin at (1,3,3)).
        rig.setGoals([{ bone: 2, target: [2.5, 4.5, 3] }]);
        const report = rig.solve();
        expect(report.status).toBe('converged');
        expectNear(tip(rig, 2), [2.5, 4.5, 3], 3);
      } finally {
        rig.dispose();
      }
    });

    it('twists, bends and twists: E = Rx(slot 2) · Rz(slot 1) · Rx(slot 0)', () => {
      const rig = Rig.create(module, canonicalBoneRig(module, limb()));
      try {
        // The shin's frame in the model: its x is the thigh's +Y, its y is
        // −X, its z is +Z. E applied to the tip (1,0,0): Rx(a) keeps it,
        // Rz(b) gives (cos b, sin b, 0), Rx(c) gives (cos b, sin b cos c,
        // sin b sin c); in the model: (−sin b cos c, cos b, sin b sin c).
        const [a, b, c] = [0.4, 0.5, 0.7];
        rig.setAngles(1, a, b, c);
        expectNear(tip(rig, 1), [1 - Math.sin(b) * Math.cos(c), 4 + Math.cos(b), 3 + Math.sin(b) * Math.sin(c)]);
        // The first twist alone turns the bone about its own axis: the tip
        // stays and the bone's y axis, −X at rest, goes to cos a·(−X) + sin a·(+Z).
        rig.setAngles(1, a, 0, 0);
        expectNear(tip(rig, 1), [1, 5, 3]);
        const model = rig.modelMatrices();
        expectNear(model.subarray(16 + 4, 16 + 7), [-Math.cos(a), 0, Math.sin(a)]);
      } finally {
        rig.dispose();
      }
    });
  });

  it.each([
    ['a NaN extent', () => axesFromBoneRig(module, [{ ...arm()[0], extent: [0, NaN, 0] }]), /^Rig: bone 0 'upper': extent is not finite$/],
    ['a NaN roll', () => axesFromBoneRig(module, arm().map((b, i) => (i === 2 ? { ...b, roll: NaN } : b))), /^Rig: bone 2 'hand': roll is not finite$/],
    ['a parent after the bone', () => axesFromBoneRig(module, arm().map((b, i) => (i === 1 ? { ...b, parent: 2 } : b))), /^Rig: bone 1 'lower': parent 2 must be -1 or a bone before it/],
    ['a fractional parent', () => axesFromBoneRig(module, arm().map((b, i) => (i === 1 ? { ...b, parent: 0.5 } : b))), /^Rig: bone 1 'lower': parent 0.5 is not a bone index$/],
    ['a short extent', () => axesFromBoneRig(module, [{ ...arm()[0], extent: [0, 1] as unknown as Vec3 }]), /^Rig: bone 0 'upper': extent must be 3 numbers$/],
    ['a missing roll', () => axesFromBoneRig(module, [{ name: 'a', parent: -1, extent: [0, 1, 0] } as unknown as AxesFromBoneDesc]), /^Rig: bone 0 'a': roll must be a number$/],
    ['a bone without a name', () => axesFromBoneRig(module, [{ parent: -1, extent: [0, 1, 0], roll: 0 } as unknown as AxesFromBoneDesc]), /^Rig: bone 0: name must be a string$/],
    ['min above max', () => axesFromBoneRig(module, [{ ...arm()[0], min: [1, 0, 0], max: [0, 0, 0] }]), /^Rig: bone 0 'upper': limit min 1 > max 0 on slot 0$/],
    ['a restQ of 3 numbers', () => canonicalBoneRig(module, [{ ...limb()[0], restQ: [0, 0, 1] as unknown as [number, number, number, number] }]), /^Rig: bone 0 'thigh': restQ must be 4 numbers$/],
    ['a non-unit restQ', () => canonicalBoneRig(module, [{ ...limb()[0], restQ: [0, 0, 0, 2] }]), /^Rig: bone 0 'thigh': rest rotation is not a finite unit quaternion/],
    ['a negative length', () => canonicalBoneRig(module, [{ ...limb()[0], length: -0.5 }]), /^Rig: bone 0 'thigh': length -0.5 must be finite and >= 0$/],
    ['a NaN length', () => canonicalBoneRig(module, [{ ...limb()[0], length: NaN }]), /^Rig: bone 0 'thigh': length nan must be finite and >= 0$/],
    ['a NaN restT', () => canonicalBoneRig(module, [{ ...limb()[0], restT: [NaN, 0, 0] }]), /^Rig: bone 0 'thigh': rest translation is not finite$/],
    ['a 3 MB name', () => canonicalBoneRig(module, [{ ...limb()[0], name: 't'.repeat(3 << 20) }]), /^Rig: bone 0: its name is 3145728 bytes long, more than the 128 a bone name may have \(it starts 't{24}…'\)$/],
    ['no bones', () => canonicalBoneRig(module, []), /^Rig: skeleton: no bones$/],
    ['not an array', () => canonicalBoneRig(module, 7 as unknown as CanonicalBoneDesc[]), /^Rig: bones must be an array of bone objects$/],
  ])('refuses %s, naming the bone and the field', (_, build, message) => {
    expect(build).toThrow(message);
  });
});
