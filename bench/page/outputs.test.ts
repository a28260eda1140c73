// What the outputs for image pipelines cost in Chromium here (npm run bench;
// bench/results/outputs.json): a scene of two default characters, posed
// apart, through a 1024 × 1024 render camera. Per pass, kin.renderPass as a
// script sees it (a frame drawn first, the pass rendered and read back, the
// PNG encoded); the keypoints with their visibility (kin.openPose: a frame,
// the depth pass, projection); one export of every pass (Export for
// ControlNet…'s still: all seven, a mask per character, zipped); and a
// 120-frame sequence of every pass, per frame. Medians over runs, after a
// warm-up. Software GL (SwiftShader) on 2 cores: a report, not a promise.
import type {} from '../../web/src/app/kin-api.js'; // declares window.kin
import { writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { demoPage } from '../../tests/e2e/shared-pages.js';
import { describeMachine } from '../machine.js';
import { summarise } from '../stats.js';

const RESULTS = 'bench/results/outputs.json';
const SIDE = 1024;
const RUNS = 7;
const SEQUENCE_FRAMES = 120;
const PASSES = ['openpose', 'depth', 'normal', 'edges', 'mask', 'shaded'] as const;
const ALL_OUTPUTS = ['openpose', 'openpose-json', 'depth', 'normal', 'edges', 'mask', 'shaded'] as const;

describe('outputs for image pipelines', () => {
  const demo = demoPage();

  const perCall: Record<string, { median: number; p95: number; max: number }> = {};

  it('renders every pass and the keypoints of two characters at 1024 × 1024', async () => {
    const { page, problems } = demo;
    await page.evaluate(async ({ side }) => {
      const k = window.kin;
      k.applyLibraryPose(k.poseLibrary().find((p) => p.name === 'Wave hello')!.id);
      const second = await k.addCharacter('default');
      k.applyLibraryPose(k.poseLibrary().find((p) => p.name === 'Hands on hips')!.id);
      k.setCharacterTransform(second, { x: 1, z: -0.6, heading: -0.5 });
      k.setRenderCamera({ width: side, height: side, focalLength: 40, position: [0.6, 1.3, 4.2], target: [0.5, 0.95, 0] });
    }, { side: SIDE });

    const time = (what: string): Promise<number> => page.evaluate(async (w) => {
      const k = window.kin;
      const start = performance.now();
      if (w === 'keypoints') await k.openPose();
      else if (w === 'export') await k.exportOutputs({ passes: ['openpose', 'openpose-json', 'depth', 'normal', 'edges', 'mask', 'shaded'] });
      else await k.renderPass(w as 'depth');
      return performance.now() - start;
    }, what);

    for (const what of [...PASSES, 'keypoints', 'export']) {
      await time(what);
      const samples: number[] = [];
      for (let run = 0; run < RUNS; run++) samples.push(await time(what));
      perCall[what] = summarise(samples);
      console.log(`${what}: median ${perCall[what].median.toFixed(0)} ms`);
    }
    expect(problems).toEqual([]);
  });

  it('exports every pass of a 120-frame sequence', { timeout: 1_800_000 }, async () => {
    const { page, problems } = demo;

    const sequence = await page.evaluate(async ({ frames, passes }) => {
      const k = window.kin;
      k.useClip('Wave');
      // 120 frames of a 2 s loop.
      k.setClip({ ...k.clip(), fps: frames / k.clip().duration });
      k.setLoop(true);
      const start = performance.now();
      const { blob } = await k.exportOutputs({ passes: [...passes] }, { kind: 'sequence', every: 1 });
      return { millis: performance.now() - start, bytes: blob.size };
    }, { frames: SEQUENCE_FRAMES, passes: ALL_OUTPUTS });
    const perFrame = sequence.millis / SEQUENCE_FRAMES;
    console.log(`sequence: ${SEQUENCE_FRAMES} frames of every pass in ${(sequence.millis / 1000).toFixed(1)} s, ${perFrame.toFixed(0)} ms a frame, ${(sequence.bytes / 2 ** 20).toFixed(1)} MiB`);

    writeFileSync(RESULTS, `${JSON.stringify({
      date: new Date().toISOString(),
      machine: describeMachine(),
      browser: 'Debian Chromium, headless, SwiftShader WebGL (software), 1280 × 800 window',
      scene: 'two default characters (Wave hello; Hands on hips, 1 m aside), render camera 1024 × 1024 at 40 mm',
      method: `milliseconds per call as a script sees it (page.evaluate around the kin call): a frame drawn first, the pass rendered and read back, the PNG encoded and returned as a data URL; median, p95 and max of ${RUNS} runs after one warm-up. 'keypoints': kin.openPose() (a frame, the depth pass, BODY_25 and hands with visibility); 'export': kin.exportOutputs of all seven outputs (a mask per character) zipped; the sequence: every output for each of ${SEQUENCE_FRAMES} frames of a 2 s loop, each frame shown on the page first`,
      perCallMillis: perCall,
      sequence: { frames: SEQUENCE_FRAMES, millis: sequence.millis, perFrameMillis: perFrame, zipBytes: sequence.bytes },
    }, null, 2)}\n`);
    expect(perFrame).toBeGreaterThan(0);
    expect(problems).toEqual([]);
  });
});
