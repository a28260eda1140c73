// The three.js peer in the skinning benchmark: a plain loop over a
// SkinnedMesh's vertices as an application would write it with three.js's
// API. Positions go through SkinnedMesh.applyBoneTransform; three.js has no
// CPU path for normals, so each normal is transformed as three.js's
// skinnormal shader chunk does it, by the blended bone matrix
// bindMatrixInverse · Σ w (matrixWorld · boneInverse) · bindMatrix, built with
// Matrix4 calls, then normalised. Allocation-free per vertex. three.js has
// no dual quaternion skinning, so it runs LBS only.
import * as THREE from 'three';
import type { SkinWorkload } from './skin-workloads.js';

const position = new THREE.Vector3();
const normal = new THREE.Vector3();
const bone = new THREE.Matrix4();
const skin = new THREE.Matrix4();

export class ThreeSkinningLoop {
  private readonly mesh: THREE.SkinnedMesh;

  /** A SkinnedMesh of the workload's vertices on `source`'s skeleton (already posed). */
  constructor(source: THREE.SkinnedMesh, workload: SkinWorkload) {
    const geometry = new THREE.BufferGeometry();
    geometry.setAttribute('position', new THREE.BufferAttribute(workload.positions, 3));
    geometry.setAttribute('normal', new THREE.BufferAttribute(workload.normals, 3));
    geometry.setAttribute('skinIndex', new THREE.BufferAttribute(workload.skinJoints, 4));
    geometry.setAttribute('skinWeight', new THREE.BufferAttribute(workload.weights, 4));
    this.mesh = new THREE.SkinnedMesh(geometry);
    this.mesh.bind(source.skeleton, source.bindMatrix);
  }

  /** Skins every vertex into `positions` and `normals` (3 floats per vertex). */
  run(positions: Float32Array, normals: Float32Array): void {
    const { mesh } = this;
    const { bones, boneInverses } = mesh.skeleton;
    const geometry = mesh.geometry;
    const sourcePositions = geometry.getAttribute('position');
    const sourceNormals = geometry.getAttribute('normal');
    const skinIndex = geometry.getAttribute('skinIndex');
    const skinWeight = geometry.getAttribute('skinWeight');
    const s = skin.elements;
    for (let v = 0; v < sourcePositions.count; v++) {
      position.fromBufferAttribute(sourcePositions, v);
      mesh.applyBoneTransform(v, position);
      positions[3 * v] = position.x;
      positions[3 * v + 1] = position.y;
      positions[3 * v + 2] = position.z;

      s.fill(0);
      for (let k = 0; k < 4; k++) {
        const w = skinWeight.getComponent(v, k);
        if (w === 0) continue;
        const j = skinIndex.getComponent(v, k);
        bone.multiplyMatrices(bones[j].matrixWorld, boneInverses[j]);
        const b = bone.elements;
        for (let e = 0; e < 16; e++) s[e] += w * b[e];
      }
      skin.premultiply(mesh.bindMatrixInverse).multiply(mesh.bindMatrix);
      normal.fromBufferAttribute(sourceNormals, v).transformDirection(skin);
      normals[3 * v] = normal.x;
      normals[3 * v + 1] = normal.y;
      normals[3 * v + 2] = normal.z;
    }
  }
}
