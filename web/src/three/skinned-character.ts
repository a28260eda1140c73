// One mesh of the character drawn with our skinning, linear blend or dual
// quaternion, chosen at run time: in the page's look (our own shaders), or
// with the mesh's own material (a loaded model's, material-skinning.ts);
// either can switch to flat debug colours for comparing renders. It is a
// plain THREE.Mesh, not a SkinnedMesh, so three.js never recomputes bone
// matrices over the data that the WASM core produced; the bone textures
// (one per method) belong to the character (character-meshes.ts), which
// uploads each frame's bone data once for all its meshes.
import * as THREE from 'three';
import debugColorsShader from '../../../shaders/debug-colors.frag.glsl?raw';
import fragmentShader from '../../../shaders/skinning.frag.glsl?raw';
import { SKINNING_METHODS, type SkinningMethod } from '../rig/rig.js';
import { type BoneUniforms, ourSkinningMaterial } from './material-skinning.js';
import { skinningVertexShader } from './skinning-shaders.js';

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

function lookUniformsOf(look: CharacterLook) {
  return {
    baseColor: { value: new THREE.Color(look.baseColor) },
    skyColor: { value: new THREE.Color(look.skyColor) },
    groundColor: { value: new THREE.Color(look.groundColor) },
    keyColor: { value: new THREE.Color(look.keyColor) },
    rimColor: { value: new THREE.Color(look.rimColor) },
    keyDirection_ws: { value: look.keyDirection_ws.clone().normalize() },
  };
}

/** The uniforms of DEFAULT_LOOK, shared by every character drawn in it. */
export const PAGE_LOOK_UNIFORMS = lookUniformsOf(DEFAULT_LOOK);

/**
 * A mesh the rig deforms: the geometry of a GLTFLoader-style SkinnedMesh
 * (its skin joints map to rig bones), drawn with its own material ('own': a
 * loaded model's) or in the page's look ('page-look': the built-in
 * characters, and a file's mesh that has no material of its own).
 */
export interface CharacterMeshSource {
  mesh: THREE.SkinnedMesh;
  material: 'own' | 'page-look';
}

/** Lit (the page's look or the mesh's own material), or flat colours from the world position or the normal (debug-colors.frag.glsl), for comparing renders. */
export type CharacterColors = 'shaded' | 'position' | 'normal';

/** debug-colors.frag.glsl's colorMode. */
export const DEBUG_COLOR_MODES: Readonly<Record<Exclude<CharacterColors, 'shaded'>, number>> = { position: 0, normal: 1 };

/** Attributes that hold skin joint indices, which the mesh's copy holds as rig bone indices. */
const JOINT_ATTRIBUTES = ['skinIndex', 'skinIndex1'];

export class SkinnedCharacter {
  readonly mesh: THREE.Mesh<THREE.BufferGeometry, THREE.Material>;
  /** The SkinnedMesh the geometry came from (the reference renders draw it). */
  readonly source: THREE.SkinnedMesh;
  /** Whether the mesh draws with the source's own material (else in the page's look). */
  readonly ownMaterial: boolean;
  /** Each method's bone texture (the character's, shared by its parts): other materials drawing this mesh skin with it (three/pass-render.ts). */
  readonly bones: Readonly<Record<SkinningMethod, BoneUniforms>>;
  /** Whether the mesh has a second joint set (skin-inputs.glsl's EIGHT_INFLUENCES). */
  readonly eightInfluences: boolean;
  private readonly shaded: Record<SkinningMethod, THREE.Material>;
  private readonly debug: Record<SkinningMethod, THREE.RawShaderMaterial>;
  private readonly colorMode = { value: 0 };
  private skinningMethod: SkinningMethod = 'lbs';
  private colorChoice: CharacterColors = 'shaded';

