// The names of a batch's outputs (without extension): a source's file name
// without its extension, numbered when two sources share one or when its
// outputs would overwrite a source; a file with several animations adds each
// animation's name.
import { basename, resolve } from 'node:path';
import { fileSafeName } from '../../web/src/text/file-safe-name.js';

/** One source of a batch and the name its outputs take. */
export interface BatchFile {
  path: string;
  /** The outputs' name without extension. */
  base: string;
}

const OUTPUT_EXTENSIONS = ['.glb', '.bvh', '.report.json'];

/**
 * Each source's output name: its file name without extension, numbered when
 * two sources share one, and never one whose outputs would overwrite a source.
 */
export function batchFiles(sources: readonly string[], out: string): BatchFile[] {
  const inputs = new Set(sources.map((path) => resolve(path)));
  const used = new Set<string>();
  return sources.map((path) => {
    const stem = basename(path).replace(/\.(bvh|glb|gltf)$/i, '');
    let base = stem;
    for (let k = 2; used.has(base) || OUTPUT_EXTENSIONS.some((ext) => inputs.has(resolve(out, base + ext))); k++) base = `${stem}-${k}`;
    used.add(base);
    return { path, base };
  });
}

/** Per clip, the output base: `base` for a single clip, else `base-<clip>` (numbered when two clips share a name). */
export function outputBases(base: string, clipNames: readonly string[]): string[] {
  if (clipNames.length === 1) return [base];
  const used = new Set<string>();
  return clipNames.map((name) => {
    const stem = `${base}-${fileSafeName(name, 'clip')}`;
    let candidate = stem;
    for (let k = 2; used.has(candidate); k++) candidate = `${stem}-${k}`;
    used.add(candidate);
    return candidate;
  });
}

