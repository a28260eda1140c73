// Retargeting on the page, in Debian's Chromium, driven as a user drives it:
// a BVH file written here with CMU bone names (Hips, Spine, Spine1, Neck,
// Head, LeftShoulder, LeftArm, LeftForeArm, LeftHand, LeftUpLeg, LeftLeg,
// LeftFoot, LeftToeBase, Right…), standing in a T-pose like the default
// character, whose arms wave (each upper arm rises and falls about the
// model's forward axis while its elbow bends forward) is picked in File ▸
// Retarget…; the panel maps the bones by name; Apply makes the result the
// timeline's clip and shows the report's numbers; it plays, with the source
// drawn beside the character; and at every time checked, each of the default
// character's wrists lies where the source's does relative to its shoulder,
// as a fraction of the arm's length, within ARM_BOUND — the source's wrists
// computed here from the file's own angles (an independent forward
// kinematics), not read from the page. The exported GLB and BVH carry the
// clip, a share link applied in another page shows the same pose, and undo
// puts the clip before back; a script retargets the same file by rotations,
// and the exported GLB's animation back onto the character; and the
// Retargeting lesson plays the default character's walk on its long-legged
// rig both ways with both reports. Screenshots at three sizes with the panel
// open and during playback with the source beside go to the artifacts with
// KIN_E2E_ARTIFACTS=1.
import type {} from '../../web/src/app/kin-api.js'; // declares window.kin
import * as THREE from 'three';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ARTIFACTS, artifact, artifactsAt, canvasScreenshot, clickFileMenu, downloadedBytes, idle, nextFrame, resizeWindow } from './browser.js';
import { demoPage, linkInOtherPage } from './shared-pages.js';
import { maxDifference } from './compare.js';

/**
 * How far (fraction of the arm's length) a wrist may lie from the source's,
 * relative to the shoulder. IK carries the normalised reach (measured
 * 1e-5); rotations carry directions, so the arms' different proportions
 * (upper arm to forearm 28 : 25 here, 28 : 26 on the character) move the
 * wrist a little (measured 0.009).
 */
const ARM_BOUND = 0.02;
const FRAMES = 41;
const FRAME_TIME = 0.05;
/** The source's bone lengths (cm, as its OFFSETs): upper arm, forearm. */
const UPPER_ARM = 28;
const FOREARM = 25;

/** The wave at time t: each upper arm's lift about the forward axis and each elbow's forward bend (degrees, left then right; positive lifts / bends). */
function wave(t: number): { lift: [number, number]; bend: [number, number] } {
  const s = Math.sin(2 * Math.PI * t);
  return { lift: [30 + 35 * s, 30 - 35 * s], bend: [30 + 25 * s, 30 + 25 * Math.cos(2 * Math.PI * t)] };
}

/**
 * A CMU-named BVH in centimetres, T-pose at rest, every joint rotating Z X Y
 * (R = Rz·Rx·Ry); the hips stand still at 95 cm; only the arms move: the
 * left upper arm turns +lift about Z (up, as it points along +X), the right
 * −lift (it points along −X); the left forearm −bend about Y (forward, toward
 * +Z), the right +bend.
 */
