// A model's own three.js material skinned by our bone texture
// (material-skinning.ts, skinned-character.ts, character-meshes.ts), in Node
// where nothing compiles: the vertex shaders three.js would compile lose
// every skinning chunk of three.js's and gain ours, once each; the copies
// keep the material's textures; each method and influence count has its own
// program; every part of a character reads one bone texture per method, so a
// frame uploads once. The shaders compile and draw as three.js draws in
// Chromium (tests/e2e/model-materials.test.ts).
import * as THREE from 'three';
import { describe, expect, it } from 'vitest';
import type { Rig, SkinningMethod } from '../../web/src/rig/rig.js';
import { CharacterMeshes } from '../../web/src/three/character-meshes.js';
import { type BoneUniforms, ourSkinningMaterial, withOurSkinning } from '../../web/src/three/material-skinning.js';

const THREE_SKINNING_CHUNKS = ['skinning_pars_vertex', 'skinbase_vertex', 'skinnormal_vertex', 'skinning_vertex'];
const CASES = (['standard', 'physical', 'basic'] as const).flatMap((shader) =>
  (['lbs', 'dqs'] as const).flatMap((method) => [4, 8].map((influences) => ({ shader, method, influences }))),
);

function boneUniforms(): BoneUniforms {
  return { boneTexture: { value: new THREE.DataTexture() }, boneTextureSize: { value: 4 } };
}

/** What three.js does before compiling a material's program: its shader's text and uniforms, through onBeforeCompile. */
function compiledShader(material: THREE.Material, shader: keyof typeof THREE.ShaderLib): THREE.WebGLProgramParametersWithUniforms {
  const parameters = { vertexShader: THREE.ShaderLib[shader].vertexShader, fragmentShader: THREE.ShaderLib[shader].fragmentShader, uniforms: {} };
  material.onBeforeCompile(parameters as THREE.WebGLProgramParametersWithUniforms, {} as THREE.WebGLRenderer);
  return parameters as THREE.WebGLProgramParametersWithUniforms;
}

/** A two-triangle skinned quad over joints 0 and 1, drawn with `material`. */
function skinnedQuad(material: THREE.Material): THREE.SkinnedMesh {
  const geometry = new THREE.BufferGeometry();
  geometry.setAttribute('position', new THREE.Float32BufferAttribute([0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 1, 0], 3));
  geometry.setAttribute('normal', new THREE.Float32BufferAttribute([0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1], 3));
  geometry.setAttribute('uv', new THREE.Float32BufferAttribute([0, 0, 1, 0, 0, 1, 1, 1], 2));
  geometry.setAttribute('skinIndex', new THREE.Uint16BufferAttribute([0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0], 4));
  geometry.setAttribute('skinWeight', new THREE.Float32BufferAttribute([1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0], 4));
  geometry.setIndex([0, 1, 2, 1, 3, 2]);
  return new THREE.SkinnedMesh(geometry, material);
}

