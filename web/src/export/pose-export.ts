// The export files: the pose as JSON (angles by bone name, so that any rig
// with those bones can take it), and three.js objects as a GLB, written by
// three.js's GLTFExporter (character-export.ts builds the skinned character).
import type * as THREE from 'three';
import { GLTFExporter, type GLTFExporterPlugin, type GLTFWriter } from 'three/addons/exporters/GLTFExporter.js';
import type { Rig } from '../rig/rig.js';
import type { EulerOrder, Vec3Tuple } from '../rig/rig-desc.js';

export interface PoseJson {
  format: 'kin-pose';
  version: 1;
  /** Which character the pose is for (the file name of a user's model). */
  character: string;
  /** Root offset, model space, metres. */
  rootOffset: Vec3Tuple;
  /** Per bone in rig order: its Euler order and angles in radians (slot 0 first). */
  bones: { name: string; order: EulerOrder; angles: Vec3Tuple }[];
}

export function poseJson(rig: Rig, character: string): PoseJson {
  const pose = rig.pose();
  return {
    format: 'kin-pose',
    version: 1,
    character,
    rootOffset: rig.rootOffset,
    bones: rig.boneNames.map((name, j) => ({ name, order: rig.orders[j], angles: [pose[3 * j], pose[3 * j + 1], pose[3 * j + 2]] })),
  };
}

/** The object as a binary glTF, nodes as translation, rotation and scale (what animation tools expect of joints), with its animations. */
export async function glbOf(object: THREE.Object3D, plugins: readonly ((writer: GLTFWriter) => GLTFExporterPlugin)[], animations: THREE.AnimationClip[] = []): Promise<ArrayBuffer> {
  const exporter = new GLTFExporter();
  for (const plugin of plugins) exporter.register(plugin);
  const result = await exporter.parseAsync(object, { binary: true, trs: true, animations });
  if (!(result instanceof ArrayBuffer)) throw new Error('Export: GLTFExporter did not return a GLB');
  return result;
}
