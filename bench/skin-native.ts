// Our native build in the skinning benchmark: bench/native/skinning_bench is
// fed the palette and the workload over stdin, times every LbsJob / DqsJob
// call itself (both kernel builds), and prints the last result of each, which
// the benchmark checks against the WASM module's.
import { nativeTool, runNativeTool } from './native-tool.js';
import type { SkinWorkload } from './skin-workloads.js';

const NATIVE_SKINNING_TOOL = nativeTool('skinning_bench');

export interface NativeSkinRun {
  method: 'lbs' | 'dqs';
  kernel: 'simd' | 'portable';
  micros: number[];
  positions: Float64Array;
  normals: Float64Array;
}

export function runNativeSkinning(palette: Float32Array, workload: SkinWorkload, maxCalls: number, budgetMs: number): NativeSkinRun[] {
  const lines = [String(palette.length / 16), Array.from(palette).join(' '), String(workload.vertices)];
  for (let v = 0; v < workload.vertices; v++) {
    lines.push(
      [
        ...workload.positions.subarray(3 * v, 3 * v + 3), ...workload.normals.subarray(3 * v, 3 * v + 3),
        ...workload.rigJoints.subarray(4 * v, 4 * v + 4), ...workload.weights.subarray(4 * v, 4 * v + 4),
      ].join(' '),
    );
  }
  lines.push(`${maxCalls} ${budgetMs}`);
  const output = runNativeTool(NATIVE_SKINNING_TOOL, lines.join('\n') + '\n');
  const out = output.trim().split('\n');
  const runs: NativeSkinRun[] = [];
  for (let line = 0; line < out.length; line += 4) {
    const [method, kernel] = out[line].split(' ') as [NativeSkinRun['method'], NativeSkinRun['kernel']];
    runs.push({
      method,
      kernel,
      micros: out[line + 1].split(' ').map(Number),
      positions: Float64Array.from(out[line + 2].split(' ').map(Number)),
      normals: Float64Array.from(out[line + 3].split(' ').map(Number)),
    });
  }
  return runs;
}
