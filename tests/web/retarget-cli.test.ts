// The batch retarget tool (tools/retarget/) run as a user runs it, with
// plain Node through tsx, over files made here: a CMU-style BVH walk, a
// textured glTF walker with Mixamo names (retarget-cli-fixtures.ts), and four
// bad ones — a BVH file cut short, a skeleton with no humanoid bones, a
// textured model without animations, a text file. The two good files come
// out as GLB (the character with one animation as long as the source's),
// BVH and a JSON report with its numbers in bounds; each bad one is named in
// stderr with its problem, and the exit code says that a file failed. Onto
// the textured walker (a .gltf with its buffer and texture in files beside
// it), the output GLB keeps the texture byte for byte, and three.js playing
// the output's animation puts every joint where the core's sample of the
// clip puts the bone.
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as THREE from 'three';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClipChannel, ClipData } from '../../web/src/animation/clip.js';
import { parseBvh } from '../../web/src/import/bvh/bvh-parse.js';
import { gltfClips } from '../../web/src/import/gltf-animation.js';
import { parsePackedGltf } from '../../web/src/import/gltf-model.js';
import { packGltf } from '../../web/src/import/gltf-pack.js';
import { rigFromSkeleton } from '../../web/src/import/skinned-mesh-rig.js';
import { loadKinModuleNode } from '../../web/src/wasm/load-node.js';
import { glbWithAnimation } from '../../tools/retarget/glb-animation.js';
import { batchFiles, outputBases } from '../../tools/retarget/output-names.js';
import { readTargetCharacter } from '../../tools/retarget/target-character.js';
import { walkingTake } from './mocap-takes.js';
import { stubImageBitmaps } from './node-loader-globals.js';
import { cmuWalkBvh, texturedMixamoWalker } from './retarget-cli-fixtures.js';
import { texturedCapsule } from './textured-model.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const TSX = join(ROOT, 'node_modules/.bin/tsx');
const CLI = join(ROOT, 'tools/retarget/cli.ts');
const FRAMES = 60;
const FPS = 30;
/** The walk's last frame time: its Frame Time is written with 6 decimals. */
const WALK_END = (FRAMES - 1) * Number((1 / FPS).toFixed(6));

interface Run {
  code: number;
  stderr: string;
}

function runCli(args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    execFile(TSX, [CLI, ...args], { cwd: ROOT }, (error, _stdout, stderr) => resolve({ code: error ? (error.code as number) : 0, stderr }));
  });
}

function arrayBuffer(path: string): ArrayBuffer {
  const bytes = readFileSync(path);
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
}

function noUris(): never {
  throw new Error('the file names a URI');
}

/** The image bytes of a packed glTF file, in image order. */
function imageBytes(buffer: ArrayBuffer): Uint8Array[] {
  const { json, bin } = packGltf(buffer, noUris);
  return (json.images ?? []).map((image: { bufferView: number }) => {
    const view = json.bufferViews[image.bufferView];
    return bin.slice(view.byteOffset, view.byteOffset + view.byteLength);
  });
}

/**
 * Both sources stand in a T-pose like the default character and the walk
 * stays inside its joint limits, so rotation retargeting carries every
 * mapped bone's world rotation (the angle error is float rounding), and the
 * hands and feet land within a few percent of a limb length of where the
 * source's direction and normalised reach put them (the limbs' proportions
 * differ). IK retargeting solves the limbs onto those places.
 */
const ROTATION_BOUNDS = { maxAngle_deg: 0.01, maxLimbError: 0.02 };
const IK_BOUNDS = { maxAngle_deg: 1, maxLimbError: 1e-3 };

function checkSummary(summary: Record<string, number>, bounds: typeof ROTATION_BOUNDS): void {
  const { meanAngle_deg, maxAngle_deg, meanLimbError, maxLimbError, maxFootSlide } = summary;
  expect(meanAngle_deg).toBeGreaterThanOrEqual(0);
  expect(meanAngle_deg).toBeLessThanOrEqual(maxAngle_deg);
  expect(maxAngle_deg).toBeLessThan(bounds.maxAngle_deg);
  expect(meanLimbError).toBeGreaterThanOrEqual(0);
  expect(meanLimbError).toBeLessThanOrEqual(maxLimbError);
  expect(maxLimbError).toBeLessThan(bounds.maxLimbError);
  expect(maxFootSlide).toBeGreaterThanOrEqual(0);
}

