// The page's exports (pose-export.ts writes the files): a character as a
// skinned GLB that opens in the pose on screen, and the pose as JSON by bone
// name. The File menu downloads them; window.kin reads them without
// downloading. A scene of several characters goes into one GLB by
// scene-export.ts, each character's tree built here.
import * as THREE from 'three';
import type { GLTFExporterPlugin, GLTFWriter } from 'three/addons/exporters/GLTFExporter.js';
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

/** What a character's export is made of. */
export interface ExportedCharacter {
  rig: Rig;
  meshes: CharacterMeshes;
  source: CharacterSource;
  /** Written as a glTF animation of its joints when given. */
  clip?: ClipData;
  /** The props it holds, each written as a child node of its bone's joint node. */
  props?: readonly ExportedProp[];
}

/** A prop a character holds, for the export: its object, whose TRS is its offset in the bone's frame. */
export interface ExportedProp {
  bone: string;
  object: THREE.Object3D;
}

/** One character as three.js objects for GLTFExporter, with the plugin that writes its one skin. */
export interface CharacterTree {
  /** The joint roots and the meshes, to be put under the file's scene or the character's own root node. */
  objects: THREE.Object3D[];
  plugin: (writer: GLTFWriter) => GLTFExporterPlugin;
  /** The clip as tracks of these joints, or null without a clip. */
  animation: THREE.AnimationClip | null;
  /** Frees the geometries made for the export (the attributes stay the parts'). */
  dispose(): void;
}

/**
 * The character's tree: a joint node per rig bone (named and parented as
 * the rig's bones) holding the current pose, the inverse binds of the bind
 * pose, and every part the rig deforms in bind pose with its influences,
 * all sharing one skin named `skinName` (joint-nodes.ts says why the pose
 * goes in the joints). A glTF skin is linear blend: a view drawn with DQS
 * differs where joints twist. With a clip, its animation (named as the clip
 * unless `animationName` says otherwise) samples the rig now, before any
 * await (clip-animation.ts; the rig takes it as its clip and its pose is
 * put back, see clip-frames.ts).
 */
export function characterTree({ rig, meshes, clip, props = [] }: ExportedCharacter, skinName: string, animationName?: string): CharacterTree {
  const joints = posedJointNodes(rig);
  for (const prop of props) joints[rig.boneIndex(prop.bone)].add(prop.object);
  const animation = clip ? clipAnimation(rig, clip, joints) : null;
  if (animation && animationName !== undefined) animation.name = animationName;
  const skeleton = new THREE.Skeleton(joints, inverseBinds(rig));
  const [first, ...rest] = meshes.parts;
  const skinned = exportedSkinnedMesh(first, skeleton);
  // The other parts go to GLTFExporter as plain meshes that the plugin gives the one skin.
  const others = rest.map(exportedMesh);
  const roots = joints.filter((_, j) => rig.parents[j] < 0);
  return {
    objects: [...roots, skinned, ...others],
    plugin: sharedSkinPlugin({ skinned, others, name: skinName, oneRoot: roots.length === 1 }),
    animation,
    dispose: () => {
      for (const mesh of [skinned, ...others]) mesh.geometry.dispose();
    },
  };
}

/**
 * The character alone as one skinned GLB in its model space: the glTF
 * scene (named after its source) holds its joint roots and meshes, the
 * skin is named after the file's skin or the source.
 */
export async function exportGlb(rig: Rig, meshes: CharacterMeshes, source: CharacterSource, clip?: ClipData, props?: readonly ExportedProp[]): Promise<ArrayBuffer> {
  const name = characterName(source);
  const tree = characterTree({ rig, meshes, source, clip, props }, source.kind === 'gltf' ? source.skinName : name);
  try {
    const scene = new THREE.Scene();
    scene.name = name;
    scene.add(...tree.objects);
    return await glbOf(scene, [tree.plugin], tree.animation ? [tree.animation] : []);
  } finally {
    tree.dispose();
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
