// glTF 2.0 (.glb, or .gltf with its data embedded or handed over beside it)
// as a character to pose: the file is checked and parsed (gltf-model.ts) —
// its relative URIs read from the files handed over with it
// (companion-files.ts) or, for a model from this site, from beside it — a
// skin chosen (asking when the file has several), and its rig and meshes
// made ready (gltf-skin-import.ts) with goals found from the rig's names
// (posing/found-goals.ts); a file this page exported opens as the rig it
// was, in the pose it was exported in (exported-pose.ts). Meshes keep the
// file's materials; one without a material of the file's is drawn in the
// page's look.
import { foundGoalLayouts } from '../posing/found-goals.js';
import type { GltfCharacterSource } from '../posing/character-source.js';
import type { Rig } from '../rig/rig.js';
import { errorMessage } from '../text/error-message.js';
import { plural } from '../text/plural.js';
import type { KinModule } from '../wasm/generated/kin.js';
import { CompanionFiles } from './companion-files.js';
import { type GltfModel, hasFileMaterial, parseGltfModel } from './gltf-model.js';
import { type GltfClips, gltfClips } from './gltf-animation.js';
import { GltfFileError } from './glb-container.js';
import { type ImportedSkin, importSkin } from './gltf-skin-import.js';
import { type PosedSkinRig, posedSkinRig } from './exported-pose.js';
import type { ImportFiles, ImportOptions, ImportQuestions, ImportResult, Importer } from './importer.js';
import type { ModelBytes } from './model-input.js';

const GLB_MAGIC = 0x46546c67; // 'glTF', little-endian

export class GltfImporter implements Importer {
  readonly format = 'glTF';

  constructor(private readonly module: KinModule) {}

  /** A .glb or .gltf by name; else by content: the GLB magic, or JSON text that names a glTF asset. */
  accepts(file: ModelBytes): boolean {
    if (/\.(glb|gltf)$/i.test(file.name)) return true;
    if (file.bytes.byteLength >= 4 && new DataView(file.bytes).getUint32(0, true) === GLB_MAGIC) return true;
    const head = new TextDecoder().decode(file.bytes.slice(0, 4096));
    return /^\s*\{/.test(head) && head.includes('"asset"');
  }

  async import(files: ImportFiles, questions: ImportQuestions, options: ImportOptions): Promise<ImportResult> {
    const file = files.main;
    const model = await parse(file, files.companions);
    const skin = options.skin ?? (model.skins.length === 1 ? model.skins[0].index : await questions.chooseSkin(file.name, model));
    if (skin === null) throw new Error('no skin was chosen');
    const imported = importSkin(model, skin);
    const { rig, desc, presets, warning } = rigOfSkin(this.module, imported);
    const animations = playable(rig, gltfClips(model.gltf.animations, desc));
    const source: GltfCharacterSource = {
      kind: 'gltf',
      name: file.name,
      skin: imported.skin.index,
      skinName: imported.skin.name,
      influences: imported.influences,
      warnings: [...imported.warnings, ...(warning === null ? [] : [warning]), ...animations.warnings],
    };
    const joints = imported.skin.skeleton.bones.length;
    return {
      kind: 'character',
      parts: {
        rig,
        layouts: foundGoalLayouts,
        meshes: imported.meshes.map((mesh) => ({ mesh, material: hasFileMaterial(model, mesh) ? 'own' : 'page-look' })),
        jointToBone: desc.jointToBone,
        info: { source, presets },
        clips: animations.clips,
      },
      summary: [`Loaded '${file.name}': skin '${source.skinName}', ${plural(joints, 'joint')}, ${source.influences} influences per vertex.`, ...source.warnings].join(' '),
    };
  }
}

/**
 * The skin's rig from the core; what the core refuses (a singular inverse
 * bind, a rest pose beyond its bounds) is a problem of the file's skin, said
 * as importSkin says its own.
 */
function rigOfSkin(module: KinModule, imported: ImportedSkin): PosedSkinRig {
  try {
    return posedSkinRig(module, imported.skin.skeleton, imported.rig);
  } catch (error) {
    throw new GltfFileError(`skin '${imported.skin.name}': ${errorMessage(error).replace(/^Rig: /, '')}`);
  }
}

/** The clips the core accepts for the rig (it checks times, values, tangents); the others are named in a warning. */
function playable(rig: Rig, { clips, warnings }: GltfClips): GltfClips {
  const accepted = clips.filter((clip) => {
    try {
      rig.clips.setClip(clip);
      return true;
    } catch (error) {
      warnings.push(`Animation '${clip.name}' cannot be played: ${errorMessage(error)}.`);
      return false;
    }
  });
  rig.clips.clearClip();
  return { clips: accepted, warnings };
}

/** Checks and parses the file, its relative URIs read as its source says. */
async function parse(file: ModelBytes, companions: ReadonlyMap<string, ArrayBuffer>): Promise<GltfModel> {
  if (file.uris.kind === 'site') return parseGltfModel(file.bytes, file.uris);
  const files = new CompanionFiles(file.name, companions);
  try {
    return await parseGltfModel(file.bytes, files);
  } finally {
    files.revoke();
  }
}
