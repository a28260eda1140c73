// The page's exports (pose-export.ts writes the files): the character as a
// skinned GLB that opens in the pose on screen, and the pose as JSON by bone
// name. The File menu downloads them; window.kin reads them without
// downloading.
import * as THREE from 'three';
import type { ClipData } from '../animation/clip.js';
import type { CharacterSource } from '../posing/character-source.js';
import type { Rig } from '../rig/rig.js';
import type { CharacterMeshes } from '../three/character-meshes.js';
import { clipAnimation } from './clip-animation.js';
import { inverseBinds, posedJointNodes } from './joint-nodes.js';
import { type PoseJson, glbOf, poseJson } from './pose-export.js';
import { sharedSkinPlugin } from './shared-skin-plugin.js';
import { exportedMesh, exportedSkinnedMesh } from './skinned-part.js';

/** 'default', 'lesson:<id>', or the file name of the user's model on screen. */
export function characterName(source: CharacterSource): string {
  return source.kind === 'gltf' ? source.name : source.kind === 'lesson' ? `lesson:${source.id}` : 'default';
}

/**
 * The character as one skinned GLB: a joint node per rig bone (named and
 * parented as the rig's bones) holding the current pose, the inverse binds
 * of the bind pose, and every part the rig deforms in bind pose with its
 * influences, all sharing one skin (joint-nodes.ts says why the pose goes
 * in the joints). A glTF skin is linear blend: a view drawn with DQS differs
 * where joints twist. With a clip, the file also holds it as a glTF
 * animation of the joint nodes (clip-animation.ts; the rig takes it as its
 * clip and its pose is put back, see clip-frames.ts).
 */
export async function exportGlb(rig: Rig, character: CharacterMeshes, source: CharacterSource, clip?: ClipData): Promise<ArrayBuffer> {
  const joints = posedJointNodes(rig);
  const animations = clip ? [clipAnimation(rig, clip, joints)] : [];
  const skeleton = new THREE.Skeleton(joints, inverseBinds(rig));
  const [first, ...rest] = character.parts;
  const skinned = exportedSkinnedMesh(first, skeleton);
  // The other parts go to GLTFExporter as plain meshes that the plugin gives the one skin.
  const others = rest.map(exportedMesh);
  const scene = new THREE.Scene();
  scene.name = characterName(source);
  const roots = joints.filter((_, j) => rig.parents[j] < 0);
  scene.add(...roots, skinned, ...others);
  try {
    const skinName = source.kind === 'gltf' ? source.skinName : scene.name;
    return await glbOf(scene, [sharedSkinPlugin({ skinned, others, name: skinName, oneRoot: roots.length === 1 })], animations);
  } finally {
    for (const mesh of [skinned, ...others]) mesh.geometry.dispose();
  }
}

/**
 * A download's file name, after the character: 'kin-character', 'kin-lesson-<id>', or a
 * loaded model's name without its extension; then `suffix` ('-posed.glb', '-pose.json', '.bvh').
 */
export function exportFileName(source: CharacterSource, suffix: string): string {
  const base = source.kind === 'gltf' ? source.name.replace(/\.(glb|gltf|bvh)$/i, '') : source.kind === 'lesson' ? `kin-lesson-${source.id}` : 'kin-character';
  return `${base.replace(/[\\/:*?"<>|]/g, '_')}${suffix}`;
}

export function exportedPose(rig: Rig, source: CharacterSource): PoseJson {
  return poseJson(rig, characterName(source));
}
