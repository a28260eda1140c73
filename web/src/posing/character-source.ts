// Which character the page shows: the default one, a built-in lesson rig
// (by its id, lessons/lessons.ts), or a user's glTF file (named by its file
// name, with the skin chosen from it). Share links record
// it (share-link.ts); the model loader sets it (model-loader.ts).
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
