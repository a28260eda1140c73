// A character's skinned meshes as bind-space arrays for the page's own CPU
// passes (Drop to floor): positions and influences straight from the
// geometry, whose skinIndex holds the rig's bone indices.
import type { BindMesh } from '../posing/drop-to-floor.js';
import type { CharacterMeshes } from './character-meshes.js';
import { flatInfluences } from './flat-influences.js';

export function bindMeshes(character: CharacterMeshes): BindMesh[] {
  return character.parts.map(({ mesh }) => {
    const position = mesh.geometry.getAttribute('position');
    const { joints, weights } = flatInfluences(mesh.geometry, 'Drop to floor');
    return { positions: position.array, joints, weights, per: joints.length / position.count };
  });
}
