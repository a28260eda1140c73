// A GLTFExporter plugin that writes several meshes deformed by one skeleton
// with ONE glTF skin. GLTFExporter writes a skin (joints and inverse bind
// matrices) for every SkinnedMesh it meets, so a character of several parts
// would come out with as many identical skins — and the page's importer asks
// which skin to pose when a file has several. So only the first part is
// handed over as a SkinnedMesh; the others are plain meshes (their
// JOINTS_0/WEIGHTS_0 are written all the same) whose nodes this plugin
// points at the first part's skin once the skins are written; it also names
// the skin.
import type * as THREE from 'three';
import type { GLTFExporterPlugin, GLTFWriter } from 'three/addons/exporters/GLTFExporter.js';

type NodeDef = { [key: string]: unknown };

/** What the plugin needs to know of the skin. */
export interface SharedSkin {
  /** The part GLTFExporter writes the skin for. */
  skinned: THREE.SkinnedMesh;
  /** The parts that share it, handed over as plain meshes. */
  others: readonly THREE.Mesh[];
  /** The skin's name (GLTFExporter writes none; the importer's messages show it). */
  name: string;
  /**
   * Whether the joints have a single root, which is then the skin's
   * `skeleton`: glTF wants the joints' common root there, so with several
   * roots the optional property is left out.
   */
  oneRoot: boolean;
}

export function sharedSkinPlugin({ skinned, others, name, oneRoot }: SharedSkin): (writer: GLTFWriter) => GLTFExporterPlugin {
  return (writer) => {
    let skinnedDef: NodeDef | undefined;
    const otherDefs: NodeDef[] = [];
    return {
      writeNode(object, nodeDef) {
        if (object === skinned) skinnedDef = nodeDef;
        else if (others.includes(object as THREE.Mesh)) otherDefs.push(nodeDef);
      },
      afterParse() {
        const skin = skinnedDef?.skin;
        if (typeof skin !== 'number') throw new Error('Export: GLTFExporter wrote no skin for the skinned mesh');
        for (const def of otherDefs) def.skin = skin;
        // The document under construction: GLTFExporter's own plugins edit it too, it is just not in the typings.
        const skinDef = (writer as unknown as { json: { skins: NodeDef[] } }).json.skins[skin];
        skinDef.name = name;
        if (!oneRoot) delete skinDef.skeleton;
      },
    };
  };
}