let dir: string;
let run: Run;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'kin-retarget-cli-'));
  writeFileSync(join(dir, 'walk.bvh'), cmuWalkBvh(FRAMES, FPS));
  writeFileSync(join(dir, 'walker.glb'), new Uint8Array(texturedMixamoWalker().glb()));
  // The same as a .gltf naming its buffer and texture as files beside it.
  mkdirSync(join(dir, 'separate'));
  for (const file of texturedMixamoWalker().separateFiles('walker')) writeFileSync(join(dir, 'separate', file.name), new Uint8Array(file.bytes));
  // The last 20 lines (frames) are missing.
  writeFileSync(join(dir, 'broken.bvh'), cmuWalkBvh(FRAMES, FPS).split('\n').slice(0, -21).join('\n'));
  // A skeleton that has none of a humanoid's bones, a textured model without animations, and not a motion file.
  writeFileSync(join(dir, 'chain.bvh'), 'HIERARCHY\nROOT A\n{\n  OFFSET 0 0 0\n  CHANNELS 1 Xrotation\n  End Site\n  {\n    OFFSET 0 1 0\n  }\n}\nMOTION\nFrames: 2\nFrame Time: 0.1\n0\n10\n');
  writeFileSync(join(dir, 'capsule.glb'), new Uint8Array(texturedCapsule().glb()));
  writeFileSync(join(dir, 'notes.txt'), 'not motion');
  const sources = ['walk.bvh', 'walker.glb', 'broken.bvh', 'chain.bvh', 'capsule.glb', 'notes.txt'].map((name) => join(dir, name));
  run = await runCli([...sources, '--out', join(dir, 'out'), '--bvh', '--workers', '2']);
}, 120_000);

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('retarget CLI over a batch with a broken file', () => {
  it('names each bad file and its problem, finishes the others, and exits with 1', () => {
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/broken\.bvh: FAILED: line \d+: .*frames/);
    expect(run.stderr).toMatch(/chain\.bvh: FAILED: the bone mapping onto 'character' does not hold: .*'hips'/);
    expect(run.stderr).toMatch(/capsule\.glb: FAILED: it has no animation/);
    expect(run.stderr).toMatch(/notes\.txt: FAILED: not a BVH or glTF file/);
    expect(run.stderr).toMatch(/\] walk\.bvh → walk\.glb \d+\.\d s, mean angle error \d+\.\d\d°/);
    expect(run.stderr).toMatch(/\] walker\.glb → walker\.glb /);
    expect(run.stderr).toMatch(/Retargeted 2 of 6 file\(s\)/);
  });

  it.each(['walk', 'walker'])('writes %s.glb: the default character with one animation as long as the source, which the page reads back as a clip', async (name) => {
    const gltf = await new GLTFLoader().parseAsync(arrayBuffer(join(dir, 'out', `${name}.glb`)), '');
    expect(gltf.animations).toHaveLength(1);
    // The export puts frames at k / 30 s (export/clip-frames.ts), the last one nearest the end: 59/30 s for the walk's 59 × 0.033333 s.
    const duration = name === 'walk' ? WALK_END : 1;
    expect(gltf.animations[0].duration).toBeCloseTo(duration, 4);
    let skinned = 0;
    gltf.scene.traverse((o) => (skinned += (o as THREE.SkinnedMesh).isSkinnedMesh ? 1 : 0));
    expect(skinned).toBeGreaterThan(0);
    // The page's importer takes the animation as a clip of the character's rig.
    const model = await parsePackedGltf(packGltf(arrayBuffer(join(dir, 'out', `${name}.glb`)), noUris));
    const { clips, warnings } = gltfClips(model.gltf.animations, rigFromSkeleton(model.skins[0].skeleton));
    expect(warnings).toEqual([]);
    expect(clips.map((clip) => clip.duration)).toEqual([expect.closeTo(duration, 4)]);
  });

  it.each(['walk', 'walker'])('writes %s.report.json with per-frame arrays and numbers within bounds', (name) => {
    const report = JSON.parse(readFileSync(join(dir, 'out', `${name}.report.json`), 'utf8'));
    const frames = report.frames;
    expect(frames).toBe(name === 'walk' ? FRAMES : 31);
    expect(report.perFrame.times).toHaveLength(frames);
    expect(report.mode).toBe('rotation');
    checkSummary(report.summary, ROTATION_BOUNDS);
    const bones = report.perFrame.boneNames.length;
    expect(report.perFrame.boneAngleError_rad).toHaveLength(frames);
    const mapped = report.perFrame.boneNames.map((bone: string) => report.map[bone] !== null);
    for (const row of report.perFrame.boneAngleError_rad) {
      expect(row).toHaveLength(bones);
      row.forEach((error: number | null, j: number) => {
        if (error === null) return;
        expect(mapped[j]).toBe(true);
        expect(error).toBeGreaterThanOrEqual(0);
        expect(error).toBeLessThanOrEqual(Math.PI);
      });
    }
    for (const row of report.perFrame.limbError) {
      expect(row).toHaveLength(report.perFrame.limbNames.length);
      for (const error of row) if (error !== null) expect(error).toBeGreaterThanOrEqual(0);
    }
  });

  it('writes walk.bvh with a frame per source frame', () => {
    const doc = parseBvh(readFileSync(join(dir, 'out', 'walk.bvh'), 'utf8'));
    expect(doc.frameCount).toBe(FRAMES);
    expect(doc.frameTime).toBeCloseTo(1 / FPS, 6);
  });
});

