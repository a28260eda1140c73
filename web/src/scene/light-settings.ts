// The page's lights as a user sets them: where the key light comes from
// (azimuth about +Y from the front, +Z, towards +X; elevation above the
// floor, degrees), how strong it is, and the ambient level (the sky/ground
// light), each a factor on the page's look (1: as the page opens).
// DOM-free; three/page-lights.ts puts them into the shaders and lights.
import { Signal } from '../rig/listener-list.js';
import { shown } from './render-camera.js';

export interface LightSettings {
  keyAzimuth: number;
  keyElevation: number;
  keyIntensity: number;
  ambient: number;
}

export const MAX_LIGHT_LEVEL = 10;

/** The azimuth and elevation (degrees) of a direction towards a light. */
export function anglesOf(direction: readonly number[]): { azimuth: number; elevation: number } {
  const [x, y, z] = direction;
  const length = Math.hypot(x, y, z);
  return { azimuth: (Math.atan2(x, z) * 180) / Math.PI, elevation: (Math.asin(y / length) * 180) / Math.PI };
}

/** The unit direction towards a light at `azimuth`, `elevation` (degrees). */
export function directionOf(azimuth: number, elevation: number): [number, number, number] {
  const a = (azimuth * Math.PI) / 180;
  const e = (elevation * Math.PI) / 180;
  return [Math.cos(e) * Math.sin(a), Math.sin(e), Math.cos(e) * Math.cos(a)];
}

const RANGES: Readonly<Record<keyof LightSettings, [number, number, string]>> = {
  keyAzimuth: [-360, 360, 'degrees'],
  keyElevation: [-90, 90, 'degrees'],
  keyIntensity: [0, MAX_LIGHT_LEVEL, '× the page’s key light'],
  ambient: [0, MAX_LIGHT_LEVEL, '× the page’s ambient light'],
};

/** `base` with the fields of `change` applied, all checked first; throws naming the wrong field. */
export function withLightChanges(base: LightSettings, change: unknown, path: string): LightSettings {
  if (typeof change !== 'object' || change === null || Array.isArray(change)) throw new Error(`${path} must be an object {keyAzimuth, keyElevation, keyIntensity, ambient}`);
  const record = change as Record<string, unknown>;
  const next = { ...base };
  for (const key of Object.keys(record)) {
    if (!(key in RANGES)) throw new Error(`${path}.${key} is not a light setting; they are ${Object.keys(RANGES).join(', ')}`);
    const value = record[key];
    const [min, max, unit] = RANGES[key as keyof LightSettings];
    if (typeof value !== 'number' || !Number.isFinite(value) || value < min || value > max) {
      throw new Error(`${path}.${key} must be a number from ${min} to ${max} (${unit}; got ${shown(value)})`);
    }
    next[key as keyof LightSettings] = value;
  }
  return next;
}

export function checkLights(value: unknown, path: string, defaults: LightSettings): LightSettings {
  if (typeof value === 'object' && value !== null) {
    for (const key of Object.keys(RANGES)) if (!(key in value)) throw new Error(`${path}.${key} is missing`);
  }
  return withLightChanges(defaults, value, path);
}

/** The page's light settings, starting from `defaults` (the page's look); tells every change. */
export class Lights {
  private current: LightSettings;
  private readonly changed = new Signal();

  constructor(readonly defaults: Readonly<LightSettings>) {
    this.current = { ...defaults };
  }

  get settings(): LightSettings {
    return { ...this.current };
  }

  onChange(listener: () => void): () => void {
    return this.changed.add(listener);
  }

  set(change: Partial<LightSettings>, path = 'lights'): void {
    this.current = withLightChanges(this.current, change, path);
    this.changed.tell();
  }

  reset(): void {
    this.current = { ...this.defaults };
    this.changed.tell();
  }
}
