// The props a character holds, as Export GLB writes them: each a node named
// after the prop, its translation, rotation and scale the prop's offset in
// its bone's frame, holding a copy of the prop's drawn meshes (the
// geometries shared: GLTFExporter writes them as glTF meshes), to go under
// the bone's joint node (character-export.ts). A hidden prop is left out, as
// is one whose file is still being read.
import * as THREE from 'three';
import type { PropList } from '../scene/props.js';
import type { ExportedProp } from './character-export.js';

export function propNodes(props: PropList, characterId: number, drawnObject: (propId: number) => THREE.Object3D | undefined): ExportedProp[] {
  const out: ExportedProp[] = [];
  for (const prop of props.all) {
    const drawn = drawnObject(prop.id);
    if (prop.attachment?.character !== characterId || drawn === undefined || prop.hidden) continue;
    const { position, rotation, scale } = prop.attachment.offset;
    const node = new THREE.Object3D();
    node.name = prop.name;
    node.position.fromArray(position);
    node.rotation.set(rotation[0], rotation[1], rotation[2], 'XYZ');
    node.scale.fromArray(scale);
    for (const child of drawn.children) node.add(child.clone(true));
    out.push({ bone: prop.attachment.bone, object: node });
  }
  return out;
}
