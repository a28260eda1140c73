// Where a retarget's motion comes from: a file (a BVH file, or a glTF/GLB
// with animations, read by the page's own importers exactly as loading it
// as a character would, skin choice included), or a built-in rig with its
// clips (the default character with its demo clips). A source is a rig of
// its own, never the character on screen: its clip is set and sampled
// freely, and dispose() frees it.
import type { ClipData } from '../../animation/clip.js';
import type { ImportQuestions, Importer } from '../../import/importer.js';
import { type ModelInput, readModelInput } from '../../import/model-input.js';
import { Rig } from '../../rig/rig.js';
import type { BoneDesc } from '../../rig/rig-desc.js';
import { plural } from '../../text/plural.js';
import type { KinModule } from '../../wasm/generated/kin.js';

/** What the retarget panel calls the default character (with its demo clips) as a source. */
export const DEFAULT_SOURCE_NAME = 'Default character';

export interface RetargetSource {
  /** What the dialog calls it: the file's name, or the built-in rig's. */
  readonly name: string;
  /** The source skeleton (its clip is whichever is being retargeted). */
  readonly rig: Rig;
  /** Its clips, at least one. */
  readonly clips: readonly ClipData[];
}

/** A rig the page has without any file, with its clips (built when first asked for). */
export interface BuiltInSource {
  name: string;
  bones: readonly BoneDesc[];
  clips(): readonly ClipData[];
}

/** A built-in source as a rig of its own; throws naming a rig without clips. */
export function builtInSource(module: KinModule, builtIn: BuiltInSource): RetargetSource {
  const clips = builtIn.clips();
  if (clips.length === 0) throw new Error(`${builtIn.name} has no clips to retarget`);
  return { name: builtIn.name, rig: Rig.create(module, builtIn.bones), clips };
}

/**
 * The source in files handed over together (the first file an importer
 * reads is the main one). Throws naming the file and the problem: a format
 * the page does not read, a file without animation, or the importer's own
 * complaint; nothing is kept then.
 */
export async function fileSource(importers: readonly Importer[], questions: ImportQuestions, input: ModelInput | readonly File[]): Promise<RetargetSource> {
  const inputs: readonly ModelInput[] = Array.isArray(input) ? input : [input as ModelInput];
  if (inputs.length === 0) throw new Error('no file was given');
  const all = await Promise.all(inputs.map((one) => readModelInput(one)));
  // Companions go by the names they came with, which the main file's URIs name (as the model loader does).
  const givenNames = inputs.map((one, i) => (typeof one === 'string' ? all[i].name : one.name));
  for (const main of all) {
    const importer = importers.find((candidate) => candidate.accepts(main));
    if (importer === undefined) continue;
    const companions = new Map(all.flatMap((other, i) => (other === main ? [] : [[givenNames[i], other.bytes] as const])));
    const result = await importer.import({ main, companions }, questions, {});
    if (result.kind !== 'character') throw new Error(`'${main.name}' is a pose, not a skeleton with motion`);
    const { parts } = result;
    // Only the skeleton and its motion are needed: the meshes are freed at once.
    for (const { mesh } of parts.meshes) mesh.geometry.dispose();
    const clips = parts.clips ?? [];
    if (clips.length === 0) {
      parts.rig.dispose();
      throw new Error(`'${main.name}' has no animation to retarget (${plural(parts.rig.boneCount, 'joint')}, no clips)`);
    }
    return { name: main.name, rig: parts.rig, clips };
  }
  throw new Error(`${all.map((file) => `'${file.name}'`).join(', ')} is not a format a retarget reads (${importers.map((i) => i.format).join(', ')})`);
}
