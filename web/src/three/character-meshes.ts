// Everything one rig deforms, drawn as one: a glTF skin may deform several
// meshes (one per primitive, or several nodes sharing the skin). Each part is
// a SkinnedCharacter; every frame's palette goes to all of them.
import * as THREE from 'three';
import { SkinnedCharacter } from './skinned-character.js';

export class CharacterMeshes {
  /** Put this in the scene; it sits at the origin (the palette maps into model space). */
  readonly mesh = new THREE.Group();
  readonly parts: readonly SkinnedCharacter[];

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

  /** Uploads a palette (16 floats per rig bone, model space) to every part. */
  update(palette: Float32Array): void {
    // Indexed: this runs every frame the pose changes and must not allocate.
    for (let p = 0; p < this.parts.length; p++) this.parts[p].update(palette);
  }

  dispose(): void {
    this.mesh.removeFromParent();
    for (const part of this.parts) part.dispose();
  }
}
