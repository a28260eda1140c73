// The character the batch tool retargets onto: a .glb or .gltf read once
// per worker. Its packed document (import/gltf-pack.ts) keeps everything the
// file holds — meshes, materials, textures byte for byte — for the output
// files; its one skin becomes the rig as the page builds it
// (import/exported-pose.ts), with the glTF node index of each rig bone so
// that the output's animation can name its nodes.
import { readFileSync } from 'node:fs';
import { posedSkinRig } from '../../web/src/import/exported-pose.js';
import { parsePackedGltf } from '../../web/src/import/gltf-model.js';
import type { PackedGltf } from '../../web/src/import/gltf-pack.js';
import { chooseSkin } from '../../web/src/import/gltf-skin-import.js';
import { type SkinnedMeshRig, rigFromSkeleton } from '../../web/src/import/skinned-mesh-rig.js';
import type { Rig } from '../../web/src/rig/rig.js';
import type { KinModule } from '../../web/src/wasm/generated/kin.js';
import { packGltfFile } from './gltf-file.js';

export interface TargetCharacter {
  /** The file's name without its folder and extension. */
  name: string;
  packed: PackedGltf;
  desc: SkinnedMeshRig;
  /** Owned by the caller: dispose() it. */
  rig: Rig;
  /** Per rig bone: the glTF node it was made from. */
  nodeIndices: number[];
}

/** Reads the character at `path`; throws naming the problem. */
export async function readTargetCharacter(module: KinModule, path: string): Promise<TargetCharacter> {
  const packed = packGltfFile(path, readFileSync(path));
  const model = await parsePackedGltf(packed);
  const skin = chooseSkin(model);
  const { rig, desc } = posedSkinRig(module, skin.skeleton, rigFromSkeleton(skin.skeleton));
  const nodeIndices = desc.nodes.map((node) => {
    const index = model.gltf.parser.associations.get(node)?.nodes;
    if (index === undefined) {
      rig.dispose();
      throw new Error(`the node of bone '${node.name}' is not one of the file's nodes`);
    }
    return index;
  });
  return { name: path.replace(/^.*[\\/]/, '').replace(/\.(glb|gltf)$/i, ''), packed, desc, rig, nodeIndices };
}
