// Capsule weights through the module (Rig.capsuleWeights): the skin's joints
// and weights are recomputed in place by the core's rule, and bad radii are
// refused by name, leaving the skin as it was.
import { beforeAll, describe, expect, it } from 'vitest';
import { Rig } from '../../web/src/rig/rig.js';
import type { KinModule } from '../../web/src/wasm/generated/kin.js';
import { loadKinModuleNode } from '../../web/src/wasm/load-node.js';

describe('Rig.capsuleWeights', () => {
  let module: KinModule;
  let rig: Rig;
  beforeAll(async () => {
    module = await loadKinModuleNode();
    // Two parallel bones along +X, 1 long, at y = 0 and y = 0.75.
    rig = Rig.create(module, [
      { name: 'a', parent: -1, tip: [1, 0, 0] },
      { name: 'b', parent: -1, restT: [0, 0.75, 0], tip: [1, 0, 0] },
    ]);
    // One vertex, 0.25 from bone a and 0.5 from bone b, weighted to a alone.
    rig.skinning.setSkin([0.5, 0.25, 0], [], [0, 0, 0, 0], [1, 0, 0, 0]);
    return () => rig.dispose();
  });

  it('weighs a vertex between two bones by (r − d) / r, normalised', () => {
    // Radii 1: w_a = 0.75, w_b = 0.5; 0.75/1.25 and 0.5/1.25.
    const { joints, weights } = rig.skinning.capsuleWeights([1, 1]);
    expect(Array.from(joints)).toEqual([0, 1, 0, 0]);
    expect(weights[0]).toBeCloseTo(0.6, 6);
    expect(weights[1]).toBeCloseTo(0.4, 6);
    expect(Array.from(weights.subarray(2))).toEqual([0, 0]);
  });

  it.each([
    ['a zero radius', [1, 0], /^Rig: capsule weights: radius 0 of bone 1 must be finite and > 0$/],
    ['a NaN radius', [NaN, 1], /^Rig: capsule weights: radius nan of bone 0 must be finite and > 0$/],
    ['one radius for two bones', [1], /^Rig: capsule weights: 1 radii for 2 bones \(one per bone\)$/],
  ])('refuses %s and keeps the weights', (_, radii, message) => {
    // Radius 2 for a: w_a = 1.75 / 2, w_b = 0.5; the view shows the skin's own weights.
    const weights = rig.skinning.capsuleWeights([2, 1]).weights;
    const before = Array.from(weights);
    expect(before[0]).toBeCloseTo(0.875 / 1.375, 6);
    expect(() => rig.skinning.capsuleWeights(radii)).toThrow(message);
    expect(Array.from(weights)).toEqual(before);
  });

  it('needs a skin', () => {
    const bare = Rig.create(module, [{ name: 'a', parent: -1, tip: [1, 0, 0] }]);
    try {
      expect(() => bare.skinning.capsuleWeights([1])).toThrow(/^Rig: capsule weights: the rig has no skin \(setSkin first\)$/);
    } finally {
      bare.dispose();
    }
  });
});
