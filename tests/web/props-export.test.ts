// Export GLB with a prop held: the page's export (app/clip-export.ts, with
// the props as export/prop-nodes.ts makes them from the drawn meshes) writes
// a box held by the right hand as a child node of the hand's joint node,
// its TRS the offset; three.js's GLTFLoader reading the file back finds the
// node under 'hand_r', with the box's mesh (its 24 vertices), drawn where
// the page draws the box (within float precision); a hidden prop stays out.
import './file-reader-shim.js';
import * as THREE from 'three';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { describe, expect, it } from 'vitest';
import { TimelineModel } from '../../web/src/animation/timeline-model.js';
import { glbWithClip } from '../../web/src/app/clip-export.js';
import { propNodes } from '../../web/src/export/prop-nodes.js';
import { rigFromSkinnedMesh } from '../../web/src/import/skinned-mesh-rig.js';
import { CharacterMeshes } from '../../web/src/three/character-meshes.js';
import { PropMeshes } from '../../web/src/app/prop-meshes.js';
import { loadKinModuleNode } from '../../web/src/wasm/load-node.js';
import { defaultCharacterEditor, loadDefaultCharacter } from './default-character.js';

describe('Export GLB with props', () => {
  it('writes a held box under the hand’s joint node, where the page draws it; a hidden one not at all', async () => {
    const module = await loadKinModuleNode();
    const { mesh } = await loadDefaultCharacter();
    const { bones, jointToBone } = rigFromSkinnedMesh(mesh);
    const editor = defaultCharacterEditor(module, bones);
    editor.setBoneAngles(editor.session.rig.boneIndex('forearm_r'), 0.5, -0.3, 0.2);
    const { props } = editor.scene;
    const box = props.add({ kind: 'box', name: 'Held box', transform: { position: [-0.7, 1.3, 0.2], rotation: [0.2, 0.5, -0.1], scale: [0.5, 2, 0.5] } });
    const hidden = props.add({ kind: 'sphere', name: 'Hidden ball', transform: { position: [0.7, 1.3, 0.2], rotation: [0, 0, 0], scale: [1, 1, 1] } });
    props.attach(box.id, { character: editor.active.id, bone: 'hand_r' });
    props.attach(hidden.id, { character: editor.active.id, bone: 'hand_l' });
    props.setFlags(hidden.id, { hidden: true });
    const drawn = new PropMeshes(editor, new THREE.Group(), () => {}, (message) => {
      throw new Error(message);
    });
    const meshes = new CharacterMeshes([{ mesh, material: 'page-look' }], jointToBone);
    const { data } = await glbWithClip(editor, new TimelineModel(editor), () => meshes, (id) => propNodes(props, id, (p) => drawn.objectOf(p)));

    const gltf = await new GLTFLoader().parseAsync(data, '');
    gltf.scene.updateMatrixWorld(true);
    const node = gltf.scene.getObjectByName('Held_box')!;
    expect(node.parent?.name).toBe('hand_r');
    expect(gltf.scene.getObjectByName('Hidden_ball')).toBeUndefined();
    const offset = box.attachment!.offset;
    expect(node.position.toArray().map((v, i) => Math.abs(v - offset.position[i]))).toSatisfy((d: number[]) => d.every((x) => x < 1e-6));
    expect(node.scale.toArray().map((v, i) => Math.abs(v - offset.scale[i]))).toSatisfy((d: number[]) => d.every((x) => x < 1e-6));
    let vertices = 0;
    node.traverse((o) => {
      if ((o as THREE.Mesh).isMesh) vertices += (o as THREE.Mesh).geometry.getAttribute('position').count;
    });
    expect(vertices).toBe(24);
    // A lone character is written in its own model space; it stands at the centre here, so the file's world is the page's.
    const page = props.worldMatrix(box, new Float64Array(16));
    expect(Math.max(...node.matrixWorld.elements.map((v, k) => Math.abs(v - page[k])))).toBeLessThan(1e-5);
    drawn.dispose();
    editor.dispose();
  });
});
