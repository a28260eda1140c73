// The character drawn with our skinning shaders, linear blend or dual
// quaternion, chosen at run time. It is a plain THREE.Mesh, not a
// SkinnedMesh, so three.js never recomputes bone matrices over the data that
// the WASM core produced; each frame uploads only the current method's bone
// data (the palette, or the packed DQS palette) to that method's texture.
import * as THREE from 'three';
import debugColorsShader from '../../../shaders/debug-colors.frag.glsl?raw';
import fragmentShader from '../../../shaders/skinning.frag.glsl?raw';
import { type Rig, SKINNING_METHODS, type SkinningMethod } from '../rig/rig.js';
import { BoneTexture } from './bone-texture.js';
import { TEXELS_PER_BONE, skinningVertexShader } from './skinning-shaders.js';

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

/** What `method` reads per bone for the rig's pose: the palette, or the packed DQS palette (views into WASM memory). */
export function boneData(rig: Rig, method: SkinningMethod): Float32Array {
  return method === 'lbs' ? rig.palette() : rig.dqsPalette();
}

/** Lit (the page's look), or flat colours from the world position or the normal (debug-colors.frag.glsl), for comparing renders. */
export type CharacterColors = 'shaded' | 'position' | 'normal';

/** debug-colors.frag.glsl's colorMode. */
export const DEBUG_COLOR_MODES: Readonly<Record<Exclude<CharacterColors, 'shaded'>, number>> = { position: 0, normal: 1 };

export class SkinnedCharacter {
  readonly mesh: THREE.Mesh<THREE.BufferGeometry, THREE.RawShaderMaterial>;
  private readonly textures: Record<SkinningMethod, BoneTexture>;
  private readonly shaded: Record<SkinningMethod, THREE.RawShaderMaterial>;
  private readonly debug: Record<SkinningMethod, THREE.RawShaderMaterial>;
  private readonly colorMode = { value: 0 };
  private skinningMethod: SkinningMethod = 'lbs';
  private colorChoice: CharacterColors = 'shaded';

  /**
   * Takes the geometry of a GLTFLoader SkinnedMesh whose skin joints map to
   * rig bones through `jointToBone` (kept, with the source, for the reference
   * renders). The mesh is placed at the origin: the bone data maps bind-space
   * vertices into the rig's model space.
   */
  constructor(readonly source: THREE.SkinnedMesh, readonly jointToBone: Int32Array, look: CharacterLook = DEFAULT_LOOK) {
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
    const boneCount = Math.max(...jointToBone) + 1;
    const defines: Record<string, string> = eightInfluences ? { EIGHT_INFLUENCES: '' } : {};
    const lookUniforms = {
      baseColor: { value: new THREE.Color(look.baseColor) },
      skyColor: { value: new THREE.Color(look.skyColor) },
      groundColor: { value: new THREE.Color(look.groundColor) },
      keyColor: { value: new THREE.Color(look.keyColor) },
      rimColor: { value: new THREE.Color(look.rimColor) },
      keyDirection_ws: { value: look.keyDirection_ws.clone().normalize() },
    };
    const textures = {} as Record<SkinningMethod, BoneTexture>;
    const shaded = {} as Record<SkinningMethod, THREE.RawShaderMaterial>;
    const debug = {} as Record<SkinningMethod, THREE.RawShaderMaterial>;
    for (const method of SKINNING_METHODS) {
      const texture = new BoneTexture(boneCount, TEXELS_PER_BONE[method]);
      const bones = { boneTexture: { value: texture.texture }, boneTextureSize: { value: texture.size } };
      const vertexShader = skinningVertexShader(method);
      textures[method] = texture;
      shaded[method] = skinningMaterial(`kin-${method}`, vertexShader, fragmentShader, defines, { ...bones, ...lookUniforms });
      debug[method] = skinningMaterial(`kin-${method}-debug`, vertexShader, debugColorsShader, defines, {
        ...bones,
        colorMode: this.colorMode,
      });
    }
    this.textures = textures;
    this.shaded = shaded;
    this.debug = debug;
    this.mesh = new THREE.Mesh(geometry, shaded.lbs);
    this.mesh.name = source.name;
    // The bounding volume is the bind pose's; the skin moves out of it.
    this.mesh.frustumCulled = false;
  }

  get method(): SkinningMethod {
    return this.skinningMethod;
  }

  /** Skins with `method` from the next update() on. */
  setMethod(method: SkinningMethod): void {
    this.skinningMethod = method;
    this.mesh.material = this.materialFor(method, this.colorChoice);
  }

  /** The page's look, or the flat debug colours (for comparing renders). */
  setColors(colors: CharacterColors): void {
    this.colorChoice = colors;
    if (colors !== 'shaded') this.colorMode.value = DEBUG_COLOR_MODES[colors];
    this.mesh.material = this.materialFor(this.skinningMethod, colors);
  }

  /** Uploads the current method's bone data for the rig's pose; allocation-free. */
  update(rig: Rig): void {
    this.upload(boneData(rig, this.skinningMethod));
  }

  /** Uploads bone data of the current method (boneData()), e.g. one packing shared by several meshes. */
  upload(bones: Float32Array): void {
    this.textures[this.skinningMethod].upload(bones);
  }

  dispose(): void {
    this.mesh.geometry.dispose();
    for (const method of SKINNING_METHODS) {
      this.shaded[method].dispose();
      this.debug[method].dispose();
      this.textures[method].dispose();
    }
  }

  private materialFor(method: SkinningMethod, colors: CharacterColors): THREE.RawShaderMaterial {
    return colors === 'shaded' ? this.shaded[method] : this.debug[method];
  }
}

/** `defines`: EIGHT_INFLUENCES for meshes with a second joint set (shaders/skin-inputs.glsl). */
function skinningMaterial(
  name: string,
  vertexShader: string,
  fragment: string,
  defines: Record<string, string>,
  uniforms: Record<string, THREE.IUniform>,
): THREE.RawShaderMaterial {
  return new THREE.RawShaderMaterial({ name, glslVersion: THREE.GLSL3, vertexShader, fragmentShader: fragment, defines, uniforms });
}
