// The scene's characters in one GLB. A character alone is written as
// exportGlb writes it, in its own model space: the view draws the active
// character's model space, so a lone character's place on the floor is
// nothing the user sees, and the file stays the one the page has always
// written (and reopens as the same posable character).
//
// Several characters each get a root node of their own, named after the
// character and placed where it stands (translation x, 0, z; rotation
// heading about +Y, scene/character-transform.ts), holding the character's
// tree (character-export.ts): its posed joints, its meshes and one skin
// whose inverse binds stay in its model space. glTF skins a vertex by the
// joints' world matrices, so the root node's transform carries the whole
// character into the scene's space. Each character's clip becomes an
// animation of its own joints, named "<character>: <clip>".
//
// Joint names stay the rig's in every tree (unique within it): glTF allows
// the same name on several nodes and binds skins and animations by node
// index; Blender keeps bone names per armature, so two characters' 'hips'
// both come in as 'hips'; three.js's GLTFLoader renames the later ones
// ('hips_1') and names its animation tracks after the renamed nodes, so
// they still play on the right character.
import * as THREE from 'three';
import type { CharacterTransform } from '../scene/character-transform.js';
import { type CharacterTree, type ExportedCharacter, characterTree, exportGlb } from './character-export.js';
import { glbOf } from './pose-export.js';

/** A character of the scene as the export takes it. */
export interface SceneMember extends ExportedCharacter {
  /** The scene's name for it (its root node, skin and animation are named after it). */
  name: string;
  transform: CharacterTransform;
}

/** The glTF scene's name in a file of several characters. */
export const SCENE_NAME = 'kin-pose scene';

const UP = new THREE.Vector3(0, 1, 0);

/**
 * The characters as one GLB. Every clip is sampled before the first await,
 * so a caller that restores its rigs right after the call (clip-export.ts)
 * gets back what it showed.
 */
export async function exportSceneGlb(members: readonly SceneMember[]): Promise<ArrayBuffer> {
  if (members.length === 0) throw new Error('Export: the scene has no characters');
  if (members.length === 1) {
    const [{ rig, meshes, source, clip, props }] = members;
    return exportGlb(rig, meshes, source, clip, props);
  }
  const trees: CharacterTree[] = [];
  try {
    const scene = new THREE.Scene();
    scene.name = SCENE_NAME;
    for (const member of members) {
      const tree = characterTree(member, member.name, member.clip ? `${member.name}: ${member.clip.name}` : undefined);
      trees.push(tree);
      const root = new THREE.Object3D();
      root.name = member.name;
      root.position.set(member.transform.x, 0, member.transform.z);
      root.quaternion.setFromAxisAngle(UP, member.transform.heading);
      root.add(...tree.objects);
      scene.add(root);
    }
    const animations = trees.flatMap((tree) => (tree.animation ? [tree.animation] : []));
    return await glbOf(scene, trees.map((tree) => tree.plugin), animations);
  } finally {
    for (const tree of trees) tree.dispose();
  }
}
