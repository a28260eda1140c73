// The default character's hands at a full fist, skinned by the core on the CPU
// with LBS and with DQS: the left hand's piece (a closed surface of its own)
// keeps its volume — within 8 % of the open hand's with LBS (measured 5 %:
// linear blending shrinks a bent joint a little), within 2 % with DQS
// (measured 0.3 %) — the fingers bend without collapsing or swelling.
import { beforeAll, describe, expect, it } from 'vitest';
import { enclosedVolume } from '../../web/src/candy/mesh-volume.js';
import { withHandPreset, handPreset } from '../../web/src/posing/hand-poses.js';
import { Rig } from '../../web/src/rig/rig.js';
import { loadKinModuleNode } from '../../web/src/wasm/load-node.js';
import { defaultCharacterBones, loadDefaultCharacter } from './default-character.js';

describe('a full fist, skinned', () => {
  let rig: Rig;
  let triangles: number[];
  let handVertex: (v: number) => boolean;
  beforeAll(async () => {
    rig = Rig.create(await loadKinModuleNode(), await defaultCharacterBones());
    const { geometry } = (await loadDefaultCharacter()).mesh;
    const position = geometry.getAttribute('position');
    rig.skinning.setSkin(position.array, geometry.getAttribute('normal').array, geometry.getAttribute('skinIndex').array, geometry.getAttribute('skinWeight').array);
    // The left hand's piece: the connected piece of the mesh that lies wholly past x = 0.6.
    const index = geometry.getIndex()!.array;
    const root = Array.from({ length: position.count }, (_, v) => v);
    const find = (v: number): number => {
      while (root[v] !== v) v = root[v] = root[root[v]];
      return v;
    };
    for (let t = 0; t < index.length; t += 3) {
      root[find(index[t + 1])] = find(index[t]);
      root[find(index[t + 2])] = find(index[t]);
    }
    const lowestX = new Map<number, number>();
    for (let v = 0; v < position.count; v++) lowestX.set(find(v), Math.min(lowestX.get(find(v)) ?? Infinity, position.getX(v)));
    const hand = [...lowestX].filter(([, x]) => x > 0.6).map(([piece]) => piece);
    expect(hand).toHaveLength(1);
    handVertex = (v) => find(v) === hand[0];
    triangles = [];
    for (let t = 0; t < index.length; t += 3) if (handVertex(index[t])) triangles.push(index[t], index[t + 1], index[t + 2]);
  });

  /** The hand piece's enclosed volume, skinned with `method`. */
  const volume = (method: 'lbs' | 'dqs') => {
    rig.skinning.skin(method);
    return enclosedVolume(rig.skinning.skinnedPositions(), triangles);
  };

  for (const [method, bound] of [['lbs', 0.08], ['dqs', 0.02]] as const) {
    it(`${method}: the fist keeps the open hand's volume within ${bound * 100} %`, () => {
      rig.setPose(new Float32Array(3 * rig.boneCount));
      const open = volume(method);
      rig.setPose(withHandPreset(rig, new Float32Array(3 * rig.boneCount), handPreset('fist'), 'both'));
      const fist = volume(method);
      // An adult hand is about 400 cm³.
      expect(open).toBeGreaterThan(2e-4);
      expect(open).toBeLessThan(8e-4);
      console.log(`${method}: open hand ${(open * 1e6).toFixed(0)} cm³, fist ${(fist * 1e6).toFixed(0)} cm³`);
      expect(Math.abs(fist / open - 1)).toBeLessThan(bound);
    });
  }
});
