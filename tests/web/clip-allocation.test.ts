// A playback frame's JavaScript allocation, measured with V8's sampling heap
// profiler in this Node process (tests/web/allocation-profile.ts): sampling
// the clip into the pose and reading the palette, and sampling a ghost and
// reading its palette, allocate nothing per frame once optimised — the clip
// calls keep the drag frame's zero-allocation property.
import type { Session } from 'node:inspector/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClipData } from '../../web/src/animation/clip.js';
import { rigFromSkinnedMesh } from '../../web/src/import/skinned-mesh-rig.js';
import { Rig } from '../../web/src/rig/rig.js';
import { loadKinModuleNode } from '../../web/src/wasm/load-node.js';
import { bytesPerCall, heapProfiler } from './allocation-profile.js';
import { loadDefaultCharacter } from './default-character.js';

const FRAMES = 4000;
const SAMPLING_INTERVAL = 32;
/** Room for one-off allocations, per frame on average. */
const ONE_OFF = 4;

/** Every movable slot of every bone keyed at 4 times, Catmull-Rom, plus a slerped rotation on bone 0 and the root. */
function clipFor(rig: Rig): ClipData {
  const channels: ClipData['channels'] = [];
  for (let bone = 1; bone < rig.boneCount; bone++) {
    const { min, max } = rig.limits(bone);
    for (let slot = 0; slot < 3; slot++) {
      if (!(min[slot] < max[slot])) continue;
      const value = (k: number) => [min[slot] + ((max[slot] - min[slot]) * (k + slot + 1)) / 8];
      channels.push({ target: 'angle', bone, slot, keys: [0, 0.4, 1.1, 2].map((time, k) => ({ time, value: value(k), interpolation: 'catmull-rom' as const })) });
    }
  }
  channels.push({
    target: 'rotation', bone: 0, slot: 0,
    keys: [{ time: 0, value: [0, 0, 0, 1], interpolation: 'linear' }, { time: 2, value: [0, Math.sin(0.2), 0, Math.cos(0.2)], interpolation: 'linear' }],
  });
  channels.push({ target: 'root', bone: 0, slot: 0, keys: [{ time: 0, value: [0, 0, 0], interpolation: 'linear' }, { time: 2, value: [0.1, 0, 0.2], interpolation: 'linear' }] });
  return { name: 'allocation', duration: 2, fps: 60, channels };
}

describe('allocation of a playback frame', () => {
  let inspector: Session;
  let rig: Rig;
  // Where a frame puts what it read (a typed array: a double kept in a closure's variable would be boxed).
  const sink = new Float64Array(1);

  beforeAll(async () => {
    const module = await loadKinModuleNode();
    rig = Rig.create(module, rigFromSkinnedMesh((await loadDefaultCharacter()).mesh).bones);
    rig.clips.setClip(clipFor(rig));
    inspector = await heapProfiler();
  });

  afterAll(() => {
    inspector?.disconnect();
    rig?.dispose();
  });

  // Times are fractions (stored as doubles), as a page's clock gives them.
  function playbackFrame(frame: number): void {
    rig.clips.sampleClip(0.1 + frame / 60, 'loop');
    sink[0] += rig.palette()[12];
  }
  function ghostFrame(frame: number): void {
    rig.clips.sampleGhost(0.3 + frame / 90, 'clamp');
    sink[0] += rig.clips.ghostPalette()[13];
  }

  it('sampleClip then palette() allocates nothing per frame', async () => {
    const bytes = await bytesPerCall(inspector, playbackFrame, FRAMES, SAMPLING_INTERVAL);
    console.log(`playback frame: ${bytes.toFixed(2)} B/frame (${FRAMES} frames)`);
    expect(bytes).toBeLessThan(ONE_OFF);
    expect(Number.isFinite(sink[0])).toBe(true);
  });

  it('sampleGhost then ghostPalette() allocates nothing per frame', async () => {
    const bytes = await bytesPerCall(inspector, ghostFrame, FRAMES, SAMPLING_INTERVAL);
    console.log(`ghost frame: ${bytes.toFixed(2)} B/frame (${FRAMES} frames)`);
    expect(bytes).toBeLessThan(ONE_OFF);
  });

  it('sees a small allocation per frame', async () => {
    const kept: number[][] = [];
    const leakyFrame = (frame: number): void => {
      playbackFrame(frame);
      kept.push([frame]);
    };
    expect(await bytesPerCall(inspector, leakyFrame, FRAMES, SAMPLING_INTERVAL)).toBeGreaterThan(16);
  });
});
