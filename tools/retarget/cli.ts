// The batch retarget tool (issue 13, "Batch, headless"): motion files onto
// one character, in parallel worker threads, each with its own WASM module.
//   npm run retarget -- <source files…> --onto <character.glb> --out <dir> [--mode rotation|ik] [--fps N] [--workers N] [--bvh]
// Progress and problems go to stderr, one line per file as it finishes; a
// file that fails is named with its problem while the others go on. Exit
// code 0 when every file was retargeted, 1 when any failed (or the
// character cannot be used), 2 for a bad command line.
import { mkdirSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { errorMessage } from '../../web/src/text/error-message.js';
import type { BoneMapEntries } from '../../web/src/rig/bone-map-entries.js';
import { readBoneMapFile } from './bone-map-file.js';
import { type BatchOptions, USAGE, UsageError, parseOptions } from './options.js';
import { type BatchFile, batchFiles } from './output-names.js';
import { type FileOutcome, runBatch } from './pool.js';

function progressLine(outcome: FileOutcome, done: number, files: readonly BatchFile[]): string {
  const name = basename(files[outcome.index].path);
  const head = `[${done}/${files.length}] ${name}`;
  if (!outcome.ok) return `${head}: FAILED: ${outcome.message}`;
  const { clips, warnings } = outcome.result;
  const outputs = clips.map((clip) => basename(clip.files[0])).join(', ');
  const errors = clips.map((clip) => `${clip.meanAngle_deg.toFixed(2)}°`).join(', ');
  return [`${head} → ${outputs} ${outcome.seconds.toFixed(1)} s, mean angle error ${errors}`, ...warnings.map((w) => `  warning: ${w}`)].join('\n');
}

/** Runs the tool on `args` (the command line after the script); returns the exit code. */
export async function main(args: readonly string[], log: (line: string) => void = (line) => process.stderr.write(`${line}\n`)): Promise<number> {
  let options: BatchOptions;
  try {
    // npm runs scripts in the package's folder; INIT_CWD is where the user typed the command.
    options = parseOptions(args, process.env.INIT_CWD ?? process.cwd());
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    log(`retarget: ${error.message}\n${USAGE}`);
    return 2;
  }
  try {
    mkdirSync(options.out, { recursive: true });
  } catch (error) {
    log(`retarget: the output directory '${options.out}' cannot be made: ${errorMessage(error)}`);
    return 1;
  }
  let mapEntries: BoneMapEntries | null = null;
  try {
    if (options.map !== null) mapEntries = readBoneMapFile(options.map);
  } catch (error) {
    log(`retarget: ${errorMessage(error)}`);
    return 1;
  }
  const files = batchFiles(options.sources, options.out);
  const began = performance.now();
  let done = 0;
  let outcomes: FileOutcome[];
  try {
    const { out, mode, fps, bvh, onto } = options;
    outcomes = await runBatch(files, { out, mode, fps, bvh, onto, mapEntries }, options.workers, (outcome) => log(progressLine(outcome, ++done, files)));
  } catch (error) {
    log(`retarget: ${errorMessage(error)}`);
    return 1;
  }
  const seconds = (performance.now() - began) / 1000;
  const failed = outcomes.filter((o) => !o.ok);
  const clips = outcomes.reduce((sum, o) => sum + (o.ok ? o.result.clips.length : 0), 0);
  const workers = Math.min(options.workers, files.length);
  log(
    `Retargeted ${files.length - failed.length} of ${files.length} file(s) (${clips} clip(s)) onto ${basename(options.onto)} in ${seconds.toFixed(1)} s ` +
      `(${((files.length - failed.length) / seconds).toFixed(2)} files/s, ${workers} worker(s)), outputs in ${options.out}` +
      (failed.length === 0 ? '.' : `; ${failed.length} failed:\n${failed.map((o) => `  ${files[o.index].path}: ${o.ok ? '' : o.message}`).join('\n')}`),
  );
  return failed.length === 0 ? 0 : 1;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = await main(process.argv.slice(2));
}