describe('material skinning: our chunks in three.js materials', () => {
  for (const { shader, method, influences } of CASES) {
    it(`${shader}, ${method}, ${influences} influences: three.js's skinning chunks out, ours in, blended once at the top of main`, () => {
      const text = withOurSkinning(THREE.ShaderLib[shader].vertexShader, method, influences === 8);
      for (const chunk of THREE_SKINNING_CHUNKS) expect(text).not.toContain(`#include <${chunk}>`);
      // Declared once, called once: at the top of main.
      expect(text.split('SkinBlend skinBlend() {')).toHaveLength(2);
      expect(text.split('= skinBlend();')).toHaveLength(2);
      expect(text).toMatch(/void main\(\) \{\n\tSkinBlend kinSkin = skinBlend\(\);/);
      expect(text.includes('DQS_TEXELS_PER_BONE')).toBe(method === 'dqs');
      expect(text.includes('#define EIGHT_INFLUENCES')).toBe(influences === 8);
      expect(text).toContain('transformed = skinPosition(kinSkin, transformed);');
      // basic reaches the normal only with an environment map (or three.js's skinning): then it is skinned too.
      expect(text).toContain('objectNormal = skinNormal(kinSkin, objectNormal);');
    });
  }

  it('names the anchor a vertex shader lacks', () => {
    const noMain = THREE.ShaderLib.standard.vertexShader.replace('void main() {', 'void main(){');
    expect(() => withOurSkinning(noMain, 'lbs', false)).toThrow("material skinning: the vertex shader has 0 'void main() {', expected 1");
  });

  it('copies a material with its textures, per method and influence count, its program keyed apart', () => {
    const map = new THREE.DataTexture();
    const normalMap = new THREE.DataTexture();
    const source = new THREE.MeshStandardMaterial({ name: 'Skin', map, normalMap, roughness: 0.4 });
    const bones = boneUniforms();
    const keys = new Set<string>();
    for (const method of ['lbs', 'dqs'] as const) {
      for (const eight of [false, true]) {
        const skinned = ourSkinningMaterial(source, method, bones, eight) as THREE.MeshStandardMaterial;
        expect(skinned).not.toBe(source);
        expect([skinned.type, skinned.map, skinned.normalMap, skinned.roughness]).toEqual(['MeshStandardMaterial', map, normalMap, 0.4]);
        const compiled = compiledShader(skinned, 'standard');
        expect(compiled.uniforms.boneTexture).toBe(bones.boneTexture);
        expect(compiled.uniforms.boneTextureSize).toBe(bones.boneTextureSize);
        expect(compiled.vertexShader).toBe(withOurSkinning(THREE.ShaderLib.standard.vertexShader, method, eight));
        keys.add(skinned.customProgramCacheKey());
      }
    }
    expect(keys.size).toBe(4);
    // The source stays three.js's own (the reference renders draw it).
    expect(compiledShader(source, 'standard').vertexShader).toBe(THREE.ShaderLib.standard.vertexShader);
  });

  it('refuses a material whose shader is not one of GLTFLoader\'s, naming it', () => {
    const lambert = new THREE.MeshLambertMaterial({ name: 'Matte' });
    expect(() => ourSkinningMaterial(lambert, 'lbs', boneUniforms(), false)).toThrow(
      "material 'Matte' is a MeshLambertMaterial; a model's own material must be one of MeshStandardMaterial, MeshPhysicalMaterial, MeshBasicMaterial",
    );
  });
});

describe('material skinning: a character of several meshes', () => {
  const map = new THREE.DataTexture();
  const own = new THREE.MeshPhysicalMaterial({ name: 'Coat', map, clearcoat: 0.5 });
  const sources = [
    { mesh: skinnedQuad(own), material: 'own' },
    { mesh: skinnedQuad(new THREE.MeshBasicMaterial()), material: 'page-look' },
    { mesh: skinnedQuad(own), material: 'own' },
  ] as const;

  it('draws own materials with our skinning and the rest in the page look; debug colours for all', () => {
    const character = new CharacterMeshes(sources, Int32Array.from([0, 1]));
    try {
      const materials = () => character.parts.map((part) => part.mesh.material);
      const [first, look, third] = materials();
      expect([first.type, look.type, third.type]).toEqual(['MeshPhysicalMaterial', 'RawShaderMaterial', 'MeshPhysicalMaterial']);
      expect((first as THREE.MeshPhysicalMaterial).map).toBe(map);
      expect(look.name).toBe('kin-lbs');
      expect(first.customProgramCacheKey()).toBe('kin-lbs-4');
      character.setMethod('dqs');
      expect(materials().map((m) => (m.type === 'RawShaderMaterial' ? m.name : m.customProgramCacheKey()))).toEqual(['kin-dqs-4', 'kin-dqs', 'kin-dqs-4']);
      character.setColors('normal');
      expect(materials().map((m) => m.name)).toEqual(['kin-dqs-debug', 'kin-dqs-debug', 'kin-dqs-debug']);
      character.setColors('shaded');
      expect(materials()[0].customProgramCacheKey()).toBe('kin-dqs-4');
    } finally {
      character.dispose();
    }
  });

  it('uploads a frame\'s bone data once, to the one texture every part reads', () => {
    const character = new CharacterMeshes(sources, Int32Array.from([0, 1]));
    try {
      const palette = new Float32Array(2 * 16).fill(0.5);
      const dqs = new Float32Array(2 * 20).fill(0.25);
      const rig = { palette: () => palette, skinning: { dqsPalette: () => dqs } } as unknown as Rig;
      for (const method of ['lbs', 'dqs'] as const satisfies readonly SkinningMethod[]) {
        character.setMethod(method);
        const textures = character.parts.map((part) => boneTextureOf(part.mesh.material));
        expect(new Set(textures).size).toBe(1);
        const [texture] = textures;
        const version = texture.version;
        character.update(rig);
        expect(texture.version).toBe(version + 1);
        expect((texture.image as { data: Float32Array }).data.subarray(0, 4)).toEqual((method === 'lbs' ? palette : dqs).subarray(0, 4));
      }
    } finally {
      character.dispose();
    }
  });
});

/** The bone texture a part's material reads: a raw shader's uniform, or what an own material's onBeforeCompile hands three.js. */
function boneTextureOf(material: THREE.Material): THREE.Texture {
  if (material instanceof THREE.RawShaderMaterial) return material.uniforms.boneTexture.value as THREE.Texture;
  return compiledShader(material, 'physical').uniforms.boneTexture.value as THREE.Texture;
}
