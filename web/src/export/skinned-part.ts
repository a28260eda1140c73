// One part of the character (a mesh its rig deforms) as the geometry and
// material a glTF skinned mesh takes: the bind-pose vertices with everything
// the source mesh carries (uvs, colours, tangents), its own material, and
// the influences as the page draws them — joint indices are rig bone
// indices, which are the exported skin's joint indices. Eight influences go
// out as JOINTS_1 / WEIGHTS_1 (GLTFExporter writes an attribute by its
// upper-cased name; three.js's skinIndex1 would become a custom one).
import * as THREE from 'three';
import type { SkinnedCharacter } from '../three/skinned-character.js';

/** The source's attributes that hold its influences in the file's joint order (replaced by the drawn mesh's). */
const SOURCE_INFLUENCES = new Set(['skinIndex', 'skinWeight', 'skinIndex1', 'skinWeight1', 'joints_1', 'weights_1']);

/** The drawn mesh's influences (rig bone indices) and the glTF attribute each goes out as. */
const EXPORTED_INFLUENCES: readonly [drawn: string, exported: string][] = [
  ['skinIndex', 'skinIndex'],
  ['skinWeight', 'skinWeight'],
  ['skinIndex1', 'JOINTS_1'],
  ['skinWeight1', 'WEIGHTS_1'],
];

/** A new geometry sharing the part's attributes (dispose it; the attributes stay the part's). */
function exportGeometry(part: SkinnedCharacter): THREE.BufferGeometry {
  const source = part.source.geometry;
  const drawn = part.mesh.geometry;
  const geometry = new THREE.BufferGeometry();
  for (const [name, attribute] of Object.entries(source.attributes)) {
    if (!SOURCE_INFLUENCES.has(name)) geometry.setAttribute(name, attribute);
  }
  // Normals the importer computed when the file had none are on the drawn mesh.
  geometry.setAttribute('normal', drawn.getAttribute('normal'));
  for (const [from, to] of EXPORTED_INFLUENCES) {
    const attribute = drawn.getAttribute(from);
    if (attribute) geometry.setAttribute(to, attribute);
  }
  geometry.setIndex(drawn.getIndex());
  for (const group of source.groups) geometry.addGroup(group.start, group.count, group.materialIndex);
  return geometry;
}

/** The part as a plain mesh (its geometry is new: dispose it after the export). */
export function exportedMesh(part: SkinnedCharacter): THREE.Mesh {
  const mesh = new THREE.Mesh(exportGeometry(part), part.source.material);
  mesh.name = part.source.name;
  return mesh;
}

/** The part as a skinned mesh of `skeleton`, bound with an identity bind matrix (its vertices are in model space at bind). */
export function exportedSkinnedMesh(part: SkinnedCharacter, skeleton: THREE.Skeleton): THREE.SkinnedMesh {
  const mesh = new THREE.SkinnedMesh(exportGeometry(part), part.source.material);
  mesh.name = part.source.name;
  mesh.bind(skeleton, new THREE.Matrix4());
  return mesh;
}
