// Which character the page shows: the default one, a built-in lesson rig
// (by its id, lessons/lessons.ts), or a user's glTF file (named by its file
// name, with the skin chosen from it), and the poses it offers. Share links
// record which (share/share-link.ts); the character sources make them
// (import/).
import type { PosePreset } from './pose-presets.js';

/** A character's name (a lesson id, a file name) is at most this many bytes of UTF-8: share links carry it. */
export const MAX_CHARACTER_NAME_BYTES = 128;
export interface GltfCharacterSource {
  kind: 'gltf';
  /** The file's name (or the last part of its URL), as a link may carry it. */
  name: string;
  /** The skin posed: its index in the file, and its name. */
  skin: number;
  skinName: string;
  /** 4, or 8 when the file uses JOINTS_1 / WEIGHTS_1. */
  influences: 4 | 8;
  /** What the page warned about when loading the file. */
  warnings: string[];
}

export type CharacterSource = { kind: 'default' } | { kind: 'lesson'; id: string } | GltfCharacterSource;

/** A character as the editor knows it: which one it is, and the poses it offers (the first is its start pose, what Reset applies). */
export interface CharacterInfo {
  source: CharacterSource;
  presets: readonly PosePreset[];
  /** What the scene calls it, if not by its source (a lesson's title). */
  title?: string;
}
