import { it } from 'vitest';
import { Rig } from '../../web/src/rig/rig.js';
import { loadKinModuleNode } from '../../web/src/wasm/load-node.js';
it('x', async () => {
  const module = await loadKinModuleNode();
  const rig = Rig.create(module, [{ name: 'a', parent: -1, restT: [0, 1, 0], tip: [0, 1, 0] }]);
  const clip = { name: 'c', duration: 2, fps: 2, channels: [
   { target: 'root' as const, bone: 0, slot: 0, keys: [{ time: 0, value: [0,0,0], interpolation: 'linear' as const }, { time: 0.4000000059604645, value: [1,0,0], interpolation: 'linear' as const }, { time: 2, value: [2,0,0], interpolation: 'linear' as const }] }] };
  rig.setClip(clip);
  for (const t of [0, 0.1, 0.2, 0.28, 0.4, 1, 2]) { rig.sampleClip(t, 'clamp'); console.log(t, rig.rootOffset); }
  console.log(Array.from(rig.sampleChannel(0, 0, 0.4, 5)));
});
