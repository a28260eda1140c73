// User models on this page: the "Load model…" button, dropping a file on the
// page, the page URL's ?model=, the skin chooser, and the banner that says
// how a load went. A loaded model lets a share link that waits for it apply.
import type { KinModule } from '../wasm/generated/kin.js';
import { DropZone } from './drop-zone.js';
import type { Hud } from './hud.js';
import { LinkBanner } from './banner.js';
import { ModelButton } from './model-button.js';
import { type ModelLoadOutcome, ModelLoader } from '../import/model-loader.js';
import type { PageLinks } from '../share/page-links.js';
import type { PosingApp } from '../app/posing-app.js';
import { chooseSkin } from './skin-chooser.js';

export class PageModels {
  readonly loader: ModelLoader;
  private readonly dropZone: DropZone;
  private readonly banner: LinkBanner;

  /**
   * The button goes into the HUD, which also keeps the loaded model's
   * warnings in view; without a HUD (embed mode) models come only from
   * ?model= and dropped files.
   */
  constructor(app: PosingApp, module: KinModule, root: HTMLElement, hud: Hud | null, links: PageLinks) {
    const banner = new LinkBanner(root, 'model-banner');
    this.banner = banner;
    this.loader = new ModelLoader(app, module, {
      report: (text, kind) => banner.show(text, kind),
      chooseSkin: (fileName, model) => chooseSkin(root, fileName, model.skins),
      replaced: () => {
        const { source } = app;
        hud?.warn(source.kind === 'gltf' && source.warnings.length > 0 ? source.warnings.join(' ') : null);
        links.characterChanged();
      },
    });
    if (hud) new ModelButton(hud.element, (file) => void this.loader.load(file));
    this.dropZone = new DropZone(root, (file) => void this.loader.load(file));
  }

  /** Shows a problem with a character (from another control) in the models' banner. */
  report(problem: string): void {
    this.banner.show(problem, 'problem');
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
