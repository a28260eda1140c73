// The reference image's settings: a picture to pose against, shown either
// behind the scene fixed to the view ('behind': opacity, scale, offset) or on
// a plane standing in the scene ('plane': position, turn, size, opacity),
// and whether Save PNG shows it too. The image itself (its bytes, decoded
// by the page) is beside these; DOM-free.
import { Signal } from '../rig/listener-list.js';
import { shown } from './render-camera.js';

export type ReferenceMode = 'behind' | 'plane';
export const REFERENCE_MODES: readonly ReferenceMode[] = ['behind', 'plane'];

export interface ReferenceSettings {
  mode: ReferenceMode;
  /** 0 (invisible) to 1. */
  opacity: number;
  /** 'behind': 1 fits the picture inside the frame; more enlarges it. */
  scale: number;
  /** 'behind': the picture's shift in fractions of the frame's width and height (+x right, +y up). */
  offset: [number, number];
  /** 'plane': the centre of the plane, world space, metres. */
  position: [number, number, number];
  /** 'plane': its turn about +Y (degrees; 0 faces +Z). */
  turn: number;
  /** 'plane': its height in metres (the width follows the picture's aspect). */
  size: number;
  /** Whether Save PNG and kin.snapshot() show it (behind the characters). */
  inPicture: boolean;
}

export const DEFAULT_REFERENCE: Readonly<ReferenceSettings> = Object.freeze({
  mode: 'behind',
  opacity: 0.5,
  scale: 1,
  offset: [0, 0] as [number, number],
  position: [0, 1, -1] as [number, number, number],
  turn: 0,
  size: 2,
  inPicture: true,
});

const number = (value: unknown, field: string, min: number, max: number): number => {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < min || value > max) {
    throw new Error(`${field} must be a number from ${min} to ${max} (got ${shown(value)})`);
  }
  return value;
};

const numbers = <N extends number>(value: unknown, field: string, count: N, limit: number): number[] => {
  if (!Array.isArray(value) || value.length !== count) throw new Error(`${field} must be ${count} numbers`);
  return value.map((v, i) => number(v, `${field}[${i}]`, -limit, limit));
};

/** `base` with the fields of `change` applied, each checked first; throws naming the wrong field. */
export function withReferenceChanges(base: ReferenceSettings, change: unknown, path: string): ReferenceSettings {
  if (typeof change !== 'object' || change === null || Array.isArray(change)) throw new Error(`${path} must be an object`);
  const record = change as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    if (!(key in DEFAULT_REFERENCE)) throw new Error(`${path}.${key} is not a reference image setting; they are ${Object.keys(DEFAULT_REFERENCE).join(', ')}`);
  }
  const has = (key: keyof ReferenceSettings): boolean => record[key] !== undefined;
  if (has('mode') && !(REFERENCE_MODES as readonly unknown[]).includes(record.mode)) throw new Error(`${path}.mode must be 'behind' or 'plane' (got ${JSON.stringify(record.mode)})`);
  if (has('inPicture') && typeof record.inPicture !== 'boolean') throw new Error(`${path}.inPicture must be true or false`);
  return {
    mode: has('mode') ? (record.mode as ReferenceMode) : base.mode,
    opacity: has('opacity') ? number(record.opacity, `${path}.opacity`, 0, 1) : base.opacity,
    scale: has('scale') ? number(record.scale, `${path}.scale`, 0.05, 20) : base.scale,
    offset: has('offset') ? (numbers(record.offset, `${path}.offset`, 2, 2) as [number, number]) : [...base.offset],
    position: has('position') ? (numbers(record.position, `${path}.position`, 3, 1000) as [number, number, number]) : [...base.position],
    turn: has('turn') ? number(record.turn, `${path}.turn`, -360, 360) : base.turn,
    size: has('size') ? number(record.size, `${path}.size`, 0.01, 100) : base.size,
    inPicture: has('inPicture') ? (record.inPicture as boolean) : base.inPicture,
  };
}

/** What the page shows: the image (decoded elsewhere) and its settings. */
export interface ReferenceImage {
  name: string;
  /** The file's bytes as loaded (a scene file keeps them), and their type. */
  bytes: Uint8Array;
  mime: ImageMime;
  width: number;
  height: number;
}

export type ImageMime = 'image/png' | 'image/jpeg' | 'image/webp';

/** The reference image on the page, or none; tells every change. */
export class Reference {
  private shownImage: ReferenceImage | null = null;
  private current: ReferenceSettings = withReferenceChanges(DEFAULT_REFERENCE, {}, 'reference');
  private readonly changed = new Signal();

  get image(): ReferenceImage | null {
    return this.shownImage;
  }

  get settings(): ReferenceSettings {
    return withReferenceChanges(this.current, {}, 'reference');
  }

  onChange(listener: () => void): () => void {
    return this.changed.add(listener);
  }

  set(change: Partial<ReferenceSettings>, path = 'reference'): void {
    this.current = withReferenceChanges(this.current, change, path);
    this.changed.tell();
  }

  /** Shows `image` (null: none) with `settings`, at once. */
  replace(image: ReferenceImage | null, settings: ReferenceSettings): void {
    this.shownImage = image;
    this.current = withReferenceChanges(settings, {}, 'reference');
    this.changed.tell();
  }
}
