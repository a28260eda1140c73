// Animation wired into the page, in Debian's Chromium, driven as a user
// drives it: the default character's clip menu offers its demo clips, and
// the walk picked from it plays (the palette changes and is the core's own
// sample at the shown time), and stopped, its target handles sit on the
// pose and follow it as the time changes; the onion skin's Ghosts toggle draws ghosts
// (pixels differ) without touching the pose; a share link with the clip
// applied in another page plays the same animation; "Export GLB (+ clip)"
// downloads a file whose animation three.js's AnimationMixer (in Node)
// samples as the page does at the clip's frame times (within 1e-4), and
// loaded back offers its animation as the clip, ready to play; a BVH
// file written here, dropped on the page, plays with its own bones, its
// clip in the menu, and exported as BVH loads back with the same joints,
// playing; a broken one says which line and the page keeps what it had;
// the default character brings its demo clips back.
import type {} from '../../web/src/app/kin-api.js'; // declares window.kin
import * as THREE from 'three';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ARTIFACTS, artifact, bannerText, canvasScreenshot, clickFileMenu, downloadedBytes, dropFile, idle, loadReported, nextFrame } from './browser.js';
import { demoPage, linkInOtherPage } from './shared-pages.js';
import { maxDifference } from './compare.js';
import { changedPixels } from './pixels.js';

/** The palette on screen and the time shown, read together, with the core's sample of the clip at that time. */
function shownAndSampled(page: Page): Promise<{ time: number; playing: boolean; shown: number[]; sampled: number[] }> {
  return page.evaluate(() => {
    const { time, playing, loop } = window.kin.time();
    return { time, playing, shown: window.posePalette(), sampled: window.posePalette(window.kin.sampledPalette(time, loop ? 'loop' : 'clamp')) };
  });
}

/** Watches playback for a while: every sample shows the core's pose at its time; returns what was seen. */
async function watchPlayback(page: Page, samples: number): Promise<{ time: number; shown: number[] }[]> {
  // The first frames after a load compile the new mesh's shaders (up to a
  // second here without a frame drawn): watch once the clock has moved.
  const start = await page.evaluate(() => window.kin.time().time);
  await page.waitForFunction((t) => window.kin.time().time !== t, start, { timeout: 10_000 });
  const seen: { time: number; shown: number[] }[] = [];
  let last = await page.evaluate(() => window.kin.time().time);
  for (let i = 0; i < samples; i++) {
    // A later frame of the clip: the clock moved on.
    await page.waitForFunction((t) => window.kin.time().time !== t, last, { timeout: 10_000 });
    const { time, playing, shown, sampled } = await shownAndSampled(page);
    last = time;
    expect(playing).toBe(true);
    expect(maxDifference(shown, sampled)).toBeLessThan(1e-6);
    seen.push({ time, shown });
  }
  expect(new Set(seen.map((s) => s.time)).size).toBeGreaterThan(1);
  expect(Math.max(...seen.map((s) => maxDifference(s.shown, seen[0].shown)))).toBeGreaterThan(1e-3);
  return seen;
}

const clipMenuNames = (page: Page): Promise<string[]> => page.$$eval('[data-action="clip-menu"] option', (options) => options.map((o) => (o as HTMLOptionElement).value).filter((v) => v !== ''));

/** A BVH with mixed channel orders, position channels on the root, two chains with End Sites; 20 frames at 20 fps. */
function bvhText(): string {
  const rows: string[] = [];
  for (let f = 0; f < 20; f++) {
    const a = 40 * Math.sin((2 * Math.PI * f) / 20);
    rows.push([0, 90 + 2 * Math.sin(f), 0, 0, a / 4, 0, a, 0, 0, 0, 0, -a, 0, a / 2, 0].map((v) => v.toFixed(4)).join(' '));
  }
  return [
    'HIERARCHY',
    'ROOT Hips',
    '{',
    '  OFFSET 0 0 0',
    '  CHANNELS 6 Xposition Yposition Zposition Zrotation Xrotation Yrotation',
    '  JOINT Spine',
    '  {',
    '    OFFSET 0 20 0',
    '    CHANNELS 3 Xrotation Yrotation Zrotation',
    '    JOINT Head',
    '    {',
    '      OFFSET 0 30 0',
    '      CHANNELS 3 Yrotation Xrotation Zrotation',
    '      End Site',
    '      {',
    '        OFFSET 0 15 0',
    '      }',
    '    }',
    '  }',
    '  JOINT LeftLeg',
    '  {',
    '    OFFSET 10 0 0',
    '    CHANNELS 3 Zrotation Yrotation Xrotation',
    '    End Site',
    '    {',
    '      OFFSET 0 -45 0',
    '    }',
    '  }',
    '}',
    'MOTION',
    'Frames: 20',
    'Frame Time: 0.05',
    ...rows,
    '',
  ].join('\n');
}

