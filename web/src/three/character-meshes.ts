// Everything one rig deforms, drawn as one: a glTF skin may deform several
// meshes (one per primitive, or several nodes sharing the skin). Each part is
// a SkinnedCharacter; they all skin with one method and read one bone
// texture per method, so each frame's bone data is uploaded once, whatever
// the number of parts.
import * as THREE from 'three';
import { type Rig, SKINNING_METHODS, type SkinningMethod } from '../rig/rig.js';
import { BoneTexture } from './bone-texture.js';
import type { BoneUniforms } from './material-skinning.js';
import { TEXELS_PER_BONE } from './skinning-shaders.js';
import { type CharacterColors, type CharacterMeshSource, SkinnedCharacter } from './skinned-character.js';

/** What `method` reads per bone for the rig's pose: the palette, or the packed DQS palette (views into WASM memory). */
export function boneData(rig: Rig, method: SkinningMethod): Float32Array {
  return method === 'lbs' ? rig.palette() : rig.skinning.dqsPalette();
}

export class CharacterMeshes {
  /** Put this in the scene; it sits at the origin (the palette maps into model space). */
  readonly mesh = new THREE.Group();
  readonly parts: readonly SkinnedCharacter[];
  private readonly textures = {} as Record<SkinningMethod, BoneTexture>;
  private skinningMethod: SkinningMethod = 'lbs';

  /** One part per source mesh; their skin joints map to rig bones through `jointToBone`. */
  constructor(sources: readonly CharacterMeshSource[], jointToBone: Int32Array) {
    // The rig may hold nodes above joints too, but its last bone is always a
    // joint (import/skinned-mesh-rig.ts orders parents first).
    const boneCount = Math.max(...jointToBone) + 1;
    const bones = {} as Record<SkinningMethod, BoneUniforms>;
    for (const method of SKINNING_METHODS) {
      const texture = new BoneTexture(boneCount, TEXELS_PER_BONE[method]);
      this.textures[method] = texture;
      bones[method] = { boneTexture: { value: texture.texture }, boneTextureSize: { value: texture.size } };
    }
    const parts: SkinnedCharacter[] = [];
    try {
      for (const source of sources) parts.push(new SkinnedCharacter(source, jointToBone, bones));
    } catch (error) {
      for (const part of parts) part.dispose();
      for (const method of SKINNING_METHODS) this.textures[method].dispose();
      throw error;
    }
    this.parts = parts;
    this.mesh.name = 'character';
    for (const part of parts) this.mesh.add(part.mesh);
  }

  /** Every bind-pose vertex position of every part (for framing). */
  positions(): (THREE.BufferAttribute | THREE.InterleavedBufferAttribute)[] {
    return this.parts.map((part) => part.mesh.geometry.getAttribute('position'));
  }

  get method(): SkinningMethod {
    return this.skinningMethod;
  }

  /** Skins every part with `method` from the next update() on. */
  setMethod(method: SkinningMethod): void {
    this.skinningMethod = method;
    for (const part of this.parts) part.setMethod(method);
  }

  /** Every part in its shaded look or in the flat debug colours. */
  setColors(colors: CharacterColors): void {
    for (const part of this.parts) part.setColors(colors);
  }

  /** Uploads the current method's bone data for the rig's pose, once for every part; allocation-free. */
  update(rig: Rig): void {
    this.textures[this.skinningMethod].upload(boneData(rig, this.skinningMethod));
  }

  dispose(): void {
    this.mesh.removeFromParent();
    for (const part of this.parts) part.dispose();
    for (const method of SKINNING_METHODS) this.textures[method].dispose();
  }
}
