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
import { SCENE_FILE_EXTENSION } from '../scene/scene-file.js';

export interface PageModelsHooks {
  showCharacter(parts: CharacterParts): void;
  applyPose(pose: NamedPose): string;
  /** A scene file picked or dropped (it replaces the scene); resolves to the problem that kept it out, or null. */
  openScene(file: File): Promise<string | null>;
  /** A lone picture dropped on the page: the reference image. */
  loadImage?(file: File): void;
}

/** What the file picker offers: glTF and its companions (buffers, textures), BVH motion, and pose JSON. */
export const ACCEPTED_FILES = `.glb,.gltf,.bin,.png,.jpg,.jpeg,.webp,.bvh,.json,${SCENE_FILE_EXTENSION},model/gltf-binary,model/gltf+json,application/json`;

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
    this.dropZone = new DropZone(root, viewport, (files) => void this.loadFiles(files), hooks.loadImage ?? null);
    this.openScene = hooks.openScene;
  }

  private readonly openScene: (file: File) => Promise<string | null>;

  /** Shows a problem with a character (from another control), or a note about it, in the models' banner. */
  report(text: string, kind: 'problem' | 'note' = 'problem'): void {
    this.banner.show(text, kind);
  }

  /** Hides the banner (kin.reset()). */
  clearReport(): void {
    this.banner.hide();
  }

  /** Loads files the user picked or dropped: a scene file opens in place of the scene, anything else loads as a model or pose. */
  async loadFiles(files: readonly File[]): Promise<ModelLoadOutcome> {
    const scene = files.find((file) => file.name.toLowerCase().endsWith(SCENE_FILE_EXTENSION));
    if (scene === undefined) return this.loader.load(files);
    if (files.length > 1) {
      const error = `Open a scene file on its own: ${scene.name} came with ${files.length - 1} other file(s)`;
      this.report(error);
      return { ok: false, error };
    }
    this.report(`Opening ${scene.name}…`, 'note');
    const problem = await this.openScene(scene);
    if (problem !== null) {
      this.report(problem);
      return { ok: false, error: problem };
    }
    this.report(`Opened ${scene.name}.`, 'note');
    return { ok: true, kind: 'scene', summary: `Opened ${scene.name}.` };
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
