// Our native build in the clip-playback benchmark: bench/native/animation_bench
// is fed the rig, the clip and the schedule over stdin, times its batches of
// Rig::SampleClip calls itself and prints the palette at the check times,
// which the benchmark compares with the WASM module's.
import type { ClipData } from '../web/src/animation/clip.js';
import { builtContract } from '../web/src/rig/contract.js';
import type { BoneDesc } from '../web/src/rig/rig-desc.js';
import { clipLines, rigLines } from '../tests/web/native-input.js';
import { nativeTool, runNativeTool } from './native-tool.js';

const NATIVE_ANIMATION_TOOL = nativeTool('animation_bench');

export interface NativePlayback {
  /** Microseconds per batch of `frames` calls. */
  batchMicros: number[];
  /** The palette at each check time. */
  palettes: Float64Array[];
  /** The pose (3 angles per bone) at each check time. */
  poses: Float64Array[];
}

export function runNativePlayback(
  bones: readonly BoneDesc[], clip: ClipData, schedule: { frames: number; dt: number; maxBatches: number; budgetMs: number }, checkTimes: readonly number[],
): NativePlayback {
  const loop = builtContract.loopModes.indexOf('loop');
  const input = [
    ...rigLines(bones), ...clipLines(clip),
    `${schedule.frames} ${schedule.dt} ${schedule.maxBatches} ${schedule.budgetMs} ${loop}`,
    `${checkTimes.length} ${checkTimes.join(' ')}`,
  ];
  const out = runNativeTool(NATIVE_ANIMATION_TOOL, input.join('\n') + '\n').trim().split('\n');
  return {
    batchMicros: out[1].split(' ').map(Number),
    palettes: out.slice(2).filter((_, i) => i % 2 === 0).map((line) => Float64Array.from(line.split(' ').map(Number))),
    poses: out.slice(2).filter((_, i) => i % 2 === 1).map((line) => Float64Array.from(line.split(' ').map(Number))),
  };
}
