// The onion skin's bytes per update, measured in the process that runs
// this: imported by onion-skin-allocation.test.ts, and run on its own
// (`npx tsx tests/web/onion-skin-probe.ts`, printing JSON) when that test
// needs a fresh V8 isolate — V8's tiering decisions stay with a process, and
// under load it has been seen to leave the update unoptimised for good.
import { pathToFileURL } from 'node:url';
import { buildDemoClips } from '../../web/src/animation/demo-clips.js';
import { Rig } from '../../web/src/rig/rig.js';
import { OnionSkin } from '../../web/src/three/onion-skin.js';
import { loadKinModuleNode } from '../../web/src/wasm/load-node.js';
import { bytesPerCall, heapProfiler } from './allocation-profile.js';
import { defaultCharacterBones } from './default-character.js';

export interface OnionSkinBytes {
  /** Bytes per update of two ghosts, the least of the tries. */
  bytes: number;
  /** The same for an update that keeps one small array each call: must count. */
  leaky: number;
}

export async function measureOnionSkin(): Promise<OnionSkinBytes> {
  const module = await loadKinModuleNode();
  const bones = await defaultCharacterBones();
  const rig = Rig.create(module, bones);
  rig.clips.setClip(buildDemoClips(module, bones)[1]);
  const onion = new OnionSkin(rig);
  const inspector = await heapProfiler();
  try {
    const times = new Float64Array(2);
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
    const kept: number[][] = [];
    const leaky = await leastBytes((call) => {
      onionUpdate(call);
      kept.push([call]);
    });
    return { bytes, leaky };
  } finally {
    inspector.disconnect();
    onion.dispose();
    rig.dispose();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  measureOnionSkin().then((result) => console.log(JSON.stringify(result)));
}