describe('retarget CLI onto a textured character', () => {
  it('reads the textured character from a .gltf and the files beside it, retargets onto it by IK at 24 fps, and keeps its image byte for byte', async () => {
    const onto = await runCli([join(dir, 'walk.bvh'), '--onto', join(dir, 'separate', 'walker.gltf'), '--out', join(dir, 'onto-walker'), '--mode', 'ik', '--fps', '24']);
    expect(onto.stderr).not.toMatch(/FAILED/);
    expect(onto.code).toBe(0);
    const report = JSON.parse(readFileSync(join(dir, 'onto-walker', 'walk.report.json'), 'utf8'));
    expect(report.mode).toBe('ik');
    expect(report.fps).toBe(24);
    // Frames at 24 fps from 0, and one at the source's end.
    report.perFrame.times.forEach((time: number, f: number) => expect(time).toBeCloseTo(Math.min(f / 24, WALK_END), 5));
    expect(report.perFrame.times.at(-1)).toBeCloseTo(WALK_END, 5);
    checkSummary(report.summary, IK_BOUNDS);
    const output = arrayBuffer(join(dir, 'onto-walker', 'walk.glb'));
    const images = imageBytes(output);
    expect(images).toHaveLength(1);
    expect(images).toEqual(imageBytes(arrayBuffer(join(dir, 'walker.glb'))));
  });

  it('writes an animation that three.js plays as the core samples the clip (joints under a rotated, scaled Armature)', async () => {
    const module = await loadKinModuleNode();
    const target = await readTargetCharacter(module, join(dir, 'walker.glb'));
    const { rig } = target;
    const times = [0, 0.4, 1];
    const channels: ClipChannel[] = [];
    // GLTFLoader drops the ':' from node names (three.js's PropertyBinding reserves it).
    for (const [name, slot, amplitude] of [['mixamorigLeftArm', 2, -1.1], ['mixamorigRightLeg', 0, 0.9], ['mixamorigSpine1', 1, 0.4], ['mixamorigHips', 0, 0.3]] as const) {
      channels.push({ target: 'angle', bone: rig.boneIndex(name), slot, keys: times.map((time) => ({ time, value: [amplitude * Math.sin(3 * time)], interpolation: 'linear' })) });
    }
    channels.push({ target: 'root', bone: 0, slot: 0, keys: times.map((time) => ({ time, value: [0.1 * time, -0.05 * time, 0.3 * time], interpolation: 'linear' })) });
    const clip: ClipData = { name: 'check', duration: 1, fps: 20, channels };
    const bytes = glbWithAnimation(target, clip);

    stubImageBitmaps();
    const gltf = await new GLTFLoader().parseAsync(bytes, '');
    const skeleton = (await gltf.parser.getDependency('skin', 0)) as THREE.Skeleton;
    const mixer = new THREE.AnimationMixer(gltf.scene);
    const action = mixer.clipAction(gltf.animations[0]).setLoop(THREE.LoopOnce, 1);
    action.clampWhenFinished = true;
    action.play();
    rig.clips.setClip(clip);
    let worst = 0;
    for (let f = 0; f <= 20; f++) {
      mixer.setTime(f / 20);
      gltf.scene.updateMatrixWorld(true);
      rig.clips.sampleClip(f / 20, 'clamp');
      const model_ms = rig.modelMatrices();
      skeleton.bones.forEach((joint, j) => {
        const bone = target.desc.jointToBone[j];
        joint.matrixWorld.elements.forEach((value, k) => (worst = Math.max(worst, Math.abs(value - model_ms[16 * bone + k]))));
      });
    }
    rig.dispose();
    expect(worst).toBeLessThan(1e-4);
  });
});

