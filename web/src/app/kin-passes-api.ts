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
}

export interface KinPassesApi {
  /**
   * A pass through the render camera as a PNG data: URL: 'depth' (near
   * bright, over the characters' depth range), 'normal' (camera space,
   * ControlNet 1.1 normalbae colours), 'edges' (Canny, white on black),
   * 'mask' (white on black), 'shaded' (the picture, transparent background).
   * Rejects naming an unknown kind or option, or a bad size.
   */
  renderPass(kind: PassKind, options?: KinPassOptions): Promise<string>;
}

const OPTIONS = ['width', 'height', 'mask'];

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
      if (!(PASS_KINDS as readonly unknown[]).includes(kind)) throw new Error(`kin: no pass ${JSON.stringify(kind)}; the passes are ${PASS_KINDS.join(', ')}`);
      if (typeof options !== 'object' || options === null) throw new Error('kin: renderPass’s options must be an object');
      const unknown = Object.keys(options).filter((key) => !OPTIONS.includes(key));
      if (unknown.length > 0) throw new Error(`kin: renderPass has no option ${unknown.map((k) => JSON.stringify(k)).join(', ')}; its options are ${OPTIONS.join(', ')}`);
      if (options.mask !== undefined && kind !== 'mask') throw new Error(`kin: renderPass’s mask option is for the 'mask' pass, not ${JSON.stringify(kind)}`);
      const passes = pagePasses(page());
      const view = passes.view(options, 'kin.renderPass');
      return blobDataUrl(await passes.png(kind, view, options.mask === undefined ? undefined : checkMask(options.mask)));
    },
  };
}
