// Goals for rigs the page did not make (web/src/posing/found-goals.ts, solver-goals.ts), on rigs
// imported from built glTF files into the real WASM module: sides from
// names, hands and feet by name or the deepest leaves, two-bone goals that
// pull the wrist (checked by solving: the wrist lands on the target),
// look-at axes that point forward and up in the bind pose.
import * as THREE from 'three';
import { beforeAll, describe, expect, it } from 'vitest';
import { foundGoalLayouts, sideOf } from '../../web/src/posing/found-goals.js';
import { PosingSession } from '../../web/src/posing/posing-session.js';
import { goalLayoutFor, goalsInPose } from '../../web/src/posing/solver-goals.js';
import { parseGltfModel } from '../../web/src/import/gltf-model.js';
import { importSkin } from '../../web/src/import/gltf-skin-import.js';
import { Rig } from '../../web/src/rig/rig.js';
import { rigFromSkinnedMesh } from '../../web/src/import/skinned-mesh-rig.js';
import type { KinModule } from '../../web/src/wasm/generated/kin.js';
import { loadKinModuleNode } from '../../web/src/wasm/load-node.js';
import { loadDefaultCharacter } from './default-character.js';
import type { GltfBuilder } from './gltf-builder.js';
import { armatureRig, influenceChain } from './gltf-fixtures.js';

/** Runs `body` on the rig of a built glTF file, and frees the rig. */
async function withRig(module: KinModule, builder: GltfBuilder, body: (rig: Rig) => void): Promise<void> {
  const model = await parseGltfModel(builder.glb(), { resourcePath: '', allowUri: () => 'no' });
  const rig = Rig.create(module, importSkin(model).rig.bones);
  try {
    body(rig);
  } finally {
    rig.dispose();
  }
}

function origin(rig: Rig, name: string): [number, number, number] {
  const m = rig.modelMatrices();
  const i = 16 * rig.boneIndex(name);
  return [m[i + 12], m[i + 13], m[i + 14]];
}

describe('goals for a glTF rig', () => {
  let module: KinModule;
  beforeAll(async () => {
    module = await loadKinModuleNode();
  });

  it('tells left from right by a name part', () => {
    const cases: [string, string][] = [
      ['hand_l', 'left'], ['HandL', 'left'], ['mixamorig:LeftHand', 'left'], ['Bip01 L Hand', 'left'], ['l_wrist', 'left'],
      ['RightFoot', 'right'], ['foot.R', 'right'], ['ForeArmR', 'right'], ['ankle_r', 'right'],
      ['hand', 'none'], ['Lower', 'none'], ['Roll', 'none'], ['LR', 'none'], ['left_right', 'none'],
    ];
    for (const [name, side] of cases) expect(sideOf(name), name).toBe(side);
  });

  it('the default character keeps its own layouts', async () => {
    const { mesh } = await loadDefaultCharacter();
    const rig = Rig.create(module, rigFromSkinnedMesh(mesh).bones);
    try {
      expect(foundGoalLayouts(rig)).toBe(goalLayoutFor);
    } finally {
      rig.dispose();
    }
  });

  it('hands and feet by name; two-bone on the bones above, pulling the wrist and ankle; look-at on the head', async () => {
    await withRig(module, armatureRig(), (rig) => {
      const layouts = foundGoalLayouts(rig);
      expect(layouts('dls').goals.map((g) => [g.bone, g.color])).toEqual([['HandL', 0xff8a3d], ['FootR', 0x3b7bd9], ['Hips', 0xe8e2d0]]);
      // It stands on a named foot: the foot pinned, the root bone a root target.
      expect(layouts('dls').goals.map((g) => [g.pinned === true, g.movesRoot === true])).toEqual([[false, false], [true, false], [false, true]]);
      expect(layouts('ccd')).toBe(layouts('dls'));
      const twoBone = layouts('two-bone');
      expect(twoBone.goals.map((g) => g.bone)).toEqual(['ForeArmL', 'ShinR']);
      // Its goals start on the wrist and the ankle: the origins of the hand and the foot.
      const placed = goalsInPose(rig, twoBone);
      for (const [k, end] of ['HandL', 'FootR'].entries()) {
        placed[k].target.forEach((x, c) => expect(x).toBeCloseTo(origin(rig, end)[c], 6));
      }
      // The head's aim axis points along +Z and its up axis along +Y in the bind pose.
      const lookAt = layouts('look-at');
      expect(lookAt.goals.map((g) => g.bone)).toEqual(['Head']);
      const bind = new THREE.Matrix4().fromArray(rig.bindMatrices(), 16 * rig.boneIndex('Head'));
      const aim = new THREE.Vector3(...(lookAt.options.aimAxis as number[])).transformDirection(bind);
      const up = new THREE.Vector3(...(lookAt.options.upAxis as number[])).transformDirection(bind);
      expect(aim.distanceTo(new THREE.Vector3(0, 0, 1))).toBeLessThan(1e-6);
      expect(up.distanceTo(new THREE.Vector3(0, 1, 0))).toBeLessThan(1e-6);
    });
  });

  it('two-bone puts the wrist on a reachable target', async () => {
    await withRig(module, armatureRig(), (rig) => {
      const session = new PosingSession(rig, foundGoalLayouts(rig));
      session.useSolver('two-bone', {});
      const shoulder = origin(rig, 'UpperArmL');
      const wrist = origin(rig, 'HandL');
      const target = [0, 1, 2].map((k) => shoulder[k] + 0.7 * (wrist[k] - shoulder[k]) + (k === 1 ? 0.1 : 0)) as [number, number, number];
      session.placeTarget(0, target);
      const solve = session.solve();
      expect(solve.status).toBe('converged');
      origin(rig, 'HandL').forEach((x, c) => expect(x).toBeCloseTo(target[c], 5));
    });
  });

  it('without hands or feet, the deepest leaf; look-at falls back to the highest bone', async () => {
    await withRig(module, influenceChain(), (rig) => {
      const layouts = foundGoalLayouts(rig);
      expect(layouts('fabrik').goals.map((g) => g.bone)).toEqual(['seg7']);
      expect(layouts('two-bone').goals.map((g) => g.bone)).toEqual(['seg6']);
      expect(layouts('look-at').goals.map((g) => g.bone)).toEqual(['seg7']);
    });
  });
});
