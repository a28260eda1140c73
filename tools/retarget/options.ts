// The batch retarget tool's command line:
//   npm run retarget -- <source files…> --onto <character.glb|.gltf> --out <dir>
//                       [--mode rotation|ik] [--fps N] [--workers N] [--bvh] [--map map.json]
// A bad command line throws UsageError naming the option and what is wrong.
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RetargetMode } from '../../web/src/rig/retarget.js';
import type { BoneMapEntries } from '../../web/src/rig/bone-map-entries.js';

export interface BatchOptions {
  sources: string[];
  /** The character the motion goes onto (a .glb or .gltf). */
  onto: string;
  out: string;
  mode: RetargetMode;
  /** Frames per second of the output; 0: the source's key times. */
  fps: number;
  workers: number;
  /** Also write each result as BVH. */
  bvh: boolean;
  /** A bone map file (bone-map-file.ts), or null: the map is guessed from bone roles. */
  map: string | null;
}

/** What every worker needs to know of the options. */
export type WorkerSetup = Pick<BatchOptions, 'out' | 'mode' | 'fps' | 'bvh' | 'onto'> & {
  /** The map file's entries, read once by the main thread, or null. */
  mapEntries: BoneMapEntries | null;
};

export class UsageError extends Error {
  override name = 'UsageError';
}

export const USAGE = `usage: npm run retarget -- <source files…> --onto <character.glb|.gltf> --out <dir> [--mode rotation|ik] [--fps N] [--workers N] [--bvh] [--map map.json]
  sources   BVH files, or glTF/GLB files with animations (each animation is retargeted)
  --onto    the character to retarget onto (default: the default character, assets/character.glb)
  --out     the directory for <name>.glb, <name>.report.json (and <name>.bvh with --bvh)
  --mode    rotation (default) or ik (IK retargeting, with the feet's contacts locked)
  --fps     frames per second of the result (default: the source's keys)
  --workers worker threads, each with its own WASM module (default: min(cores, files))
  --map     a JSON object from target bone names to source bone names (or null: unmapped), put over
            the map guessed from bone roles; the report says which bones were given and which guessed`;

export const DEFAULT_CHARACTER = fileURLToPath(new URL('../../assets/character.glb', import.meta.url));
const MODES: readonly RetargetMode[] = ['rotation', 'ik'];

function number(option: string, text: string | undefined, integer: boolean, min: number): number {
  const value = Number(text);
  if (text === undefined || text.trim() === '' || !Number.isFinite(value) || value < min || (integer && !Number.isInteger(value))) {
    throw new UsageError(`${option} takes ${integer ? 'a whole number' : 'a number'} ≥ ${min}, not '${text ?? ''}'`);
  }
  return value;
}

/** The options of `args` (the command line after the script's name), their paths resolved against `cwd`. */
export function parseOptions(args: readonly string[], cwd: string): BatchOptions {
  const sources: string[] = [];
  let onto = DEFAULT_CHARACTER;
  let out: string | undefined;
  let mode: RetargetMode = 'rotation';
  let fps = 0;
  let workers: number | undefined;
  let bvh = false;
  let map: string | null = null;
  for (let k = 0; k < args.length; k++) {
    const arg = args[k];
    const value = (): string => {
      const next = args[++k];
      if (next === undefined || next.startsWith('--')) throw new UsageError(`${arg} needs a value`);
      return next;
    };
    if (arg === '--onto') onto = value();
    else if (arg === '--out') out = value();
    else if (arg === '--mode') {
      const text = value();
      if (!MODES.includes(text as RetargetMode)) throw new UsageError(`--mode is one of ${MODES.join(', ')}, not '${text}'`);
      mode = text as RetargetMode;
    } else if (arg === '--fps') fps = number(arg, value(), false, 0);
    else if (arg === '--workers') workers = number(arg, value(), true, 1);
    else if (arg === '--bvh') bvh = true;
    else if (arg === '--map') map = value();
    else if (arg.startsWith('--')) throw new UsageError(`unknown option ${arg}`);
    else sources.push(arg);
  }
  if (sources.length === 0) throw new UsageError('no source files given');
  if (out === undefined) throw new UsageError('--out <dir> is required');
  const path = (p: string): string => resolve(cwd, p);
  return { sources: sources.map(path), onto: path(onto), out: path(out), mode, fps, workers: workers ?? Math.max(1, Math.min(availableParallelism(), sources.length)), bvh, map: map === null ? null : path(map) };
}
