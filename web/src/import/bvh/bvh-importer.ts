// A BVH file as a character for the page: its own skeleton (bvh-rig.ts) as
// the rig, drawn as tubes rigidly skinned to its bones (bvh-mesh.ts), with
// the file's motion as its clip. Goals are found from the joint names as for
// a glTF file. The page records it as a user's model file by name (its
// source kind is 'gltf', the kind of every loaded file).
import type { ClipData } from '../../animation/clip.js';
import { lessonSkinnedMesh } from '../../lessons/lesson-mesh.js';
import { foundGoalLayouts } from '../../posing/found-goals.js';
import { BIND_POSE } from '../../posing/pose-presets.js';
import { Rig } from '../../rig/rig.js';
import { plural } from '../../text/plural.js';
import type { KinModule } from '../../wasm/generated/kin.js';
import type { CharacterParts } from '../character-parts.js';
import type { ImportFiles, ImportOptions, ImportQuestions, ImportResult, Importer } from '../importer.js';
import type { ModelBytes } from '../model-input.js';
import { MAX_BVH_CHARS, parseBvh } from './bvh-parse.js';
import { bvhSkeletonMesh } from './bvh-mesh.js';
import { type BvhRigOptions, bvhRig } from './bvh-rig.js';

/** The character parts, clip and units of a BVH file's text; throws naming the line of a problem. */
export function bvhCharacter(module: KinModule, text: string, fileName: string, options: BvhRigOptions = {}): { parts: CharacterParts; clip: ClipData; metresPerUnit: number; units: string } {
  const doc = parseBvh(text);
  const { bones, clip, metresPerUnit, units } = bvhRig(doc, fileName.replace(/\.bvh$/i, ''), options);
  const rig = Rig.create(module, bones);
  try {
    // Validates the clip in the core before the page sees anything.
    rig.clips.setClip(clip);
    rig.clips.sampleClip(0, 'clamp');
  } catch (error) {
    rig.dispose();
    throw error;
  }
  const mesh = lessonSkinnedMesh(fileName, bvhSkeletonMesh(bones));
  const parts: CharacterParts = {
    rig,
    layouts: foundGoalLayouts,
    meshes: [{ mesh, material: 'page-look' }],
    jointToBone: Int32Array.from(bones, (_, bone) => bone),
    info: { source: { kind: 'gltf', name: fileName, skin: 0, skinName: 'BVH skeleton', influences: 4, warnings: [] }, presets: [BIND_POSE] },
    clips: [clip],
    metresPerUnit,
  };
  return { parts, clip, metresPerUnit, units };
}

export class BvhImporter implements Importer {
  readonly format = 'BVH';

  constructor(private readonly module: KinModule) {}

  /** A .bvh by name, or text starting with HIERARCHY. */
  accepts(file: ModelBytes): boolean {
    if (/\.bvh$/i.test(file.name)) return true;
    return /^\s*HIERARCHY\b/.test(new TextDecoder().decode(file.bytes.slice(0, 64)));
  }

  async import(files: ImportFiles, _questions: ImportQuestions, options: ImportOptions): Promise<ImportResult> {
    const { main } = files;
    if (main.bytes.byteLength > MAX_BVH_CHARS) throw new Error(`it is ${main.bytes.byteLength} bytes; a BVH file read here is at most ${MAX_BVH_CHARS}`);
    const { parts, clip, units } = bvhCharacter(this.module, new TextDecoder().decode(main.bytes), main.name, { metresPerUnit: options.metresPerUnit });
    const frames = Math.round(clip.duration * clip.fps) + 1;
    return {
      kind: 'character',
      parts,
      summary: `Loaded '${main.name}': ${plural(parts.rig.boneCount, 'joint')}, ${plural(frames, 'frame')} at ${clip.fps.toFixed(1)} fps, ${units}.`,
    };
  }
}
