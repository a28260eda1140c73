// Loads a user's glTF/GLB and puts it on the page in place of the character
// shown: read the bytes (model-input.ts), check and parse them
// (rig/gltf-model.ts), choose a skin (asking when the file has several),
// build the rig, the posing session with goals found for it (gltf-goals.ts)
// and the meshes, then swap them in and frame them (character-swap.ts). Everything is built
// before anything is swapped: whatever fails on the way is reported by a
// message naming the problem, and the character on screen stays, posable.
// Loads run one at a time, in the order asked.
import { type GltfModel, parseGltfModel } from './gltf-model.js';
import { importSkin } from './gltf-skin-import.js';
import { Rig } from '../rig/rig.js';
import { plural } from '../text/plural.js';
import type { KinModule } from '../wasm/generated/kin.js';
import type { GltfCharacterSource } from '../posing/character-source.js';
import { swapCharacter } from '../app/character-swap.js';
import { errorMessage } from '../ui/error-overlay.js';
import { goalLayoutsFor } from '../posing/found-goals.js';
import { type ModelInput, readModelInput } from './model-input.js';
import type { PosingApp } from '../app/posing-app.js';

export type ModelLoadOutcome = { ok: true; model: GltfCharacterSource } | { ok: false; error: string };

export interface ModelLoadOptions {
  /** The file's skin to pose, by its index in the file (default: the only one, or ask). */
  skin?: number;
}

/** What the loader needs from the page around it. */
export interface ModelLoaderHooks {
  /** Shows what happened: a problem (nothing changed), or a note (loaded, perhaps with warnings). */
  report(text: string, kind: 'problem' | 'note'): void;
  /** Asks which of several skins to pose; null when the user declines. */
  chooseSkin(fileName: string, model: GltfModel): Promise<number | null>;
  /** The new character is on screen. */
  replaced(): void;
}

export class ModelLoader {
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly app: PosingApp,
    private readonly module: KinModule,
    private readonly hooks: ModelLoaderHooks,
  ) {}

  /** Loads a model after any load already under way; never throws (the outcome says what happened). */
  load(input: ModelInput, options: ModelLoadOptions = {}): Promise<ModelLoadOutcome> {
    const next = this.queue.then(() => this.loadNow(input, options));
    this.queue = next;
    return next;
  }

  private async loadNow(input: ModelInput, options: ModelLoadOptions): Promise<ModelLoadOutcome> {
    let name = typeof input === 'string' ? 'the model' : `'${input.name}'`;
    try {
      const file = await readModelInput(input);
      name = `'${file.name}'`;
      this.hooks.report(`Loading ${name}…`, 'note');
      const model = await parseGltfModel(file.bytes, file);
      const skin = options.skin ?? (model.skins.length === 1 ? model.skins[0].index : await this.hooks.chooseSkin(file.name, model));
      if (skin === null) throw new Error('no skin was chosen');
      const imported = importSkin(model, skin);
      const source: GltfCharacterSource = {
        kind: 'gltf',
        name: file.name,
        skin: imported.skin.index,
        skinName: imported.skin.name,
        influences: imported.influences,
        warnings: imported.warnings,
      };
      const { jointToBone } = imported.rig;
      swapCharacter(this.app, { rig: Rig.create(this.module, imported.rig.bones), layouts: goalLayoutsFor, meshes: imported.meshes, jointToBone, source });
      const joints = imported.skin.skeleton.bones.length;
      this.hooks.report([`Loaded ${name}: skin '${source.skinName}', ${plural(joints, 'joint')}, ${source.influences} influences per vertex.`, ...source.warnings].join(' '), 'note');
      this.hooks.replaced();
      return { ok: true, model: source };
    } catch (error) {
      const message = `Could not load ${name}: ${errorMessage(error)}`;
      this.hooks.report(message, 'problem');
      return { ok: false, error: message };
    }
  }
}
