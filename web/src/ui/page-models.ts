// Files on this page: "Load…" in the File menu, files dropped on the view,
// the page URL's ?model=, the skin chooser, and the banner that says how a
// load went. The loader (import/model-loader.ts) picks the importer; a
// character it makes goes on screen through `showCharacter`, a pose to the
// character on screen through `applyPose`.
import type { CharacterParts } from '../import/character-parts.js';
import type { Importer } from '../import/importer.js';
import { type ModelLoadOutcome, ModelLoader } from '../import/model-loader.js';
import type { NamedPose } from '../posing/named-pose.js';
import { LinkBanner } from './banner.js';
import { DropZone } from './drop-zone.js';
import { chooseSkin } from './skin-chooser.js';

export interface PageModelsHooks {
  showCharacter(parts: CharacterParts): void;
  applyPose(pose: NamedPose): string;
  /** A lone picture dropped on the page: the reference image. */
  loadImage?(file: File): void;
}

/** What the file picker offers: glTF and its companions (buffers, textures), BVH motion, and pose JSON. */
export const ACCEPTED_FILES = '.glb,.gltf,.bin,.png,.jpg,.jpeg,.webp,.bvh,.json,model/gltf-binary,model/gltf+json,application/json';

export class PageModels {
  readonly loader: ModelLoader;
  private readonly dropZone: DropZone;
  private readonly banner: LinkBanner;

  /** Files dropped anywhere on `root` load; the banner and the drop hint go into `viewport` (the view's region), dialogs into `root`. */
  constructor(importers: readonly Importer[], root: HTMLElement, viewport: HTMLElement, hooks: PageModelsHooks) {
    const banner = new LinkBanner(viewport, 'model-banner');
    this.banner = banner;
    this.loader = new ModelLoader(importers, {
      report: (text, kind) => banner.show(text, kind),
      chooseSkin: (fileName, model) => chooseSkin(root, fileName, model.skins),
      showCharacter: hooks.showCharacter,
      applyPose: hooks.applyPose,
    });
    this.dropZone = new DropZone(root, viewport, (files) => void this.loader.load(files), hooks.loadImage ?? null);
  }

  /** Shows a problem with a character (from another control), or a note about it, in the models' banner. */
  report(text: string, kind: 'problem' | 'note' = 'problem'): void {
    this.banner.show(text, kind);
  }

  /** Hides the banner (kin.reset()). */
  clearReport(): void {
    this.banner.hide();
  }

  /** Loads files the user picked. */
  loadFiles(files: readonly File[]): Promise<ModelLoadOutcome> {
    return this.loader.load(files);
  }

  /** Starts loading the page URL's ?model=, if it has one. */
  loadFromPageUrl(): Promise<ModelLoadOutcome> | null {
    const url = new URL(location.href).searchParams.get('model');
    return url === null ? null : this.loader.load(url);
  }

  dispose(): void {
    this.dropZone.dispose();
  }
}
