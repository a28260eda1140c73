// The palettes a scene export should hold, computed apart from the export:
// a character's model-space palette carried into the world by its
// transform, as the scene defines it (scene/character-transform.ts).
import * as THREE from 'three';
import { type CharacterTransform, transformMatrix } from '../../web/src/scene/character-transform.js';

/** The model-to-world matrix of a character standing at `t`. */
export function toWorld(t: CharacterTransform): THREE.Matrix4 {
  return new THREE.Matrix4().fromArray(transformMatrix(t));
}

/** `palette_ms` (16 per bone, column-major) carried into the world by `t`. */
export function worldPalette(palette_ms: ArrayLike<number>, t: CharacterTransform): number[] {
  const world = toWorld(t);
  const bone = new THREE.Matrix4();
  const out: number[] = [];
  for (let j = 0; j < palette_ms.length / 16; j++) out.push(...bone.fromArray(palette_ms, 16 * j).premultiply(world).elements);
  return out;
}
