// The GPU side of the per-bone data: a float texture of RGBA32F texels, a
// fixed number per bone, filled by one copy from a view over WASM memory. For
// LBS that is three.js's bone-texture layout (4 texels per bone, the
// column-major palette matrix); for DQS the 5 texels of the packed palette.
import * as THREE from 'three';

/** Side of the square texture: a multiple of 4 (as three.js sizes it) holding `texelsPerBone` texels per bone. */
export function boneTextureSize(boneCount: number, texelsPerBone: number): number {
  return Math.max(4, Math.ceil(Math.sqrt(texelsPerBone * boneCount) / 4) * 4);
}

export class BoneTexture {
  readonly texture: THREE.DataTexture;
  readonly size: number;
  private readonly data: Float32Array;
  private readonly dataLength: number;

  constructor(boneCount: number, texelsPerBone: number) {
    this.size = boneTextureSize(boneCount, texelsPerBone);
    this.dataLength = 4 * texelsPerBone * boneCount;
    this.data = new Float32Array(4 * this.size * this.size);
    this.texture = new THREE.DataTexture(this.data, this.size, this.size, THREE.RGBAFormat, THREE.FloatType);
    // The shader reads exact texels with texelFetch; nothing may be filtered.
    this.texture.magFilter = THREE.NearestFilter;
    this.texture.minFilter = THREE.NearestFilter;
    this.texture.generateMipmaps = false;
    this.texture.needsUpdate = true;
  }

  /** Copies the bone data (4 floats per texel, all bones) into the texture; allocation-free. */
  upload(boneData: Float32Array): void {
    if (boneData.length !== this.dataLength) {
      throw new Error(`BoneTexture: ${boneData.length} floats of bone data, expected ${this.dataLength}`);
    }
    this.data.set(boneData);
    this.texture.needsUpdate = true;
  }

  dispose(): void {
    this.texture.dispose();
  }
}
