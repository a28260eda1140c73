// The character drawn with our skinning shader. It is a plain THREE.Mesh, not
// a SkinnedMesh, so three.js never recomputes bone matrices over the palette
// that the WASM core produced.
import * as THREE from 'three';
import fragmentShader from '../../../shaders/skinning.frag.glsl?raw';
import vertexShader from '../../../shaders/skinning.vert.glsl?raw';
import { BoneTexture } from './bone-texture.js';

/** Colours reach the shader in three.js's linear working space; the fragment shader outputs sRGB. */
export interface CharacterLook {
  baseColor: THREE.ColorRepresentation;
  skyColor: THREE.ColorRepresentation;
  groundColor: THREE.ColorRepresentation;
  keyColor: THREE.ColorRepresentation;
  rimColor: THREE.ColorRepresentation;
  /** Towards the key light, world space. */
  keyDirection_ws: THREE.Vector3;
}

export const DEFAULT_LOOK: CharacterLook = {
  baseColor: new THREE.Color().setRGB(0.6, 0.49, 0.42),
  skyColor: new THREE.Color().setRGB(0.3, 0.34, 0.42),
  groundColor: new THREE.Color().setRGB(0.1, 0.08, 0.08),
  keyColor: new THREE.Color().setRGB(1.0, 0.92, 0.8),
  rimColor: new THREE.Color().setRGB(0.2, 0.26, 0.36),
  keyDirection_ws: new THREE.Vector3(-0.6, 0.75, 0.35).normalize(),
};

/** skinIndex with each skin joint index replaced by its rig bone index; copied once at load. */
function remappedSkinIndex(joints: THREE.BufferAttribute | THREE.InterleavedBufferAttribute, jointToBone: Int32Array): THREE.BufferAttribute {
  const bones = new Uint16Array(4 * joints.count);
  for (let v = 0; v < joints.count; v++) {
    for (let k = 0; k < 4; k++) {
      const joint = joints.getComponent(v, k);
      if (!(joint >= 0 && joint < jointToBone.length)) {
        throw new Error(`SkinnedCharacter: vertex ${v} uses joint ${joint}, but the skin has ${jointToBone.length} joints`);
      }
      bones[4 * v + k] = jointToBone[joint];
    }
  }
  return new THREE.BufferAttribute(bones, 4);
}

export class SkinnedCharacter {
  readonly mesh: THREE.Mesh<THREE.BufferGeometry, THREE.RawShaderMaterial>;
  private readonly boneTexture: BoneTexture;

  /**
   * Takes the geometry of a GLTFLoader SkinnedMesh whose skin joints map to
   * rig bones through `jointToBone`. The mesh is placed at the origin: the
   * palette already maps bind-space vertices into the rig's model space.
   */
  constructor(source: THREE.SkinnedMesh, jointToBone: Int32Array, look: CharacterLook = DEFAULT_LOOK) {
    const from = source.geometry;
    for (const name of ['position', 'normal', 'skinIndex', 'skinWeight']) {
      if (!from.getAttribute(name)) throw new Error(`SkinnedCharacter: mesh '${source.name}' has no ${name} attribute`);
    }
    const geometry = new THREE.BufferGeometry();
    geometry.setAttribute('position', from.getAttribute('position'));
    geometry.setAttribute('normal', from.getAttribute('normal'));
    geometry.setAttribute('skinIndex', remappedSkinIndex(from.getAttribute('skinIndex'), jointToBone));
    geometry.setAttribute('skinWeight', from.getAttribute('skinWeight'));
    // Eight influences per vertex: glTF's second joint set (rig/gltf-skin-influences.ts).
    const eightInfluences = from.getAttribute('skinIndex1') !== undefined;
    if (eightInfluences) {
      geometry.setAttribute('skinIndex1', remappedSkinIndex(from.getAttribute('skinIndex1'), jointToBone));
      geometry.setAttribute('skinWeight1', from.getAttribute('skinWeight1'));
    }
    geometry.setIndex(from.getIndex());

    // The rig may hold nodes above joints too, but its last bone is always a
    // joint (rig/skinned-mesh-rig.ts orders parents first).
    this.boneTexture = new BoneTexture(Math.max(...jointToBone) + 1);
    const material = new THREE.RawShaderMaterial({
      name: 'kin-skinning',
      glslVersion: THREE.GLSL3,
      vertexShader,
      fragmentShader,
      defines: eightInfluences ? { EIGHT_INFLUENCES: '' } : {},
      uniforms: {
        boneTexture: { value: this.boneTexture.texture },
        boneTextureSize: { value: this.boneTexture.size },
        baseColor: { value: new THREE.Color(look.baseColor) },
        skyColor: { value: new THREE.Color(look.skyColor) },
        groundColor: { value: new THREE.Color(look.groundColor) },
        keyColor: { value: new THREE.Color(look.keyColor) },
        rimColor: { value: new THREE.Color(look.rimColor) },
        keyDirection_ws: { value: look.keyDirection_ws.clone().normalize() },
      },
    });
    this.mesh = new THREE.Mesh(geometry, material);
    this.mesh.name = source.name;
    // The bounding volume is the bind pose's; the skin moves out of it.
    this.mesh.frustumCulled = false;
  }

  /** Uploads a palette (16 floats per rig bone, model space). */
  update(palette: Float32Array): void {
    this.boneTexture.upload(palette);
  }

  dispose(): void {
    this.mesh.geometry.dispose();
    this.mesh.material.dispose();
    this.boneTexture.dispose();
  }
}
