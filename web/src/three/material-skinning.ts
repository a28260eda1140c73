// A model's own three.js material (what GLTFLoader made of the file's:
// MeshStandardMaterial, MeshPhysicalMaterial, MeshBasicMaterial for unlit),
// skinned by our bone texture and method instead of by three.js. The mesh
// stays a plain THREE.Mesh, so three.js never computes bone matrices; the
// material's vertex shader gets our skinning chunks (skinning-shaders.ts) in
// place of three.js's skinning chunks, which it leaves out of a plain mesh's
// shader anyway (they test USE_SKINNING). Everything else — maps, lights,
// alpha, colour spaces — is three.js's own material code.
import * as THREE from 'three';
import type { SkinningMethod } from '../rig/rig.js';
import { skinningChunks } from './skinning-shaders.js';

/** The bone texture's uniforms (shaders/skin-inputs.glsl), shared by every material of one method. */
export interface BoneUniforms {
  boneTexture: THREE.IUniform<THREE.Texture>;
  boneTextureSize: THREE.IUniform<number>;
}

// The three.js shaders GLTFLoader's materials compile from.
const SHADER_OF_MATERIAL: Readonly<Record<string, string>> = {
  MeshStandardMaterial: 'standard',
  MeshPhysicalMaterial: 'physical',
  MeshBasicMaterial: 'basic',
};

/**
 * Replacements in three.js's vertex shaders. The blend is made once at the
 * top of main: MeshBasicMaterial reaches skinbase_vertex only with an
 * environment map, but skinning_vertex always.
 */
function replacements(method: SkinningMethod, eightInfluences: boolean): [string, string][] {
  return [
    ['#include <skinning_pars_vertex>', `${eightInfluences ? '#define EIGHT_INFLUENCES\n' : ''}${skinningChunks(method)}`],
    ['void main() {', 'void main() {\n\tSkinBlend kinSkin = skinBlend();'],
    ['#include <skinbase_vertex>', ''],
    ['#include <skinnormal_vertex>', 'objectNormal = skinNormal(kinSkin, objectNormal);\n#ifdef USE_TANGENT\n\tobjectTangent = skinTangent(kinSkin, objectTangent);\n#endif'],
    ['#include <skinning_vertex>', 'transformed = skinPosition(kinSkin, transformed);'],
  ];
}

/**
 * A three.js material vertex shader with our skinning in place of three.js's.
 * Throws naming the anchor it lacks (every built-in mesh shader has them
 * all, once; skinbase and skinnormal may sit in a branch, as in basic).
 */
export function withOurSkinning(vertexShader: string, method: SkinningMethod, eightInfluences: boolean): string {
  let shader = vertexShader;
  for (const [anchor, replacement] of replacements(method, eightInfluences)) {
    const count = shader.split(anchor).length - 1;
    if (count !== 1) throw new Error(`material skinning: the vertex shader has ${count} '${anchor}', expected 1`);
    shader = shader.replace(anchor, replacement);
  }
  return shader;
}

/**
 * A copy of `material` (textures shared, not copied) that skins with
 * `method` from `bones`. Throws for a material whose shader is not one of
 * GLTFLoader's, naming it.
 */
export function ourSkinningMaterial(material: THREE.Material, method: SkinningMethod, bones: BoneUniforms, eightInfluences: boolean): THREE.Material {
  const shaderName = SHADER_OF_MATERIAL[material.type];
  if (shaderName === undefined) {
    throw new Error(`material '${material.name}' is a ${material.type}; a model's own material must be one of ${Object.keys(SHADER_OF_MATERIAL).join(', ')}`);
  }
  // Checked now rather than when three.js compiles it, in the middle of a frame.
  withOurSkinning(THREE.ShaderLib[shaderName].vertexShader, method, eightInfluences);
  const skinned = material.clone();
  skinned.name = `${material.name} (kin-${method})`;
  skinned.onBeforeCompile = (shader) => {
    Object.assign(shader.uniforms, bones);
    shader.vertexShader = withOurSkinning(shader.vertexShader, method, eightInfluences);
  };
  // One program per method and influence count; three.js's own parameters (maps, lights) add the rest of the key.
  skinned.customProgramCacheKey = () => `kin-${method}-${eightInfluences ? 8 : 4}`;
  return skinned;
}
