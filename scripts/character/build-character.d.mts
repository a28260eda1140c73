// Types for build-character.mjs, so TypeScript tests can import it.

export interface CharacterMesh {
  /** xyz per vertex, model space (metres), rest pose. */
  positions: Float32Array;
  /** Outward unit normal per vertex, model space. */
  normals: Float32Array;
  /** Three vertex indices per triangle, counter-clockwise seen from outside. */
  triangles: Uint32Array;
  /** Four joint indices per vertex, strongest first; unused slots are 0. */
  jointIndices: Uint16Array;
  /** Four weights per vertex matching jointIndices, summing to one. */
  weights: Float32Array;
}

export function buildCharacterMesh(): CharacterMesh;

/** The default character as GLB bytes: what assets/character.glb holds. */
export function buildCharacterGlb(): Uint8Array;
