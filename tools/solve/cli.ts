// The batch solve tool: many independent IK solves of one rig (a batch file,
// batch-file.ts) spread over worker threads, each with its own WASM module
// (solve-pool.ts: the page's solve worker in worker_threads).
//   npm run solve-batch -- <batch.json> --out <answers.json> [--threads N]
// The answers are those of one thread, bit for bit, in request order,
// whatever N. Exit code 0 when every request was solved, 1 when any was
// refused (its answer names why) or the batch cannot be read, 2 for a bad
// command line.
import { readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { errorMessage } from '../../web/src/text/error-message.js';
import { type Batch, answersJson, readBatch } from './batch-file.js';
import { SolvePool } from './solve-pool.js';

export const USAGE = `usage: npm run solve-batch -- <batch.json> --out <answers.json> [--threads N]
  batch.json  {bones, solver, options, moveRoot, goals, requests: [{angles, rootOffset, targets}]}
  --out       where the answers go: {answers: [{status, iterations, error, angles, rootOffset} | {failed}]}
  --threads   worker threads, each with its own WASM module (default: the cores, at most the requests)`;

interface CliOptions {
  batch: string;
  out: string;
  threads: number | undefined;
}

function parse(args: readonly string[], cwd: string): CliOptions | string {
  let batch: string | undefined;
  let out: string | undefined;
  let threads: number | undefined;
  for (let k = 0; k < args.length; k++) {
    const arg = args[k];
    if (arg === '--out' || arg === '--threads') {
      const value = args[++k];
      if (value === undefined || value.startsWith('--')) return `${arg} needs a value`;
      if (arg === '--out') out = value;
      else {
        threads = Number(value);
        if (value.trim() === '' || !Number.isInteger(threads) || threads < 1) return `--threads takes a whole number ≥ 1, not '${value}'`;
      }
    } else if (arg.startsWith('--')) return `unknown option ${arg}`;
    else if (batch !== undefined) return `one batch file at a time ('${batch}', then '${arg}')`;
    else batch = arg;
  }
  if (batch === undefined) return 'no batch file given';
  if (out === undefined) return '--out <answers.json> is required';
  return { batch: resolve(cwd, batch), out: resolve(cwd, out), threads };
}

/** Runs the tool on `args` (the command line after the script); returns the exit code. */
export async function main(args: readonly string[], log: (line: string) => void = (line) => process.stderr.write(`${line}\n`)): Promise<number> {
  // npm runs scripts in the package's folder; INIT_CWD is where the user typed the command.
  const options = parse(args, process.env.INIT_CWD ?? process.cwd());
  if (typeof options === 'string') {
    log(`solve-batch: ${options}\n${USAGE}`);
    return 2;
  }
  let batch: Batch;
  try {
    batch = readBatch(readFileSync(options.batch, 'utf8'));
  } catch (error) {
    log(`solve-batch: ${options.batch}: ${errorMessage(error)}`);
    return 1;
  }
  const threads = options.threads ?? Math.max(1, Math.min(availableParallelism(), batch.requests.length));
  const pool = new SolvePool(threads);
  try {
    const began = performance.now();
    const outcomes = await pool.solveAll(batch.setup, batch.requests);
    const seconds = (performance.now() - began) / 1000;
    writeFileSync(options.out, answersJson(outcomes));
    const failed = outcomes.flatMap((o, r) => (o.ok ? [] : [`  request ${r}: ${o.message}`]));
    log(`Solved ${outcomes.length - failed.length} of ${outcomes.length} request(s) in ${seconds.toFixed(2)} s on ${threads} thread(s); answers in ${options.out}${failed.length === 0 ? '.' : `; ${failed.length} refused:\n${failed.join('\n')}`}`);
    return failed.length === 0 ? 0 : 1;
  } catch (error) {
    log(`solve-batch: ${errorMessage(error)}`);
    return 1;
  } finally {
    await pool.close();
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = await main(process.argv.slice(2));
}