  /**
   * Takes the source mesh's geometry, its skin joints mapped to rig bones
   * through `jointToBone` (kept for the reference renders), and each
   * method's bone texture. The mesh is placed at the origin: the bone data
   * maps bind-space vertices into the rig's model space.
   */
  constructor(
    { mesh: source, material }: CharacterMeshSource,
    readonly jointToBone: Int32Array,
    bones: Readonly<Record<SkinningMethod, BoneUniforms>>,
    look: CharacterLook = DEFAULT_LOOK,
  ) {
    this.source = source;
    this.ownMaterial = material === 'own';
    this.bones = bones;
    const from = source.geometry;
    for (const name of ['position', 'normal', 'skinIndex', 'skinWeight']) {
      if (!from.getAttribute(name)) throw new Error(`SkinnedCharacter: mesh '${source.name}' has no ${name} attribute`);
    }
    // Every attribute, shared: an own material may read uv, uv1, color or tangent.
    const geometry = new THREE.BufferGeometry();
    for (const [name, attribute] of Object.entries(from.attributes)) {
      geometry.setAttribute(name, JOINT_ATTRIBUTES.includes(name) ? remappedSkinIndex(attribute, jointToBone) : attribute);
    }
    geometry.setIndex(from.getIndex());
    // Eight influences per vertex: glTF's second joint set (import/gltf-influences.ts).
    const eightInfluences = from.getAttribute('skinIndex1') !== undefined;
    this.eightInfluences = eightInfluences;

    const defines: Record<string, string> = eightInfluences ? { EIGHT_INFLUENCES: '' } : {};
    const shadedDefines = from.getAttribute('color') ? { ...defines, VERTEX_COLORS: '' } : defines;
    // The page's look is one set of uniforms for every character: the lights' settings change them all (page-lights.ts).
    const lookUniforms = look === DEFAULT_LOOK ? PAGE_LOOK_UNIFORMS : lookUniformsOf(look);
    const own = this.ownMaterial ? singleMaterial(source) : null;
    const shaded = {} as Record<SkinningMethod, THREE.Material>;
    const debug = {} as Record<SkinningMethod, THREE.RawShaderMaterial>;
    for (const method of SKINNING_METHODS) {
      const vertexShader = skinningVertexShader(method);
      shaded[method] = own
        ? ourSkinningMaterial(own, method, bones[method], eightInfluences)
        : skinningMaterial(`kin-${method}`, vertexShader, fragmentShader, shadedDefines, { ...bones[method], ...lookUniforms });
      debug[method] = skinningMaterial(`kin-${method}-debug`, vertexShader, debugColorsShader, defines, {
        ...bones[method],
        colorMode: this.colorMode,
      });
    }
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

  /** Skins with `method` (its bone texture) from the next frame on. */
  setMethod(method: SkinningMethod): void {
    this.skinningMethod = method;
    this.mesh.material = this.materialFor(method, this.colorChoice);
  }

  /** The page's look or the own material, or the flat debug colours (for comparing renders). */
  setColors(colors: CharacterColors): void {
    this.colorChoice = colors;
    if (colors !== 'shaded') this.colorMode.value = DEBUG_COLOR_MODES[colors];
    this.mesh.material = this.materialFor(this.skinningMethod, colors);
  }

  /** Frees the geometry's copy and the materials, and an own material's textures (the source's, which nothing else draws). */
  dispose(): void {
    this.mesh.geometry.dispose();
    for (const method of SKINNING_METHODS) {
      this.shaded[method].dispose();
      this.debug[method].dispose();
    }
    if (this.ownMaterial) for (const texture of materialTextures(this.shaded.lbs)) texture.dispose();
  }

  private materialFor(method: SkinningMethod, colors: CharacterColors): THREE.Material {
    return colors === 'shaded' ? this.shaded[method] : this.debug[method];
  }
}

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

/** The mesh's one material (GLTFLoader gives each primitive its own mesh). */
function singleMaterial(mesh: THREE.SkinnedMesh): THREE.Material {
  if (Array.isArray(mesh.material)) throw new Error(`SkinnedCharacter: mesh '${mesh.name}' has ${mesh.material.length} materials; one is drawn per mesh`);
  return mesh.material;
}

/** The textures a material refers to (its maps). */
function materialTextures(material: THREE.Material): THREE.Texture[] {
  return Object.values(material).filter((value): value is THREE.Texture => value instanceof THREE.Texture);
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
