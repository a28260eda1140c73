// Skinning in the real page: the LBS / DQS switch (toggle and window.kin),
// and renders compared pixel by pixel through window.kin.setDebugView —
//   our LBS shader against three.js's own SkinnedMesh for the same pose;
//   our LBS and DQS shaders against the WASM core's CPU skinning of the same
//   pose (positions and normals), which the C++ and Node tests check against
//   double-precision references and three.js;
//   LBS against DQS: the same in the rest pose, different under twist;
//   a loaded glTF with 8 influences per vertex keeps the method chosen
//   before and skins on the GPU as on the CPU with either method.
// Flat debug colours (world position or normal, no lighting) make equal
// surfaces give equal pixels. Overlays (HUD, panels) are hidden for the shots.
import type {} from '../../web/src/app/kin-api.js'; // declares window.kin
import { PNG } from 'pngjs';
import type { ElementHandle, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { influenceChain } from '../web/gltf-fixtures.js';
import { seededRandom, uniform } from '../web/seeded-random.js';
import { ARTIFACTS, screenshot } from './browser.js';
import { demoPage } from './shared-pages.js';
/** A pixel differs when one of its channels differs by more than this (of 255). */
const CHANNEL_TOLERANCE = 8;
/** Renders count as the same when at most this share of their pixels differ (0.05 %: about 390 of 1024 × 768). */
const SAME_SHARE = 0.0005;

/** Share of pixels whose largest channel difference exceeds CHANNEL_TOLERANCE. */
function differingShare(a: PNG, b: PNG): number {
  expect([a.width, a.height]).toEqual([b.width, b.height]);
  let differing = 0;
  for (let i = 0; i < a.data.length; i += 4) {
    const d = Math.max(Math.abs(a.data[i] - b.data[i]), Math.abs(a.data[i + 1] - b.data[i + 1]), Math.abs(a.data[i + 2] - b.data[i + 2]));
    if (d > CHANNEL_TOLERANCE) differing++;
  }
  return differing / (a.width * a.height);
}

/** Draws a frame (it shows every change made before) and takes a screenshot. */
async function shot(page: Page, name: string): Promise<PNG> {
  await page.evaluate(() => window.kin.nextFrame());
  return PNG.sync.read(await screenshot(page, `${ARTIFACTS}/skinning-${name}.png`));
}

/** Angles within every bone's limits, from a seed. */
async function randomPose(page: Page, seed: number): Promise<number[]> {
  const limits = await page.evaluate(() => window.kin.boneNames().map((_, b) => window.kin.rig!.limits(b)));
  const random = seededRandom(seed);
  return limits.flatMap(({ min, max }) => [0, 1, 2].map((k) => uniform(random, min[k], max[k])));
}

/** Both arms twisted about their bone axes (Euler slot 0 turns about x, along the arm), opposite ways at the elbow. */
async function twistedArms(page: Page): Promise<number[]> {
  return page.evaluate(() => {
    const names = window.kin.boneNames();
    const angles = new Array<number>(3 * names.length).fill(0);
    const twist: Record<string, number> = { upper_arm_l: 1.4, forearm_l: -1.2, hand_l: 0.6, upper_arm_r: -1.4, forearm_r: 1.2, hand_r: -0.6 };
    for (const [name, angle] of Object.entries(twist)) angles[3 * names.indexOf(name)] = angle;
    return angles;
  });
}

describe('skinning in the page', () => {
  const suite = demoPage();
  let page: Page;
  let problems: string[];
  // The style that hides the controls over the view for the comparisons, taken out after (the page is shared).
  let hidden: ElementHandle<Node> | undefined;

  beforeAll(async () => {
    ({ page, problems } = suite);
    // The ponytail held on the pose: its springs' swing between two shots is not what they compare.
    await page.click('input[name="spring-ponytail"]');
    // Closer, so that the arms cover more pixels: the mouse wheel over the view zooms in.
    await page.mouse.move(512, 384);
    for (let notch = 0; notch < 4; notch++) await page.mouse.wheel(0, -200);
    hidden = await page.addStyleTag({ content: '.hud, .solver-panel, .skinning-toggle, .link-banner, .model-banner, .posing-toolbar, .page-nav { visibility: hidden !important; }' });
  });

  afterAll(async () => {
    await hidden?.evaluate((style) => (style as Element).remove());
  });

  it('switches between LBS and DQS from the toggle and from window.kin', async () => {
    expect(await page.evaluate(() => window.kin.skinning())).toBe('lbs');
    await page.evaluate(() => (document.querySelector('.skinning-toggle input[value="dqs"]') as HTMLInputElement).click());
    expect(await page.evaluate(() => window.kin.skinning())).toBe('dqs');
    await page.evaluate(() => window.kin.setSkinning('lbs'));
    const state = await page.evaluate(() => ({
      method: window.kin.skinning(),
      checked: (document.querySelector('.skinning-toggle input:checked') as HTMLInputElement).value,
    }));
    expect(state).toEqual({ method: 'lbs', checked: 'lbs' });
    const refused = await page.evaluate(() => {
      try {
        window.kin.setSkinning('cubic');
        return null;
      } catch (error) {
        return (error as Error).message;
      }
    });
    expect(refused).toContain('lbs, dqs');
    expect(await page.evaluate(() => window.kin.skinning())).toBe('lbs');
    await shot(page, 'toggle');
    expect(problems).toEqual([]);
  });

  it('our LBS shader renders a pose as three.js SkinnedMesh does', async () => {
    const pose = await randomPose(page, 21);
    await page.evaluate((angles) => {
      window.kin.setSkinning('lbs');
      window.kin.setPose(angles);
      window.kin.setDebugView('ours', 'position');
    }, pose);
    const ours = await shot(page, 'lbs-ours');
    await page.evaluate(() => window.kin.setDebugView('three-skinned-mesh', 'position'));
    const three = await shot(page, 'lbs-three');
    // The comparison can see a small pose change: one elbow bent 0.1 rad further.
    await page.evaluate((angles) => {
      const bent = [...angles];
      bent[3 * window.kin.boneNames().indexOf('forearm_l') + 1] -= 0.1;
      window.kin.setPose(bent);
      window.kin.setDebugView('ours', 'position');
    }, pose);
    const bent = await shot(page, 'lbs-bent');
    await page.evaluate(() => window.kin.setDebugView('ours', 'shaded'));

    const same = differingShare(ours, three);
    const moved = differingShare(ours, bent);
    console.log(`LBS ours vs three.js SkinnedMesh: ${(100 * same).toFixed(3)} % of pixels differ; after bending an elbow 0.1 rad: ${(100 * moved).toFixed(2)} %`);
    expect(same).toBeLessThanOrEqual(SAME_SHARE);
    expect(moved).toBeGreaterThan(4 * SAME_SHARE);
    expect(problems).toEqual([]);
  });

  for (const method of ['lbs', 'dqs'] as const) {
    it(`our ${method.toUpperCase()} shader renders a twisted pose as the CPU skinning does, positions and normals`, async () => {
      const pose = [...(await twistedArms(page))];
      const random = await randomPose(page, 22);
      // The twisted arms on top of a random pose of everything else.
      const names = await page.evaluate(() => window.kin.boneNames());
      names.forEach((name, b) => {
        if (!/arm|hand/.test(name)) for (let k = 0; k < 3; k++) pose[3 * b + k] = random[3 * b + k];
      });
      await page.evaluate(({ angles, m }) => {
        window.kin.setSkinning(m);
        window.kin.setPose(angles);
      }, { angles: pose, m: method });
      const other = method === 'lbs' ? 'dqs' : 'lbs';
      for (const colors of ['position', 'normal'] as const) {
        await page.evaluate((c) => window.kin.setDebugView('ours', c), colors);
        const gpu = await shot(page, `${method}-${colors}-gpu`);
        await page.evaluate((c) => window.kin.setDebugView('cpu-skinned', c), colors);
        const cpu = await shot(page, `${method}-${colors}-cpu`);
        // The comparison tells the methods apart: the CPU skinning with the other method.
        await page.evaluate((m) => window.kin.setSkinning(m), other);
        const cpuOther = await shot(page, `${other}-${colors}-cpu`);
        await page.evaluate((m) => window.kin.setSkinning(m), method);
        const share = differingShare(gpu, cpu);
        const otherShare = differingShare(gpu, cpuOther);
        console.log(`${method} ${colors}: GPU vs CPU skinning, ${(100 * share).toFixed(3)} % of pixels differ (${(100 * otherShare).toFixed(2)} % against CPU ${other})`);
        expect(share, colors).toBeLessThanOrEqual(SAME_SHARE);
        expect(otherShare, colors).toBeGreaterThan(4 * SAME_SHARE);
      }
      await page.evaluate(() => window.kin.setDebugView('ours', 'shaded'));
      expect(problems).toEqual([]);
    });
  }

  it('LBS and DQS render the rest pose alike and a twisted pose differently', async () => {
    const names = await page.evaluate(() => window.kin.boneNames());
    const renders: Record<string, PNG> = {};
    for (const [pose, angles] of [['rest', new Array<number>(3 * names.length).fill(0)], ['twisted', await twistedArms(page)]] as const) {
      for (const method of ['lbs', 'dqs'] as const) {
        await page.evaluate(({ a, m }) => {
          window.kin.setPose(a);
          window.kin.setSkinning(m);
        }, { a: angles, m: method });
        renders[`${pose}-${method}`] = await shot(page, `${pose}-${method}`);
      }
    }
    const rest = differingShare(renders['rest-lbs'], renders['rest-dqs']);
    const twisted = differingShare(renders['twisted-lbs'], renders['twisted-dqs']);
    console.log(`LBS vs DQS: rest pose ${(100 * rest).toFixed(3)} %, twisted arms ${(100 * twisted).toFixed(2)} % of pixels differ`);
    expect(rest).toBeLessThanOrEqual(SAME_SHARE);
    expect(twisted).toBeGreaterThan(4 * SAME_SHARE);
    await page.evaluate(() => window.kin.setSkinning('lbs'));
    expect(problems).toEqual([]);
  });

  it('refuses a bad debug view and keeps drawing', async () => {
    const messages = await page.evaluate(() =>
      [() => window.kin.setDebugView('wireframe'), () => window.kin.setDebugView('three-skinned-mesh', 'shaded'), () => window.kin.setDebugView('ours', 'sepia')].map((call) => {
        try {
          call();
          return null;
        } catch (error) {
          return (error as Error).message;
        }
      }),
    );
    expect(messages[0]).toContain('ours, three-skinned-mesh, cpu-skinned');
    expect(messages[1]).toContain("'position' or 'normal'");
    expect(messages[2]).toContain('shaded, position, normal');
    await shot(page, 'after-bad-debug-view');
    expect(problems).toEqual([]);
  });

  // Last: it replaces the default character.
  it('a loaded character keeps the method; its 8 influences per vertex skin on the GPU as on the CPU', async () => {
    await page.evaluate(() => window.kin.setSkinning('dqs'));
    const chain = Array.from(new Uint8Array(influenceChain().glb()));
    const outcome = await page.evaluate((bytes) => window.kin.loadModel({ name: 'tentacle.glb', bytes: Uint8Array.from(bytes) }), chain);
    expect(outcome).toMatchObject({ ok: true, model: { name: 'tentacle.glb', influences: 8 } });
    const state = await page.evaluate(() => ({
      method: window.kin.skinning(),
      checked: (document.querySelector('.skinning-toggle input:checked') as HTMLInputElement).value,
    }));
    expect(state).toEqual({ method: 'dqs', checked: 'dqs' });
    await page.evaluate(() => window.kin.setDebugView('ours', 'position'));
    const rest = await shot(page, 'eight-rest');
    // Bend the chain: its tip towards the side, then down.
    const tip = await page.evaluate(() => window.kin.boneTip('seg7'));
    await page.evaluate((t) => window.kin.setGoalTarget('seg7', t), [tip[0] + 0.6, tip[1] - 0.5, tip[2] + 0.2] as [number, number, number]);
    for (const method of ['dqs', 'lbs'] as const) {
      await page.evaluate((m) => {
        window.kin.setSkinning(m);
        window.kin.setDebugView('ours', 'position');
      }, method);
      const gpu = await shot(page, `eight-${method}-gpu`);
      await page.evaluate(() => window.kin.setDebugView('cpu-skinned', 'position'));
      const cpu = await shot(page, `eight-${method}-cpu`);
      const share = differingShare(gpu, cpu);
      const moved = differingShare(gpu, rest);
      console.log(`8 influences, ${method}: GPU vs CPU skinning ${(100 * share).toFixed(3)} % of pixels differ (${(100 * moved).toFixed(2)} % against the rest pose)`);
      expect(share).toBeLessThanOrEqual(SAME_SHARE);
      expect(moved).toBeGreaterThan(4 * SAME_SHARE);
    }
    await page.evaluate(() => window.kin.setDebugView('ours', 'shaded'));
    expect(problems).toEqual([]);
  });
});
