// An onion-skin update (two ghosts of the default character's walk: the
// core samples each, the bone lines and octahedra follow) allocates nothing
// once V8 has optimised it. Like every *allocation* test it runs on its own
// (scripts/test.sh): beside other test files on both cores, V8 has been seen
// to leave the update unoptimised for good (3.1 kB of boxed numbers an update).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDemoClips } from '../../web/src/animation/demo-clips.js';
import { Rig } from '../../web/src/rig/rig.js';
import { OnionSkin } from '../../web/src/three/onion-skin.js';
import { loadKinModuleNode } from '../../web/src/wasm/load-node.js';
import { bytesPerCall, heapProfiler } from './allocation-profile.js';
import { defaultCharacterBones } from './default-character.js';

let rig: Rig;

beforeAll(async () => {
  const module = await loadKinModuleNode();
  const bones = await defaultCharacterBones();
  rig = Rig.create(module, bones);
  rig.setClip(buildDemoClips(module, bones)[1]);
});

afterAll(() => rig.dispose());

describe('onion skin', () => {
  it('an update allocates nothing', async () => {
    const onion = new OnionSkin(rig);
    const times = new Float64Array(2);
    const inspector = await heapProfiler();
    function onionUpdate(call: number): void {
      times[0] = (call % 100) / 100;
      times[1] = times[0] + 0.125;
      onion.update(times, 'loop');
    }
    // The optimised path is what is measured: V8 may not have installed it
    // after bytesPerCall's warm-up, so up to five tries with longer pauses
    // each, the least.
    const leastBytes = async (update: (call: number) => void): Promise<number> => {
      let least = Infinity;
      for (let attempt = 0; attempt < 5 && least >= 4; attempt++) least = Math.min(least, await bytesPerCall(inspector, update, 4000, 32, 20 + 200 * attempt));
      return least;
    };
    const bytes = await leastBytes(onionUpdate);
    // The same measurement of an update that keeps one small array: it must count.
    const kept: number[][] = [];
    function leakyUpdate(call: number): void {
      onionUpdate(call);
      kept.push([call]);
    }
    const leaky = await leastBytes(leakyUpdate);
    inspector.disconnect();
    console.log(`onion skin update: ${bytes.toFixed(2)} B per update of 2 ghosts (${leaky.toFixed(2)} B keeping a small array)`);
    expect(bytes).toBeLessThan(4);
    expect(leaky).toBeGreaterThan(16);
    onion.dispose();
  });

});