function bytesOf(text: string): ArrayBuffer {
  return new TextEncoder().encode(text).buffer as ArrayBuffer;
}

describe('animation on the page', () => {
  const demo = demoPage();

  it('offers the default character’s demo clips; the walk picked from the menu plays as the core samples it', async () => {
    const { page } = demo;
    expect(await clipMenuNames(page)).toEqual(['New clip', 'Wave', 'Walk cycle']);
    await page.selectOption('[data-action="clip-menu"]', 'Walk cycle');
    await nextFrame(page);
    expect(await page.evaluate(() => window.kin.clip().name)).toBe('Walk cycle');
    await page.click('[data-action="play"]');
    await watchPlayback(page, 4);
  });

  it('stopped, the handles sit on the pose again, and follow it when the time changes', async () => {
    const { page } = demo;
    await page.keyboard.press(' ');
    const handAt = async (time: number): Promise<{ target: number[]; tip: number[]; screen: { x: number; y: number } }> => {
      await page.evaluate((t) => window.kin.setTime(t), time);
      await nextFrame(page);
      return page.evaluate(() => ({
        target: window.kin.goals().find((g) => g.name === 'hand_r')!.target,
        tip: window.kin.boneTip('hand_r'),
        screen: window.kin.handleScreenPosition('hand_r'),
      }));
    };
    // The walk swings the hand between these frames (a quarter cycle apart).
    const [a, b] = [await handAt(0), await handAt(0.25)];
    for (const hand of [a, b]) expect(maxDifference(hand.target, hand.tip)).toBeLessThan(1e-4);
    expect(Math.hypot(a.screen.x - b.screen.x, a.screen.y - b.screen.y)).toBeGreaterThan(3);
  });

  it('draws onion-skin ghosts with the Ghosts toggle, the pose untouched', async () => {
    const { page } = demo;
    await page.evaluate(() => window.kin.setTime(0.25));
    // Screenshots compare the drawn frames, so every pending one (the button's
    // hover, the pause) is drawn first.
    await idle(page);
    const before = { png: await canvasScreenshot(page), palette: await page.evaluate(() => window.posePalette()) };
    await page.click('[data-action="ghosts"]');
    await nextFrame(page);
    expect(await page.getAttribute('[data-action="ghosts"]', 'aria-pressed')).toBe('true');
    const after = { png: await canvasScreenshot(page), palette: await page.evaluate(() => window.posePalette()) };
    expect(changedPixels(before.png, after.png)).toBeGreaterThan(200);
    expect(after.palette).toEqual(before.palette);
    await page.click('[data-action="ghosts"]');
    await idle(page);
    // The same picture again (a redraw may differ by a level or three here and there).
    expect(changedPixels(before.png, await canvasScreenshot(page))).toBe(0);
  });

  it('a share link with the clip, applied in another page, plays the same animation', async () => {
    const { page } = demo;
    const paused = await page.evaluate(() => window.kin.time().time);
    await page.click('[data-action="play"]');
    await page.waitForFunction((t) => window.kin.time().time !== t, paused, { timeout: 10_000 });
    const url = await page.evaluate(() => window.kin.shareLink());
    const { page: other, problems } = await linkInOtherPage(url);
    const [mine, theirs] = await Promise.all([page.evaluate(() => window.kin.clip()), other.evaluate(() => window.kin.clip())]);
    expect(theirs.name).toBe(mine.name);
    expect(theirs.channels.length).toBe(mine.channels.length);
    // Both pages' cores sample the same pose at the same times, within the
    // link's precision (clip-link.ts: each angle within 4.8e-5 rad, felt
    // along chains of up to 8 joints; the Node test bounds it the same).
    const times = [0.1, 0.37, 0.8, 1.3].map((t) => t * mine.duration);
    const sampleAt = (ts: number[]): number[][] => ts.map((t) => window.posePalette(window.kin.sampledPalette(t, 'clamp')));
    const [mineSampled, theirsSampled] = await Promise.all([page.evaluate(sampleAt, times), other.evaluate(sampleAt, times)]);
    for (let k = 0; k < times.length; k++) expect(maxDifference(theirsSampled[k], mineSampled[k])).toBeLessThan(1e-3);
    expect(maxDifference(mineSampled[0], mineSampled[2])).toBeGreaterThan(1e-3);
    await watchPlayback(other, 3);
    await other.evaluate(() => window.kin.pause());
    expect(problems).toEqual([]);
  });

  it('exports GLB with the clip: three.js’s AnimationMixer samples it as the page does', async () => {
    const { page } = demo;
    await page.keyboard.press(' ');
    const [download] = await Promise.all([page.waitForEvent('download'), clickFileMenu(page, 'export-glb')]);
    expect(download.suggestedFilename()).toBe('kin-character-animated.glb');
    const bytes = await downloadedBytes(download);
    const gltf = await new GLTFLoader().parseAsync(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer, '');
    expect(gltf.animations.length).toBe(1);
    let mesh: THREE.SkinnedMesh | null = null;
    gltf.scene.traverse((o) => {
      if ((o as THREE.SkinnedMesh).isSkinnedMesh) mesh = o as THREE.SkinnedMesh;
    });
    const skinned = mesh as unknown as THREE.SkinnedMesh;
    const mixer = new THREE.AnimationMixer(gltf.scene);
    mixer.clipAction(gltf.animations[0]).play();
    const { fps, duration } = await page.evaluate(() => window.kin.clip());
    const frames = [1, 5, 9, 14, 20].filter((f) => f / fps < duration);
    const pageSamples = await page.evaluate((times) => times.map((t) => window.posePalette(window.kin.sampledPalette(t, 'clamp'))), frames.map((f) => f / fps));
    frames.forEach((f, k) => {
      mixer.setTime(f / fps);
      gltf.scene.updateMatrixWorld(true);
      // As window.posePalette gives the page's: without the spring-driven ponytail.
      const palette = skinned.skeleton.bones.flatMap((bone, j) => (bone.name.startsWith('ponytail_') ? [] : bone.matrixWorld.clone().multiply(skinned.skeleton.boneInverses[j]).elements));
      expect(maxDifference(palette, pageSamples[k])).toBeLessThan(1e-4);
    });
    // The export put back what the page shows.
    const { shown, sampled } = await shownAndSampled(page);
    expect(maxDifference(shown, sampled)).toBeLessThan(1e-6);

    // Loaded back, the file's animation is its clip: in the menu, picked, at its start, paused.
    const before = await bannerText(page, '.model-banner');
    await dropFile(page, 'walked.glb', bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
    await loadReported(page, before);
    const loaded = await page.evaluate(() => ({ clip: window.kin.clip(), time: window.kin.time() }));
    expect(loaded.clip.name).toBe(gltf.animations[0].name);
    expect(loaded.clip.channels.length).toBeGreaterThan(0);
    expect(await clipMenuNames(page)).toEqual(['New clip', loaded.clip.name]);
    expect(loaded.time).toMatchObject({ time: 0, playing: false });
  });

  it('plays a dropped BVH file with its own bones, exports it as BVH that loads back; a broken one names its line and changes nothing', async () => {
    const { page } = demo;
    const before = await bannerText(page, '.model-banner');
    await dropFile(page, 'swing.bvh', bytesOf(bvhText()));
    const report = await loadReported(page, before);
    expect(report).toContain('swing.bvh');
    expect(await page.evaluate(() => window.kin.boneNames())).toEqual(['Hips', 'Spine', 'Head', 'LeftLeg']);
    expect(await clipMenuNames(page)).toEqual(['New clip', await page.evaluate(() => window.kin.clip().name)]);
    await watchPlayback(page, 3);
    await artifact(page, `${ARTIFACTS}/animation-bvh-1280x800.png`);

    // The last frame's row cut short (3 numbers of 15): the message names its line (1-based; the text ends with a newline).
    const lines = bvhText().split('\n');
    const last = lines.length - 2;
    lines[last] = '0 1 2';
    await dropFile(page, 'broken.bvh', bytesOf(lines.join('\n')));
    const problem = await loadReported(page, report);
    expect(problem).toContain(`line ${last + 1}`);
    expect(await page.evaluate(() => window.kin.boneNames())).toEqual(['Hips', 'Spine', 'Head', 'LeftLeg']);
    expect(await page.evaluate(() => window.kin.time().playing)).toBe(true);

    // Exported as BVH (in the file's centimetres) and dropped again: the same joints, playing.
    const [download] = await Promise.all([page.waitForEvent('download'), clickFileMenu(page, 'export-bvh')]);
    expect(download.suggestedFilename()).toBe('swing.bvh');
    const exported = (await downloadedBytes(download)).toString('utf8');
    expect(exported.startsWith('HIERARCHY')).toBe(true);
    const shown = await bannerText(page, '.model-banner');
    await dropFile(page, 'swing-again.bvh', bytesOf(exported));
    expect(await loadReported(page, shown)).toContain('swing-again.bvh');
    expect(await page.evaluate(() => window.kin.boneNames())).toEqual(['Hips', 'Spine', 'Head', 'LeftLeg']);
    await watchPlayback(page, 2);

    // Back to the default character: its demo clips return to the menu, the file's leave it.
    await page.selectOption('select[name=lesson]', 'default');
    await nextFrame(page);
    expect(await clipMenuNames(page)).toEqual(['New clip', 'Wave', 'Walk cycle']);
    expect(demo.problems).toEqual([]);
  });
});
