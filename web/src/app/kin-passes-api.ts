// The image passes' member of window.kin (see kin-api.ts): a pass through
// the render camera as a PNG data: URL (page-passes.ts). Options checked at
// the boundary, a wrong one named.
import { blobDataUrl } from '../ui/png-snapshot.js';
import type { PassMask } from '../three/pass-render.js';
import type { KinPage } from './kin-tools-api.js';
import { PASS_KINDS, type PassKind, pagePasses } from './page-passes.js';

export interface KinPassOptions {
  /** The picture's size (whole pixels, 1 to 8192); the render camera's by default. */
  width?: number;
  height?: number;
  /** For 'mask': 'characters' (the default), 'props', or one character by id (kin.characters()). */
  mask?: PassMask;
  /** For 'openpose': draw points hidden behind a body or a prop too (default false). */
  keepHidden?: boolean;
}

export interface KinPassesApi {
  /**
   * A pass through the render camera as a PNG data: URL: 'depth' (near
   * bright, over the characters' depth range), 'normal' (camera space,
   * ControlNet 1.1 normalbae colours), 'edges' (Canny, white on black),
   * 'mask' (white on black), 'shaded' (the picture, transparent background),
   * 'openpose' (the ControlNet skeleton image of the scene's people, hidden
   * points left out unless keepHidden).
   * Rejects naming an unknown kind or option, or a bad size.
   */
  renderPass(kind: PassKind | 'openpose', options?: KinPassOptions): Promise<string>;
  /**
   * The raw depth the depth pass is made from: per pixel the view-axis
   * distance from the render camera in metres, rows top first, +Infinity
   * where nothing is drawn (a copy).
   */
  depthImage(options?: Pick<KinPassOptions, 'width' | 'height'>): Promise<{ width: number; height: number; data: Float32Array }>;
}

const OPTIONS = ['width', 'height', 'mask', 'keepHidden'];

/** The options object, checked: an object with only `allowed` keys. */
function checkOptions<T extends object>(options: T, allowed: readonly string[], what: string): T {
  if (typeof options !== 'object' || options === null) throw new Error(`kin: ${what}’s options must be an object`);
  const unknown = Object.keys(options).filter((key) => !allowed.includes(key));
  if (unknown.length > 0) throw new Error(`kin: ${what} has no option ${unknown.map((k) => JSON.stringify(k)).join(', ')}; its options are ${allowed.join(', ')}`);
  return options;
}

function checkMask(mask: unknown): PassMask {
  if (mask === 'characters' || mask === 'props') return mask;
  if (typeof mask === 'object' && mask !== null && Object.keys(mask).length === 1 && Number.isInteger((mask as { character?: unknown }).character)) {
    return { character: (mask as { character: number }).character };
  }
  throw new Error(`kin: renderPass’s mask is 'characters', 'props' or {character: id}, not ${JSON.stringify(mask)}`);
}

export function createPassesApi(page: () => KinPage): KinPassesApi {
  return {
    renderPass: async (kind, options = {}) => {
      if (kind !== 'openpose' && !(PASS_KINDS as readonly unknown[]).includes(kind)) throw new Error(`kin: no pass ${JSON.stringify(kind)}; the passes are openpose, ${PASS_KINDS.join(', ')}`);
      checkOptions(options, OPTIONS, 'renderPass');
      if (options.mask !== undefined && kind !== 'mask') throw new Error(`kin: renderPass’s mask option is for the 'mask' pass, not ${JSON.stringify(kind)}`);
      if (options.keepHidden !== undefined && (kind !== 'openpose' || typeof options.keepHidden !== 'boolean')) throw new Error(`kin: renderPass’s keepHidden option is true or false, for the 'openpose' pass`);
      const passes = pagePasses(page());
      const view = passes.view(options, 'kin.renderPass');
      if (kind === 'openpose') {
        await page().view.nextFrame();
        const outputs = page().controlNet.outputs;
        return blobDataUrl(await outputs.png(outputs.picture('openpose', view, { hands: true, keepHidden: options.keepHidden ?? false })));
      }
      return blobDataUrl(await passes.png(kind, view, options.mask === undefined ? undefined : checkMask(options.mask)));
    },
    depthImage: async (options = {}) => {
      checkOptions(options, ['width', 'height'], 'depthImage');
      const passes = pagePasses(page());
      const view = passes.view(options, 'kin.depthImage');
      const { width, height, data } = await passes.depthImage(view);
      return { width, height, data };
    },
  };
}
