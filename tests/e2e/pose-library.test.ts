// The pose library in Chromium: the panel lists the 40 built-in poses with
// thumbnails the page drew (not blank); a thumbnail clicked with "upper body"
// leaves the legs bit for bit and is one undo step; two poses saved (one
// through the panel, one through window.kin) are there after a reload (the
// browser's IndexedDB); export, clear and import give the same poses; a
// broken library file is refused on the panel naming the entry, the library
// untouched; a loaded Mixamo-named character takes a pose by bone roles;
// Drop to floor brings a jump down; screenshots at three sizes.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ARTIFACTS, artifact, idle, sharedChromium } from './browser.js';
import { open, sharedPage } from './shared-pages.js';
import { texturedMixamoWalker } from '../web/retarget-cli-fixtures.js';

async function openLibrary(page: Page): Promise<void> {
  if (!(await page.evaluate(() => document.querySelector<HTMLDetailsElement>('.pose-library')!.open))) await page.click('.pose-library > summary');
  await page.waitForSelector('.pose-library-item');
}

const userPoses = (page: Page) => page.evaluate(() => window.kin.poseLibrary().filter((pose) => !pose.builtIn).map(({ name, category }) => ({ name, category })));

describe('the pose library', () => {
  it('lists the built-in poses with thumbnails the page drew', async () => {
    const { page, problems } = await sharedPage('desktop');
    await openLibrary(page);
    expect(await page.locator('.pose-library-item').count()).toBeGreaterThanOrEqual(40);
    // Each thumbnail has drawn lines: a good share of its pixels is not transparent.
    const inked = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLCanvasElement>('.pose-library-item canvas')].map((canvas) => {
        const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
        let count = 0;
        for (let k = 3; k < data.length; k += 4) if (data[k] > 0) count++;
        return count / (canvas.width * canvas.height);
      }),
    );
    for (const share of inked) expect(share).toBeGreaterThan(0.02);
    await page.selectOption('select[name="library-category"]', 'sitting');
    expect(await page.locator('.pose-library-item').count()).toBeGreaterThanOrEqual(4);
    await page.selectOption('select[name="library-category"]', 'all');
    expect(problems).toEqual([]);
  });

  it('applies the upper body of a pose in one undo step, the legs bit for bit as they were', async () => {
    const { page } = await sharedPage('desktop');
    await openLibrary(page);
    const before = await page.evaluate(() => ({ pose: window.kin.getPose(), names: window.kin.boneNames(), depth: window.kin.undoDepth().undo }));
    await page.selectOption('select[name="library-part"]', 'upper');
    await page.click('.pose-library-item[data-pose="builtin:punch"] .pose-library-apply');
    const after = await page.evaluate(() => ({ pose: window.kin.getPose(), depth: window.kin.undoDepth().undo }));
    expect(after.depth).toBe(before.depth + 1);
    before.names.forEach((name, b) => {
      const same = [0, 1, 2].every((k) => Object.is(after.pose.angles[3 * b + k], before.pose.angles[3 * b + k]));
      if (/^(hips|thigh|shin|foot|toes)/.test(name)) expect(same, name).toBe(true);
    });
    expect(after.pose.rootOffset).toEqual(before.pose.rootOffset);
    expect(after.pose.angles).not.toEqual(before.pose.angles);
    await page.selectOption('select[name="library-part"]', 'whole');
  });

  it('keeps saved poses across a reload; export, clear and import give them back', async () => {
    const { page, problems } = await open(await sharedChromium(), 'desktop');
    await page.evaluate(() => window.kin.poseLibraryReady());
    await page.evaluate(() => window.kin.clearPoseLibrary());
    await openLibrary(page);
    await page.evaluate(() => window.kin.applyLibraryPose('builtin:guard'));
    await page.fill('input[name="pose-name"]', 'My guard');
    await page.selectOption('select[name="pose-category"]', 'fighting');
    await page.click('button[name="save-pose"]');
    await page.waitForFunction(() => window.kin.poseLibrary().some((pose) => pose.name === 'My guard'));
    await page.evaluate(async () => {
      window.kin.applyLibraryPose('builtin:tiptoe');
      await window.kin.savePose('On tiptoe', 'walking and running');
    });
    const saved = await userPoses(page);
    expect(saved).toEqual([{ name: 'My guard', category: 'fighting' }, { name: 'On tiptoe', category: 'walking and running' }]);

    await page.reload();
    await page.waitForFunction(() => window.kin?.rig);
    await page.evaluate(() => window.kin.poseLibraryReady());
    expect(await userPoses(page)).toEqual(saved);
    await openLibrary(page);
    await page.selectOption('select[name="library-category"]', 'mine');
    expect(await page.locator('.pose-library-item').count()).toBe(2);

    const text = await page.evaluate(() => window.kin.exportPoseLibrary());
    await page.evaluate(() => window.kin.clearPoseLibrary());
    expect(await userPoses(page)).toEqual([]);
    expect(await page.evaluate((t) => window.kin.importPoseLibrary(t), text)).toBe(2);
    expect(await userPoses(page)).toEqual(saved);

    // A broken file through the panel's Import: refused naming the entry, the library as it was.
    const broken = JSON.stringify({ format: 'kin-pose-library', version: 1, poses: [{ id: 'user:x', name: 'Tail wag', category: 'dancing', angles: { tail: [0, 0, 0] }, rootOffset: [0, 0, 0] }] });
    await page.setInputFiles('input[name="import-library-file"]', { name: 'broken.json', mimeType: 'application/json', buffer: Buffer.from(broken) });
    await page.waitForSelector('.library-problem:not([hidden])');
    expect(await page.textContent('.library-problem')).toBe(`pose 0 ('Tail wag'): angles: no bone named "tail" on the character`);
    expect(await userPoses(page)).toEqual(saved);
    await page.evaluate(() => window.kin.clearPoseLibrary());
    await page.context().close();
    expect(problems).toEqual([]);
  });

  it("poses a loaded Mixamo-named character by bone roles: its thumbnails are the library's, a click poses its arms", async () => {
    const { page, problems } = await sharedPage('desktop');
    const glb = Buffer.from(texturedMixamoWalker().glb()).toString('base64');
    const loaded = await page.evaluate(async (base64) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      return (await window.kin.loadModel({ name: 'walker.glb', bytes })).ok;
    }, glb);
    expect(loaded).toBe(true);
    await idle(page);
    expect(await page.isVisible('.pose-library')).toBe(true);
    await openLibrary(page);
    const arm = await page.evaluate(() => window.kin.boneNames().findIndex((name) => /RightArm$/.test(name)));
    expect(arm).toBeGreaterThanOrEqual(0);
    const before = await page.evaluate(() => ({ pose: window.kin.getPose().angles, depth: window.kin.undoDepth().undo }));
    await page.click('.pose-library-item[data-pose="builtin:punch"] .pose-library-apply');
    const after = await page.evaluate(() => ({ pose: window.kin.getPose().angles, depth: window.kin.undoDepth().undo }));
    expect(after.depth).toBe(before.depth + 1);
    const turned = Math.hypot(...[0, 1, 2].map((k) => after.pose[3 * arm + k] - before.pose[3 * arm + k]));
    expect(turned).toBeGreaterThan(0.3);
    expect(await page.isVisible('.library-problem')).toBe(false);
    expect(problems).toEqual([]);
  });

  it('Drop to floor brings a jump down onto the floor in one undo step', async () => {
    const { page } = await sharedPage('desktop');
    await page.evaluate(() => window.kin.applyLibraryPose('builtin:jump-arms-up'));
    const before = await page.evaluate(() => ({ root: window.kin.getPose().rootOffset, depth: window.kin.undoDepth().undo }));
    await page.click('[data-action="drop-to-floor"]');
    const after = await page.evaluate(() => ({ root: window.kin.getPose().rootOffset, depth: window.kin.undoDepth().undo }));
    expect(after.depth).toBe(before.depth + 1);
    // The feet were 32 cm up: the body comes down about that far, no further than 40 cm.
    expect(before.root[1] - after.root[1]).toBeGreaterThan(0.25);
    expect(before.root[1] - after.root[1]).toBeLessThan(0.4);
  });

  for (const size of [{ width: 1440, height: 900 }, { width: 1280, height: 720 }, { width: 390, height: 844 }]) {
    it(`lies within the tools column at ${size.width}×${size.height} (screenshot)`, async () => {
      const phone = size.width < 600;
      const { page, problems } = await sharedPage(phone ? 'phone' : 'desktop', size);
      if (phone) await page.click('[data-action="tab-tools"]');
      await openLibrary(page);
      await page.locator('.pose-library').scrollIntoViewIfNeeded();
      await idle(page);
      const boxes = await page.evaluate(() => {
        const box = (element: Element) => element.getBoundingClientRect().toJSON() as DOMRect;
        return { panel: box(document.querySelector('.pose-library')!), column: box(document.querySelector('.shell-tools')!), first: box(document.querySelector('.pose-library-item')!) };
      });
      expect(boxes.panel.left).toBeGreaterThanOrEqual(boxes.column.left);
      expect(boxes.panel.right).toBeLessThanOrEqual(boxes.column.right + 0.5);
      expect(boxes.first.width).toBeGreaterThan(60);
      await artifact(page, `${ARTIFACTS}/pose-library-${size.width}x${size.height}.png`);
      expect(problems).toEqual([]);
    });
  }
});