function wavingBvh(): string {
  const joint = (name: string, offset: [number, number, number], children: string[], end?: [number, number, number]): string[] => [
    `JOINT ${name}`,
    '{',
    `  OFFSET ${offset.join(' ')}`,
    '  CHANNELS 3 Zrotation Xrotation Yrotation',
    ...children.map((line) => `  ${line}`),
    ...(end ? ['  End Site', '  {', `    OFFSET ${end.join(' ')}`, '  }'] : []),
    '}',
  ];
  const arm = (side: 'Left' | 'Right', x: number): string[] =>
    joint(`${side}Shoulder`, [3 * x, 18, 0], joint(`${side}Arm`, [15 * x, 0, 0], joint(`${side}ForeArm`, [UPPER_ARM * x, 0, 0], joint(`${side}Hand`, [FOREARM * x, 0, 0], [], [15 * x, 0, 0]))));
  const leg = (side: 'Left' | 'Right', x: number): string[] =>
    joint(`${side}UpLeg`, [9 * x, -5, 0], joint(`${side}Leg`, [0, -42, 0], joint(`${side}Foot`, [0, -41, 0], joint(`${side}ToeBase`, [0, -4, 12], [], [0, 0, 6]))));
  const spine = joint('Spine', [0, 10, 0], joint('Spine1', [0, 15, 0], [...joint('Neck', [0, 20, 0], joint('Head', [0, 10, 0], [], [0, 18, 0])), ...arm('Left', 1), ...arm('Right', -1)]));
  // Channel columns in file order: Hips (6), then 3 per joint.
  const order = ['Spine', 'Spine1', 'Neck', 'Head', 'LeftShoulder', 'LeftArm', 'LeftForeArm', 'LeftHand', 'RightShoulder', 'RightArm', 'RightForeArm', 'RightHand', 'LeftUpLeg', 'LeftLeg', 'LeftFoot', 'LeftToeBase', 'RightUpLeg', 'RightLeg', 'RightFoot', 'RightToeBase'];
  const rows: string[] = [];
  for (let f = 0; f < FRAMES; f++) {
    const { lift, bend } = wave(f * FRAME_TIME);
    const zxy: Record<string, [number, number, number]> = {
      LeftArm: [lift[0], 0, 0],
      RightArm: [-lift[1], 0, 0],
      LeftForeArm: [0, 0, -bend[0]],
      RightForeArm: [0, 0, bend[1]],
    };
    rows.push([0, 95, 0, 0, 0, 0, ...order.flatMap((name) => zxy[name] ?? [0, 0, 0])].map((v) => v.toFixed(4)).join(' '));
  }
  return [
    'HIERARCHY',
    'ROOT Hips',
    '{',
    '  OFFSET 0 0 0',
    '  CHANNELS 6 Xposition Yposition Zposition Zrotation Xrotation Yrotation',
    ...spine.map((line) => `  ${line}`),
    ...leg('Left', 1).map((line) => `  ${line}`),
    ...leg('Right', -1).map((line) => `  ${line}`),
    '}',
    'MOTION',
    `Frames: ${FRAMES}`,
    `Frame Time: ${FRAME_TIME}`,
    ...rows,
    '',
  ].join('\n');
}

/**
 * The source's wrist relative to its shoulder as a fraction of the arm's
 * length, at time t, from the wave's own angles: no rotation above the
 * upper arms (the spine and shoulders stay at rest), so the wrist is
 * Rz(lift)·(upper arm) + Rz(lift)·Ry(bend)·(forearm), both along ±X at rest.
 * Between frames the file's keys are linear, as the wave is sampled at them.
 */
function sourceWrist(side: 0 | 1, t: number): number[] {
  const frame = t / FRAME_TIME;
  const at = (f: number): THREE.Vector3 => {
    const { lift, bend } = wave(f * FRAME_TIME);
    const x = side === 0 ? 1 : -1;
    const upper = new THREE.Matrix4().makeRotationZ(THREE.MathUtils.degToRad(x * lift[side]));
    const elbow = new THREE.Matrix4().makeRotationY(THREE.MathUtils.degToRad(-x * bend[side]));
    const wrist = new THREE.Vector3(x * UPPER_ARM, 0, 0).applyMatrix4(upper);
    wrist.add(new THREE.Vector3(x * FOREARM, 0, 0).applyMatrix4(upper.clone().multiply(elbow)));
    return wrist.divideScalar(UPPER_ARM + FOREARM);
  };
  // The page's keys are at the file's frames, linear in the angles; a time on a frame needs no interpolation.
  expect(Math.abs(frame - Math.round(frame))).toBeLessThan(1e-6);
  return at(Math.round(frame)).toArray();
}