describe('retarget CLI with a bone map (--map)', () => {
  it('puts the file\'s entries over the guessed map, and the report says which bones were given and which guessed', async () => {
    const mapFile = join(dir, 'map.json');
    // The ponytail has no role (the guess leaves it unmapped): the map hangs it on the source's Neck1, a chain member the guess leaves alone.
    writeFileSync(mapFile, JSON.stringify({ ponytail_1: 'Neck1', hand_l: 'LeftHand' }));
    const mapped = await runCli([join(dir, 'walk.bvh'), '--out', join(dir, 'mapped'), '--map', mapFile]);
    expect(mapped.stderr).not.toMatch(/FAILED/);
    expect(mapped.code).toBe(0);
    const report = JSON.parse(readFileSync(join(dir, 'mapped', 'walk.report.json'), 'utf8'));
    expect(report.map.ponytail_1).toBe('Neck1');
    expect(report.map.ponytail_2).toBe(null);
    expect(report.map.hand_l).toBe('LeftHand');
    expect(report.map.hand_r).toBe('RightHand');
    expect(report.mapOrigins.ponytail_1).toBe('given');
    expect(report.mapOrigins.hand_l).toBe('given');
    expect(report.mapOrigins.hand_r).toBe('guessed');
    expect(Object.values(report.mapOrigins).filter((o) => o === 'given')).toHaveLength(2);
    // Each guessed entry names what matched it: the role both bones play (CMU's RightArm is the upper arm) or the chain it was spread along.
    expect(report.guessedRoles).toMatchObject({ hand_r: 'hand_r', upper_arm_r: 'upper_arm_r', thigh_l: 'upper_leg_l', hips: 'hips', head: 'head' });
    expect(report.guessedRoles).not.toHaveProperty('hand_l');
    expect(report.guessedRoles).not.toHaveProperty('ponytail_1');
    for (const [bone, reason] of Object.entries(report.guessedRoles)) {
      expect(report.mapOrigins[bone]).toBe('guessed');
      expect(report.map[bone]).not.toBe(null);
      expect(reason).toMatch(/^([a-z_]+_[lr]|hips|spine|chest|neck|head|spine chain|neck chain)$/);
    }
  });

  it('names the roles it guessed on an older file, where LeftShoulder is the upper arm and LeftHip the thigh (told by their order down the limb)', async () => {
    writeFileSync(join(dir, 'older.bvh'), walkingTake({ scheme: 'older', metresPerUnit: 0.01, seconds: 2 }).text);
    const older = await runCli([join(dir, 'older.bvh'), '--out', join(dir, 'older')]);
    expect(older.stderr).not.toMatch(/FAILED/);
    const report = JSON.parse(readFileSync(join(dir, 'older', 'older.report.json'), 'utf8'));
    expect(report.map).toMatchObject({ clavicle_l: 'LeftCollar', upper_arm_l: 'LeftShoulder', forearm_l: 'LeftElbow', hand_l: 'LeftWrist', thigh_r: 'RightHip', shin_r: 'RightKnee' });
    expect(report.guessedRoles).toMatchObject({ clavicle_l: 'shoulder_l', upper_arm_l: 'upper_arm_l', forearm_l: 'lower_arm_l', hand_l: 'hand_l', thigh_r: 'upper_leg_r', shin_r: 'lower_leg_r' });
    expect(new Set(Object.values(report.mapOrigins))).toEqual(new Set(['guessed']));
  });

  it('refuses a map file that is not an object of names, before any file; names a bone no rig has, per file', async () => {
    writeFileSync(join(dir, 'list.json'), '["hips"]');
    const list = await runCli([join(dir, 'walk.bvh'), '--out', join(dir, 'listed'), '--map', join(dir, 'list.json')]);
    expect(list.code).toBe(1);
    expect(list.stderr).toMatch(/retarget: the bone map '.*list\.json' is not a JSON object of target bone names/);
    writeFileSync(join(dir, 'tail.json'), '{"hips": "Tail"}');
    const tail = await runCli([join(dir, 'walk.bvh'), '--out', join(dir, 'tailed'), '--map', join(dir, 'tail.json')]);
    expect(tail.code).toBe(1);
    expect(tail.stderr).toMatch(/walk\.bvh: FAILED: the bone map maps 'hips' to source bone 'Tail', which the source does not have/);
  });
});

describe('retarget CLI output names', () => {
  it('are the sources\' names, numbered when two share one or when an output would overwrite a source', () => {
    const out = join(dir, 'names');
    expect(batchFiles(['/a/walk.bvh', '/b/walk.bvh', '/c/run.glb', join(out, 'jump.glb')], out).map((f) => f.base)).toEqual(['walk', 'walk-2', 'run', 'jump-2']);
  });

  it('add each animation\'s name when a file has several, numbered when two share one', () => {
    expect(outputBases('dance', ['Idle'])).toEqual(['dance']);
    expect(outputBases('dance', ['Idle', 'Spin / fast', 'Idle'])).toEqual(['dance-Idle', 'dance-Spin_fast', 'dance-Idle-2']);
  });
});
