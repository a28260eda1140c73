// One interface for every file format the page imports: an importer says
// which files it reads (accepts) and turns them into something the page can
// take — a character to pose (glTF today; BVH next), or a pose to apply to
// the character on screen. The model loader picks the importer for what the
// user dropped, picked or linked; a format is one more file implementing
// this, nothing else changes.
import type { NamedPose } from '../posing/named-pose.js';
import type { GltfModel } from './gltf-model.js';
import type { CharacterParts } from './character-parts.js';
import type { ModelBytes } from './model-input.js';

/** Files handed over together (a .gltf with its .bin and textures), the one to import first. */
export interface ImportFiles {
  main: ModelBytes;
  /** The other files, by name, for the main file's relative URIs. */
  companions: ReadonlyMap<string, ArrayBuffer>;
}

/** What the importer may ask the user while it works. */
export interface ImportQuestions {
  /** Which of a glTF file's skins to pose; null when the user declines. */
  chooseSkin(fileName: string, model: GltfModel): Promise<number | null>;
}

export interface ImportOptions {
  /** A glTF file's skin to pose, by its index in the file (default: the only one, or ask). */
  skin?: number;
  /** A BVH file's length unit in metres (default: guessed from the figure's size, and the summary says which). */
  metresPerUnit?: number;
}

export type ImportResult =
  | { kind: 'character'; parts: CharacterParts; summary: string }
  | { kind: 'pose'; pose: NamedPose; summary: string };

export interface Importer {
  /** The format's name, for messages ("glTF"). */
  readonly format: string;
  /** Whether this importer reads `file` as a main file (by its name and first bytes). */
  accepts(file: ModelBytes): boolean;
  /** Reads the files; throws an Error naming the problem (nothing on the page has changed then). */
  import(files: ImportFiles, questions: ImportQuestions, options: ImportOptions): Promise<ImportResult>;
}
