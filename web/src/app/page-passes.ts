// The image passes on the page (three/pass-render.ts): the scene's
// characters and props as they stand, through the render camera at its
// size or another, each pass as PNG. One PassRenderer per page, made when
// first asked for (kin.renderPass, the export dialog).
import type { PoseEditor } from '../posing/pose-editor.js';
import { type RenderCameraState, checkSide, verticalFov } from '../scene/render-camera.js';
import type { DepthImage } from '../outputs/pass-images.js';
import type { PicturePixels } from '../three/picture-render.js';
import { type PassMask, PassRenderer } from '../three/pass-render.js';
import type { PictureView } from '../three/render-camera-three.js';
import { picturePng } from '../ui/picture-png.js';
import type { PageCamera } from './page-camera.js';
import type { PageCharacters } from './page-characters.js';
import type { PageProps } from './page-props.js';
import type { PosingView } from './posing-view.js';

/** The image passes (the lead's 'openpose' joins them in the export). */
export const PASS_KINDS = ['depth', 'normal', 'edges', 'mask', 'shaded'] as const;
export type PassKind = (typeof PASS_KINDS)[number];

/** What the passes read of the page. */
export interface PassesPage {
  editor: PoseEditor;
  view: PosingView;
  characters: PageCharacters;
  props: PageProps;
  camera: PageCamera;
}

export class PagePasses {
  readonly renderer: PassRenderer;

  constructor(private readonly page: PassesPage) {
    const { editor, characters, props } = page;
    this.renderer = new PassRenderer(page.view.viewport, {
      characters: () => editor.scene.characters.flatMap((c) => {
        const shown = characters.find(c.id);
        return shown === undefined ? [] : [{ id: c.id, parts: shown.meshes.parts }];
      }),
      props: () => props.meshes.group.children,
    });
  }

  /** The render camera's view at its own size, or at `size` (each side checked: whole pixels, 1 to 8192), its lens's horizontal field kept. */
  view(size: { width?: unknown; height?: unknown } = {}, what = 'passes'): PictureView {
    const state: RenderCameraState = this.page.camera.camera.state;
    const width = size.width === undefined ? state.width : checkSide(size.width, `${what}: width`);
    const height = size.height === undefined ? state.height : checkSide(size.height, `${what}: height`);
    return { position: state.position, target: state.target, width, height, verticalFov: verticalFov({ focalLength: state.focalLength, width, height }) };
  }

  /** The pass's pixels for `view`, drawn now (after a frame, so that every character's pose is uploaded). */
  async pixels(kind: PassKind, view: PictureView, mask: PassMask = 'characters'): Promise<PicturePixels> {
    await this.page.view.nextFrame();
    return this.drawn(kind, view, mask);
  }

  /** The pass's pixels for `view` from what the GPU holds now (the caller has drawn a frame since the poses changed). */
  drawn(kind: PassKind, view: PictureView, mask: PassMask = 'characters'): PicturePixels {
    const passes = this.renderer;
    switch (kind) {
      case 'depth':
        return passes.depth(view);
      case 'normal':
        return passes.normal(view);
      case 'edges':
        return passes.edges(view);
      case 'mask':
        return passes.mask(view, mask);
      case 'shaded':
        return passes.shaded(view);
    }
  }

  /** The raw depth (metres, +Infinity where nothing is drawn) for `view`, drawn now. */
  async depthImage(view: PictureView): Promise<DepthImage> {
    await this.page.view.nextFrame();
    return this.renderer.depthImage(view);
  }

  /** The pass as PNG (the shaded one with a transparent background, the others opaque). */
  async png(kind: PassKind, view: PictureView, mask?: PassMask): Promise<Blob> {
    return picturePng(await this.pixels(kind, view, mask), { background: 'transparent', reference: null });
  }
}

const made = new WeakMap<PassesPage, PagePasses>();

/** The page's passes, made on first use. */
export function pagePasses(page: PassesPage): PagePasses {
  let passes = made.get(page);
  if (passes === undefined) {
    passes = new PagePasses(page);
    made.set(page, passes);
  }
  return passes;
}