/** The page's wrist (forearm tip) relative to its shoulder (the upper arm's origin, the clavicle's tip), as a fraction of the arm's length. */
async function pageWrists(page: Page, time: number): Promise<number[][]> {
  return page.evaluate((t) => {
    window.kin.setTime(t);
    return (['l', 'r'] as const).map((side) => {
      const shoulder = window.kin.boneTip(`clavicle_${side}`);
      const elbow = window.kin.boneTip(`upper_arm_${side}`);
      const wrist = window.kin.boneTip(`forearm_${side}`);
      const length = Math.hypot(...elbow.map((v, k) => v - shoulder[k])) + Math.hypot(...wrist.map((v, k) => v - elbow[k]));
      return wrist.map((v, k) => (v - shoulder[k]) / length);
    });
  }, time);
}

const bvh = wavingBvh();
// The usual window sizes, for the artifacts.
const SIZES = [{ width: 1440, height: 900 }, { width: 1280, height: 720 }, { width: 390, height: 844 }];

describe('retargeting on the page', () => {
  const demo = demoPage();
  /** The GLB exported with the result, for retargeting from a glTF file. */
  let exportedGlb: number[] = [];

  it('File ▸ Retarget… takes a BVH file and maps its CMU bones onto the default character by name', async () => {
    const { page } = demo;
    // A clip before the retarget, for undo to bring back.
    await page.evaluate(() => window.kin.useClip('Wave'));
    await clickFileMenu(page, 'retarget');
    await page.waitForSelector('.retarget-dialog:not([hidden])');
    await page.setInputFiles('.retarget-dialog input[aria-label="motion file to retarget"]', { name: 'wave.bvh', mimeType: 'text/plain', buffer: Buffer.from(bvh) });
    await page.waitForFunction(() => document.querySelector('.retarget-source-line')?.textContent?.startsWith('wave.bvh'));
    const map = Object.fromEntries((await page.evaluate(() => window.kin.retargetMap())).map((row) => [row.target, row.source]));
    expect(map).toMatchObject({
      hips: 'Hips',
      head: 'Head',
      upper_arm_l: 'LeftArm',
      forearm_l: 'LeftForeArm',
      hand_l: 'LeftHand',
      upper_arm_r: 'RightArm',
      forearm_r: 'RightForeArm',
      hand_r: 'RightHand',
      thigh_l: 'LeftUpLeg',
      shin_l: 'LeftLeg',
      foot_l: 'LeftFoot',
      thigh_r: 'RightUpLeg',
      shin_r: 'RightLeg',
      foot_r: 'RightFoot',
    });
    // The table shows the same map, and nothing is flagged.
    expect(await page.$eval('.retarget-rows tr[data-bone="forearm_r"] select', (s) => (s as HTMLSelectElement).selectedOptions[0].textContent)).toBe('RightForeArm');
    expect(await page.evaluate(() => window.kin.retargetProblems())).toEqual([]);
    expect(await page.$$('.retarget-flagged')).toHaveLength(0);
    expect(await page.isEnabled('[data-action="retarget-apply"]')).toBe(true);

    // Unmapping a hand is a problem the panel names, and Apply waits for it to be mapped again.
    const handRow = '.retarget-rows tr[data-bone="hand_l"] select';
    await page.selectOption(handRow, '-1');
    const problems = await page.evaluate(() => window.kin.retargetProblems());
    expect(problems.join(' ')).toContain('hand_l');
    expect(await page.$$('.retarget-rows tr[data-bone="hand_l"].retarget-flagged')).toHaveLength(1);
    expect(await page.isEnabled('[data-action="retarget-apply"]')).toBe(false);
    await page.click('[data-action="retarget-automap"]');
    expect(await page.evaluate(() => window.kin.retargetProblems())).toEqual([]);

    // Save map writes the whole map by names, as npm run retarget -- --map reads it.
    const [saved] = await Promise.all([page.waitForEvent('download'), page.click('[data-action="retarget-map-save"]')]);
    expect(saved.suggestedFilename()).toBe('wave-map.json');
    const savedMap = JSON.parse((await downloadedBytes(saved)).toString('utf8'));
    expect(savedMap).toEqual(map);
    // Load map puts a file's entries over the map: here it unmaps the left hand, a problem the panel names.
    const mapFile = '.retarget-dialog input[aria-label="bone map file"]';
    await page.setInputFiles(mapFile, { name: 'no-hand.json', mimeType: 'application/json', buffer: Buffer.from('{"hand_l": null}') });
    await page.waitForFunction(() => document.querySelector('.retarget-status')?.textContent?.includes('no-hand.json'));
    expect(await page.$eval(handRow, (s) => (s as HTMLSelectElement).value)).toBe('-1');
    expect(await page.$$('.retarget-rows tr[data-bone="hand_l"].retarget-flagged')).toHaveLength(1);
    // The saved file brings the whole map back; a file naming a bone the character lacks changes nothing and says which.
    await page.setInputFiles(mapFile, { name: 'wave-map.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(savedMap)) });
    await page.waitForFunction(() => document.querySelector('.retarget-status')?.textContent?.includes('wave-map.json'));
    expect(await page.evaluate(() => window.kin.retargetProblems())).toEqual([]);
    await page.setInputFiles(mapFile, { name: 'tail.json', mimeType: 'application/json', buffer: Buffer.from('{"hand_l": null, "tail": "Hips"}') });
    await page.waitForFunction(() => document.querySelector('.retarget-status[data-kind="problem"]')?.textContent?.includes("'tail'"));
    expect(await page.$eval(handRow, (s) => (s as HTMLSelectElement).selectedOptions[0].textContent)).toBe('LeftHand');
    expect(await page.evaluate(() => window.kin.retargetProblems())).toEqual([]);

    await artifactsAt(page, SIZES, ({ width, height }) => `${ARTIFACTS}/retarget-dialog-${width}x${height}.png`);
    await resizeWindow(page, { width: 1280, height: 800 });
  });

  it('Apply makes the result the timeline’s clip and shows the report’s numbers and plot', async () => {
    const { page } = demo;
    await page.click('[data-action="retarget-apply"]');
    await page.waitForSelector('.retarget-report:not([hidden])');
    const report = await page.evaluate(() => window.kin.retargetReport());
    expect(report).not.toBeNull();
    const summary = report!;
    const clip = await page.evaluate(() => window.kin.clip());
    expect(clip.name).toBe(summary.clip);
    expect(clip.duration).toBeCloseTo((FRAMES - 1) * FRAME_TIME, 6);
    expect(summary.frames).toBe(FRAMES);
    // The numbers the panel shows are the report's.
    expect(await page.textContent('.retarget-numbers dd[data-value="mean-angle"]')).toBe(`${summary.meanAngle_deg.toFixed(1)}°`);
    expect(await page.textContent('.retarget-numbers dd[data-value="max-limb"]')).toBe(`${(100 * summary.maxLimbError).toFixed(1)} %`);
    // The wave lies within the default character's limits: bones follow their sources closely.
    expect(summary.meanAngle_deg).toBeLessThan(5);
    expect(Number.isFinite(summary.maxAngle_deg)).toBe(true);
    // The plot drew something.
    const inked = await page.$eval('.retarget-plot canvas', (canvas) => {
      const c = canvas as HTMLCanvasElement;
      const data = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
      let count = 0;
      for (let i = 3; i < data.length; i += 4) if (data[i] > 0) count++;
      return count;
    });
    expect(inked).toBeGreaterThan(100);
  });

  it('plays with the source drawn beside, and the hands move like the source’s', async () => {
    const { page } = demo;
    await page.click('[data-action="play"]');
    await page.waitForFunction(() => window.kin.time().time > 0, undefined, { timeout: 10_000 });
    expect(await page.evaluate(() => window.kin.time().playing)).toBe(true);
    await artifactsAt(page, SIZES, ({ width, height }) => `${ARTIFACTS}/retarget-playing-${width}x${height}.png`);
    await resizeWindow(page, { width: 1280, height: 800 });
    await page.click('.retarget-dialog .side-dialog-close');
    // The panel hidden and drawn: its button no longer has the keys.
    await nextFrame(page);
    await artifact(page, `${ARTIFACTS}/retarget-playing-closed-1280x800.png`);
    await page.keyboard.press(' ');
    expect(await page.evaluate(() => window.kin.time().playing)).toBe(false);

    // The source beside: hiding it changes the picture, the pose stays.
    await page.evaluate(() => window.kin.setTime(0.5));
    await idle(page);
    const shown = { png: await canvasScreenshot(page), palette: await page.evaluate(() => window.kin.palette()) };
    await page.evaluate(() => window.kin.showRetargetSource(false));
    await nextFrame(page);
    expect((await canvasScreenshot(page)).equals(shown.png)).toBe(false);
    expect(await page.evaluate(() => window.kin.palette())).toEqual(shown.palette);
    await page.evaluate(() => window.kin.showRetargetSource(true));

    const seen: number[][][] = [];
    for (const frame of [0, 5, 10, 15, 20, 25, 30, 35, 40]) {
      const time = frame * FRAME_TIME;
      const wrists = await pageWrists(page, time);
      seen.push(wrists);
      for (const side of [0, 1] as const) {
        const expected = sourceWrist(side, time);
        const apart = Math.hypot(...wrists[side].map((v, k) => v - expected[k]));
        expect(apart, `${side === 0 ? 'left' : 'right'} wrist at ${time} s: page ${wrists[side].map((v) => v.toFixed(3))}, source ${expected.map((v) => v.toFixed(3))}`).toBeLessThan(ARM_BOUND);
      }
    }
    // The wrists really travel (the wave lifts each by 70°).
    for (const side of [0, 1]) {
      const heights = seen.map((w) => w[side][1]);
      expect(Math.max(...heights) - Math.min(...heights)).toBeGreaterThan(0.5);
    }
  });

  it('exports the result in the GLB and as BVH, shares it by link, and undo brings the clip before back', async () => {
    const { page } = demo;
    const clip = await page.evaluate(() => window.kin.clip());
    const [download] = await Promise.all([page.waitForEvent('download'), clickFileMenu(page, 'export-glb')]);
    const bytes = await downloadedBytes(download);
    exportedGlb = Array.from(bytes);
    const gltf = await new GLTFLoader().parseAsync(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer, '');
    expect(gltf.animations.map((a) => a.name)).toEqual([clip.name]);
    expect(gltf.animations[0].duration).toBeCloseTo(clip.duration, 3);
    // And as BVH: the character's skeleton with the result's motion.
    const [bvhDownload] = await Promise.all([page.waitForEvent('download'), clickFileMenu(page, 'export-bvh')]);
    const exported = (await downloadedBytes(bvhDownload)).toString('utf8');
    expect(exported.startsWith('HIERARCHY')).toBe(true);
    expect(exported).toContain('JOINT upper_arm_l');
    expect(Number(/Frames:\s*(\d+)/.exec(exported)?.[1])).toBeGreaterThanOrEqual(FRAMES);

    await page.evaluate(() => window.kin.setTime(0.35));
    const url = await page.evaluate(() => window.kin.shareLink());
    // The pose, not the palette: spring-driven bones (a ponytail) may swing differently in another page; the clip does not drive them.
    const mine = await page.evaluate(() => window.kin.getPose());
    const { page: other, problems } = await linkInOtherPage(url);
    const theirs = await other.evaluate(() => ({ clip: window.kin.clip(), time: window.kin.time().time, pose: window.kin.getPose() }));
    expect(theirs.clip.name).toBe(clip.name);
    expect(theirs.clip.channels.length).toBe(clip.channels.length);
    expect(theirs.time).toBeCloseTo(0.35, 6);
    // Within the link's precision (angles 4.8e-5 rad, positions 5e-6 m).
    expect(maxDifference(theirs.pose.angles, mine.angles)).toBeLessThan(1e-4);
    expect(maxDifference(theirs.pose.rootOffset, mine.rootOffset)).toBeLessThan(1e-5);
    expect(problems).toEqual([]);

    expect(await page.evaluate(() => window.kin.undo())).toBe(true);
    expect(await page.evaluate(() => window.kin.clip().name)).toBe('Wave');
    expect(demo.problems).toEqual([]);
  });

  it('retargets from a script (window.kin.retargetFrom): by rotations the wrists follow as closely; a GLB’s animation carries over', async () => {
    const { page } = demo;
    const summary = await page.evaluate((text) => window.kin.retargetFrom(text, 'wave.bvh', { mode: 'rotation' }), bvh);
    expect(summary).toMatchObject({ mode: 'rotation', frames: FRAMES, source: 'wave.bvh' });
    expect(await page.evaluate(() => window.kin.clip().name)).toBe(summary.clip);
    for (const frame of [0, 10, 20, 30, 40]) {
      const wrists = await pageWrists(page, frame * FRAME_TIME);
      for (const side of [0, 1] as const) {
        const expected = sourceWrist(side, frame * FRAME_TIME);
        expect(Math.hypot(...wrists[side].map((v, k) => v - expected[k])), `${side === 0 ? 'left' : 'right'} wrist at frame ${frame}`).toBeLessThan(ARM_BOUND);
      }
    }
    expect(summary.reference).toBe('character-to-source');
    // A reference pose that is not one of the three is refused by name, and the clip stays.
    const refused = await page.evaluate(
      (text) => window.kin.retargetFrom(text, 'wave.bvh', { reference: 'sideways' }).then(() => 'applied', (error: Error) => error.message),
      bvh,
    );
    expect(refused).toMatch(/reference "sideways" is not one of character-to-source, source-to-character, rest/);
    expect(await page.evaluate(() => window.kin.clip().name)).toBe(summary.clip);
    // Each in its own rest pose: named in the summary and in the report's title.
    const asTheyStand = await page.evaluate((text) => window.kin.retargetFrom(text, 'wave.bvh', { mode: 'rotation', reference: 'rest' }), bvh);
    expect(asTheyStand.reference).toBe('rest');
    await page.evaluate(() => window.kin.showRetargetPanel(true));
    expect(await page.$eval('.retarget-report .side-dialog-subtitle', (h) => h.textContent)).toContain('both in their own rest poses');
    await page.evaluate(() => window.kin.showRetargetPanel(false));
    // A glTF source: the GLB exported above, its animation (the IK result) carried back onto the same character.
    const fromGlb = await page.evaluate((glb) => window.kin.retargetFrom(new Uint8Array(glb), 'exported.glb'), exportedGlb);
    expect(fromGlb).toMatchObject({ source: 'exported.glb', frames: FRAMES });
    expect(fromGlb.maxAngle_deg).toBeLessThan(1);
    expect(demo.problems).toEqual([]);
  });

  it('the Retargeting lesson plays the walk retargeted with IK on its body and with rotations beside it, with both reports', async () => {
    const { page } = demo;
    await page.selectOption('select[name=lesson]', 'retarget');
    await page.waitForSelector('.retarget-lesson:not([hidden])');
    const shown = await page.evaluate(() => ({ clip: window.kin.clip().name, playing: window.kin.time().playing, undo: window.kin.undoDepth().undo, bones: window.kin.boneNames().filter((n) => n.startsWith('Spine')).length }));
    expect(shown).toEqual({ clip: 'Walk cycle → Retargeting: long legs, 5-bone spine', playing: true, undo: 0, bones: 5 });
    const rows = await page.$$eval('.retarget-lesson-table tbody tr', (trs) => trs.map((tr) => [(tr as HTMLElement).dataset.mode, ...Array.from(tr.querySelectorAll('td'), (td) => parseFloat(td.textContent!.split('/').pop()!))] as [string, number, number, number]));
    expect(rows.map((r) => r[0])).toEqual(['ik', 'rotation']);
    const [[, ikAngle, ikLimb], [, rotationAngle, rotationLimb]] = rows;
    // The long shins and forearms: IK keeps the limbs' reach and turns bones off their sources' directions; rotations the other way round.
    expect(ikLimb).toBeLessThan(0.5);
    expect(rotationLimb).toBeGreaterThan(2);
    expect(ikAngle).toBeGreaterThan(rotationAngle);
    await artifact(page, `${ARTIFACTS}/retarget-lesson-1280x800.png`);
    expect(demo.problems).toEqual([]);
  });
});
