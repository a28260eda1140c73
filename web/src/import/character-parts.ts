// A character made ready for the page, before it is shown: its rig (posed
// as it should start), the goals it poses with per solver, the meshes its
// rig deforms (each with its own material, or in the page's look), and what
// it is (its source and its poses). The character sources (the model
// loader, the built-in characters) make these; the page puts them on screen
// (app/page-characters.ts).
import type { ClipData } from '../animation/clip.js';
import type { CharacterInfo } from '../posing/character-source.js';
import type { GoalLayouts } from '../posing/solver-goals.js';
import type { Rig } from '../rig/rig.js';
import type { CharacterMeshSource } from '../three/skinned-character.js';
import type { ImportFiles } from './importer.js';

export interface CharacterParts {
  /** The new rig, posed as it should start; whoever shows the parts owns it (and frees it if showing fails). */
  rig: Rig;
  /** The goals the rig poses with, per solver. */
  layouts(rig: Rig): GoalLayouts;
  /** The meshes it deforms, each drawn with its own material or in the page's look. */
  meshes: readonly CharacterMeshSource[];
  /** The meshes' skin joint index → rig bone index. */
  jointToBone: Int32Array;
  info: CharacterInfo;
  /** Clips the file brings for this rig (a BVH file's motion, a glTF file's animations), for the page's clip menu. */
  clips?: readonly ClipData[];
  /** Metres per unit of the file (a BVH file's), so that an export can write its units again. */
  metresPerUnit?: number;
  /** A user's file's: the files it was made from, as read (a scene file keeps them, to make it again). */
  loadedFrom?: ImportFiles;
  /** A lesson's: points (model space) its framing keeps in view besides its rig — targets, where its bones can swing. */
  framePoints?: readonly (readonly number[])[];
}

/** Puts a character on the page (the page's character swap); throws, changing nothing, if it cannot. */
export type ShowCharacter = (parts: CharacterParts) => void;
