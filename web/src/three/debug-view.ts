// The debug view, for tests that compare renders pixel by pixel
// (window.kin.setDebugView): which mesh draws the character, and in which
// colours. Besides ours, two references, in the flat debug colours or — for
// a character drawn with its own material (a loaded model's) — shaded with
// that material by three.js alone:
//   'three-skinned-mesh' — three.js's own SkinnedMesh (three.js's skinning
//       shader chunks, its Skeleton's bone texture; linear blend only, as
//       three.js has no DQS), its bones given the rig's model matrices;
//   'cpu-skinned' — a plain mesh of the vertices and normals skinned on the
//       CPU by the WASM core (Rig.skin) with the current method.
// The references draw a character of one mesh (the default one does); the
// three.js one only with 4 influences per vertex, as three.js skins no more.
// Built on first use; the normal view never pays for it.
import * as THREE from 'three';
import debugColorsShader from '../../../shaders/debug-colors.frag.glsl?raw';
import normalTransform from '../../../shaders/normal-transform.glsl?raw';
import threeSkinning from '../../../shaders/three-skinning.vert.glsl?raw';
import type { Rig } from '../rig/rig.js';
import type { CharacterMeshes } from './character-meshes.js';
import { flatInfluences } from './flat-influences.js';
import { type CharacterColors, DEBUG_COLOR_MODES, type SkinnedCharacter } from './skinned-character.js';

export const DEBUG_MESHES = ['ours', 'three-skinned-mesh', 'cpu-skinned'] as const;
export type DebugMesh = (typeof DEBUG_MESHES)[number];
export const CHARACTER_COLORS = ['shaded', 'position', 'normal'] as const;

export class DebugView {
  private readonly material: THREE.ShaderMaterial;
  private readonly threeMesh: THREE.SkinnedMesh;
  private cpuMesh: THREE.Mesh | null = null;
  private shown: THREE.Mesh | null = null;

  constructor(
    private readonly scene: THREE.Scene,
    private readonly character: CharacterMeshes,
    private readonly rig: Rig,
  ) {
    this.material = new THREE.ShaderMaterial({
      name: 'kin-reference',
      glslVersion: THREE.GLSL3,
      vertexShader: `${normalTransform}\n${threeSkinning}`,
      fragmentShader: debugColorsShader,
      uniforms: { colorMode: { value: 0 } },
    });
    const { source } = character.parts[0];
    this.threeMesh = new THREE.SkinnedMesh(source.geometry, this.material);
    this.threeMesh.bind(source.skeleton, source.bindMatrix);
    this.threeMesh.frustumCulled = false;
  }

  /** Draws the character with `mesh` in `colors`; the references are shaded only with a character's own material. Call update() before drawing. */
  set(mesh: DebugMesh, colors: CharacterColors): void {
    if (mesh !== 'ours') this.checkReference(mesh, colors);
    if (this.shown) this.scene.remove(this.shown);
    this.shown = mesh === 'ours' ? null : mesh === 'three-skinned-mesh' ? this.threeMesh : this.cpuReference();
    if (this.shown) {
      this.shown.material = colors === 'shaded' ? this.part.source.material : this.material;
      this.scene.add(this.shown);
    }
    if (colors !== 'shaded') this.material.uniforms.colorMode.value = DEBUG_COLOR_MODES[colors];
    this.character.setColors(colors);
    this.character.mesh.visible = mesh === 'ours';
  }

  /** Poses the shown reference like the rig. */
  update(): void {
    if (this.shown === this.threeMesh) {
      // three.js skins with bone.matrixWorld × boneInverse; the bones are in no rendered scene, so nothing overwrites these.
      const model_ms = this.rig.modelMatrices();
      const { source, jointToBone } = this.part;
      const bones = source.skeleton.bones;
      jointToBone.forEach((bone, joint) => bones[joint].matrixWorld.fromArray(model_ms, 16 * bone));
    } else if (this.shown !== null) {
      this.rig.skinning.skin(this.character.method);
      const geometry = this.shown.geometry;
      copyInto(geometry.getAttribute('position') as THREE.BufferAttribute, this.rig.skinning.skinnedPositions());
      copyInto(geometry.getAttribute('normal') as THREE.BufferAttribute, this.rig.skinning.skinnedNormals());
    }
  }

  dispose(): void {
    if (this.shown) this.scene.remove(this.shown);
    this.material.dispose();
    this.cpuMesh?.geometry.dispose();
  }

  /** The one mesh the references draw. */
  private get part(): SkinnedCharacter {
    return this.character.parts[0];
  }

  private checkReference(mesh: Exclude<DebugMesh, 'ours'>, colors: CharacterColors): void {
    const parts = this.character.parts.length;
    if (parts !== 1) throw new Error(`kin: the reference '${mesh}' draws a character of one mesh; this one has ${parts}`);
    const geometry = this.part.mesh.geometry;
    if (mesh === 'three-skinned-mesh' && geometry.getAttribute('skinIndex1') !== undefined) {
      throw new Error("kin: the reference 'three-skinned-mesh' skins 4 influences per vertex; this character has 8");
    }
    if (colors !== 'shaded') return;
    if (!this.part.ownMaterial) throw new Error(`kin: the reference '${mesh}' is shaded only for a character drawn with its own material; this one is drawn in the page's look: use 'position' or 'normal'`);
    if (mesh === 'cpu-skinned' && geometry.getAttribute('tangent') !== undefined) {
      throw new Error("kin: the reference 'cpu-skinned' is not shaded for a mesh with tangents: the CPU skins positions and normals only");
    }
  }

  private cpuReference(): THREE.Mesh {
    if (this.cpuMesh) return this.cpuMesh;
    // Our mesh's skinIndex already holds rig bone indices.
    const from = this.part.mesh.geometry;
    const position = from.getAttribute('position');
    const { joints, weights } = flatInfluences(from, 'kin');
    this.rig.skinning.setSkin(position.array, from.getAttribute('normal').array, joints, weights);
    const geometry = new THREE.BufferGeometry();
    // The rest (uv, color) as the material reads them; the influences are baked in.
    for (const [name, attribute] of Object.entries(from.attributes)) {
      if (!/^skin(Index|Weight)/.test(name)) geometry.setAttribute(name, attribute);
    }
    geometry.setAttribute('position', new THREE.BufferAttribute(new Float32Array(3 * position.count), 3));
    geometry.setAttribute('normal', new THREE.BufferAttribute(new Float32Array(3 * position.count), 3));
    geometry.setIndex(from.getIndex());
    this.cpuMesh = new THREE.Mesh(geometry, this.material);
    this.cpuMesh.frustumCulled = false;
    return this.cpuMesh;
  }
}

function copyInto(attribute: THREE.BufferAttribute, values: Float32Array): void {
  (attribute.array as Float32Array).set(values);
  attribute.needsUpdate = true;
}
