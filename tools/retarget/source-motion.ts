// A motion file for the batch tool as a rig and its clips: a BVH file (its
// skeleton and motion, import/bvh/) or a glTF/GLB file's skin and every
// animation that moves it (import/gltf-animation.ts), read in Node through
// the packed document (import/gltf-pack.ts), by the page's parseGltfModel, so that a
// textured file reads too. Each problem throws naming it; the caller adds
// the file's name.
import type { ClipData } from '../../web/src/animation/clip.js';
import { parseBvh } from '../../web/src/import/bvh/bvh-parse.js';
import { bvhRig } from '../../web/src/import/bvh/bvh-rig.js';
import { posedSkinRig } from '../../web/src/import/exported-pose.js';
import { gltfClips } from '../../web/src/import/gltf-animation.js';
import { parsePackedGltf } from '../../web/src/import/gltf-model.js';
import type { PackedGltf } from '../../web/src/import/gltf-pack.js';
import { chooseSkin } from '../../web/src/import/gltf-skin-import.js';
import { rigFromSkeleton } from '../../web/src/import/skinned-mesh-rig.js';
import { Rig } from '../../web/src/rig/rig.js';
import type { BoneDesc } from '../../web/src/rig/rig-desc.js';
import { errorMessage } from '../../web/src/text/error-message.js';
import type { KinModule } from '../../web/src/wasm/generated/kin.js';
import { packGltfFile } from './gltf-file.js';

export interface SourceMotion {
  /** Owned by the caller: dispose() it. */
  rig: Rig;
  /** At least one. */
  clips: ClipData[];
  /** What of the file is not used (tracks of other nodes, animations that move nothing). */
  warnings: string[];
}

const GLB_MAGIC = 0x46546c67; // 'glTF'

/** Which reader a file takes: by extension, else by its first bytes. */
export function fileKind(path: string, bytes: Uint8Array): 'bvh' | 'gltf' | null {
  if (/\.bvh$/i.test(path)) return 'bvh';
  if (/\.(glb|gltf)$/i.test(path)) return 'gltf';
  if (bytes.length >= 4 && new DataView(bytes.buffer, bytes.byteOffset).getUint32(0, true) === GLB_MAGIC) return 'gltf';
  const head = new TextDecoder().decode(bytes.subarray(0, 256));
  if (/^\uFEFF?\s*HIERARCHY\b/.test(head)) return 'bvh';
  return /^\uFEFF?\s*\{/.test(head) ? 'gltf' : null;
}

/** The rig, with the clip set so that the core has checked it; the rig is freed if the clip is refused. */
function rigWithClip(module: KinModule, bones: readonly BoneDesc[], clip: ClipData): Rig {
  const rig = Rig.create(module, bones);
  try {
    rig.clips.setClip(clip);
  } catch (error) {
    rig.dispose();
    throw error;
  }
  return rig;
}

function bvhMotion(module: KinModule, path: string, bytes: Uint8Array): SourceMotion {
  const name = path.replace(/^.*[\\/]/, '').replace(/\.bvh$/i, '');
  const { bones, clip } = bvhRig(parseBvh(new TextDecoder().decode(bytes)), name);
  return { rig: rigWithClip(module, bones, clip), clips: [clip], warnings: [] };
}

async function gltfMotion(module: KinModule, packed: PackedGltf): Promise<SourceMotion> {
  const model = await parsePackedGltf(packed);
  const skin = chooseSkin(model);
  const { rig, desc, warning } = posedSkinRig(module, skin.skeleton, rigFromSkeleton(skin.skeleton));
  const { clips, warnings } = gltfClips(model.gltf.animations, desc);
  if (warning !== null) warnings.unshift(warning);
  const playable = clips.filter((clip) => {
    try {
      rig.clips.setClip(clip);
      return true;
    } catch (error) {
      warnings.push(`animation '${clip.name}' cannot be played: ${errorMessage(error)}`);
      return false;
    }
  });
  if (playable.length === 0) {
    rig.dispose();
    const why = model.gltf.animations.length === 0 ? 'it has no animation' : `none of its ${model.gltf.animations.length} animation(s) moves the skin's joints`;
    throw new Error([why, ...warnings].join('; '));
  }
  return { rig, clips: playable, warnings };
}

/** The file's rig and clips; throws naming the problem. */
export async function readSourceMotion(module: KinModule, path: string, bytes: Uint8Array): Promise<SourceMotion> {
  const kind = fileKind(path, bytes);
  if (kind === 'bvh') return bvhMotion(module, path, bytes);
  if (kind === 'gltf') return gltfMotion(module, packGltfFile(path, bytes));
  throw new Error('not a BVH or glTF file (by its name or its first bytes)');
}
