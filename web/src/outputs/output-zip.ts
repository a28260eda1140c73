// Several outputs as one download: a zip (fflate) whose PNGs go in stored
// (they are compressed already) and whose JSON is deflated. Names are the
// caller's (folders by pass, frames numbered); a name given twice is an error
// rather than a silent overwrite.
import { strToU8, zipSync } from 'fflate';

export interface OutputFile {
  name: string;
  bytes: Uint8Array | string;
}

export function zipOutputs(files: readonly OutputFile[]): Uint8Array<ArrayBuffer> {
  const entries: Record<string, [Uint8Array, { level: 0 | 6 }]> = {};
  for (const { name, bytes } of files) {
    if (Object.hasOwn(entries, name)) throw new Error(`outputs: two files named ${JSON.stringify(name)}`);
    entries[name] = typeof bytes === 'string' ? [strToU8(bytes), { level: 6 }] : [bytes, { level: 0 }];
  }
  return zipSync(entries) as Uint8Array<ArrayBuffer>;
}
