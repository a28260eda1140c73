// A lesson's generated mesh as the three.js mesh the character drawing takes
// (CharacterMeshes reads a SkinnedMesh's geometry: position, normal,
// skinIndex, skinWeight, index). Normals are computed from the triangles.
// Its material is what an exported GLB carries (the page draws with its
// own): a plain skin colour, as the default character's file has.
import * as THREE from 'three';
import type { LessonMesh } from './skinned-tube.js';

export function lessonSkinnedMesh(name: string, mesh: LessonMesh): THREE.SkinnedMesh {
  const geometry = new THREE.BufferGeometry();
  geometry.setAttribute('position', new THREE.BufferAttribute(mesh.positions, 3));
  geometry.setAttribute('skinIndex', new THREE.BufferAttribute(mesh.joints, 4));
  geometry.setAttribute('skinWeight', new THREE.BufferAttribute(mesh.weights, 4));
  geometry.setIndex(new THREE.BufferAttribute(mesh.triangles, 1));
  geometry.computeVertexNormals();
  const skinned = new THREE.SkinnedMesh(geometry, new THREE.MeshStandardMaterial({ name: 'skin', color: 0x9a7d6b, roughness: 0.7 }));
  skinned.name = name;
  return skinned;
}
