// The GPU side of the skinning palette: a float texture in three.js's
// bone-texture layout (4 RGBA32F texels per bone, column-major mat4), filled
// by one copy from the palette view over WASM memory.
import * as THREE from 'three';

const FLOATS_PER_BONE = 16;

/** Side of the square texture: a multiple of 4 (as three.js sizes it) holding 4 texels per bone. */
export function boneTextureSize(boneCount: number): number {
  return Math.max(4, Math.ceil(Math.sqrt(4 * boneCount) / 4) * 4);
}

export class BoneTexture {
  readonly texture: THREE.DataTexture;
  readonly size: number;
  private readonly data: Float32Array;
  private readonly paletteLength: number;

  constructor(boneCount: number) {
    this.size = boneTextureSize(boneCount);
    this.paletteLength = FLOATS_PER_BONE * boneCount;
    this.data = new Float32Array(4 * this.size * this.size);
    this.texture = new THREE.DataTexture(this.data, this.size, this.size, THREE.RGBAFormat, THREE.FloatType);
    // The shader reads exact texels with texelFetch; nothing may be filtered.
    this.texture.magFilter = THREE.NearestFilter;
    this.texture.minFilter = THREE.NearestFilter;
    this.texture.generateMipmaps = false;
    this.texture.needsUpdate = true;
  }

  /** Copies a palette (16 floats per bone) into the texture; allocation-free. */
  upload(palette: Float32Array): void {
    if (palette.length !== this.paletteLength) {
      throw new Error(`BoneTexture: palette has ${palette.length} floats, expected ${this.paletteLength}`);
    }
    this.data.set(palette);
    this.texture.needsUpdate = true;
  }

  dispose(): void {
    this.texture.dispose();
  }
}
