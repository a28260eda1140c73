// Drop to floor on the default character: after a crouch lifted 30 cm, the
// lowest point of the skin — as the core's own CPU skinning (rig_skin.h)
// skins the mesh, not our JavaScript sum — lands on y = 0 within 0.1 mm, the
// angles untouched, in one undo step that puts the character back.
import { beforeAll, describe, expect, it } from 'vitest';
import { BUILT_IN_POSES } from '../../web/src/posing/built-in-poses.js';
import { type BindMesh, dropToFloor } from '../../web/src/posing/drop-to-floor.js';
import { applyLibraryPose } from '../../web/src/posing/pose-library.js';
import type { BoneDesc } from '../../web/src/rig/rig-desc.js';
import type { KinModule } from '../../web/src/wasm/generated/kin.js';
import { loadKinModuleNode } from '../../web/src/wasm/load-node.js';
import { defaultCharacterBones, defaultCharacterEditor, loadDefaultCharacter } from './default-character.js';

describe('Drop to floor', () => {
  let module: KinModule;
  let bones: BoneDesc[];
  let mesh: BindMesh;
  let normals: ArrayLike<number>;
  beforeAll(async () => {
    module = await loadKinModuleNode();
    bones = await defaultCharacterBones();
    const { geometry } = (await loadDefaultCharacter()).mesh;
    mesh = { positions: geometry.getAttribute('position').array, joints: geometry.getAttribute('skinIndex').array, weights: geometry.getAttribute('skinWeight').array, per: 4 };
    normals = geometry.getAttribute('normal').array;
  });

  it('puts the lowest point of the skin on the floor, as the core skins it, in one undo step', () => {
    const editor = defaultCharacterEditor(module, bones);
    const { rig } = editor.session;
    applyLibraryPose(editor, BUILT_IN_POSES.find((pose) => pose.name === 'Crouch')!);
    const [x, y, z] = rig.rootOffset;
    editor.setPose(rig.pose(), [x, y + 0.3, z]);
    const angles = Array.from(rig.pose());
    const depth = editor.undo.depths.undo;
    const moved = dropToFloor(editor, [mesh]);
    expect(editor.undo.depths.undo).toBe(depth + 1);
    expect(Array.from(rig.pose())).toEqual(angles);
    rig.skinning.setSkin(mesh.positions, normals, mesh.joints, mesh.weights);
    rig.skinning.skin('lbs');
    const skinned = rig.skinning.skinnedPositions();
    let lowest = Infinity;
    for (let v = 1; v < skinned.length; v += 3) lowest = Math.min(lowest, skinned[v]);
    expect(Math.abs(lowest)).toBeLessThan(1e-4);
    expect(moved).toBeLessThan(-0.25);
    editor.undo.undo();
    expect(rig.rootOffset[1]).toBeCloseTo(y + 0.3, 6);
    rig.dispose();
  });

  it('says so for a character with no mesh, changing nothing', () => {
    const editor = defaultCharacterEditor(module, bones);
    const depth = editor.undo.depths.undo;
    expect(() => dropToFloor(editor, [])).toThrow('kin: this character has no skinned mesh to drop onto the floor');
    expect(editor.undo.depths.undo).toBe(depth);
    editor.session.rig.dispose();
  });
});
