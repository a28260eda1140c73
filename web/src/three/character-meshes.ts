// Everything one rig deforms, drawn as one: a glTF skin may deform several
// meshes (one per primitive, or several nodes sharing the skin). Each part is
// a SkinnedCharacter; they all skin with one method, and every frame's bone
// data (packed once) goes to all of them.
import * as THREE from 'three';
import type { Rig, SkinningMethod } from '../rig/rig.js';
import { type CharacterColors, SkinnedCharacter, boneData } from './skinned-character.js';

export class CharacterMeshes {
  /** Put this in the scene; it sits at the origin (the palette maps into model space). */
  readonly mesh = new THREE.Group();
  readonly parts: readonly SkinnedCharacter[];
  private skinningMethod: SkinningMethod = 'lbs';

  /** One part per source mesh; their skin joints map to rig bones through `jointToBone`. */
  constructor(sources: readonly THREE.SkinnedMesh[], jointToBone: Int32Array) {
    const parts: SkinnedCharacter[] = [];
    try {
      for (const source of sources) parts.push(new SkinnedCharacter(source, jointToBone));
    } catch (error) {
      for (const part of parts) part.dispose();
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

  /** Every part in the page's look or in the flat debug colours. */
  setColors(colors: CharacterColors): void {
    for (const part of this.parts) part.setColors(colors);
  }

  /** Uploads the current method's bone data for the rig's pose to every part; allocation-free. */
  update(rig: Rig): void {
    const bones = boneData(rig, this.skinningMethod);
    // Indexed: this runs every frame the pose changes and must not allocate.
    for (let p = 0; p < this.parts.length; p++) this.parts[p].upload(bones);
  }

  dispose(): void {
    this.mesh.removeFromParent();
    for (const part of this.parts) part.dispose();
  }
}
