// A drag frame's JavaScript allocation, measured: the page's per-frame path
// through the real WASM module, in a scene of two characters — a handle move (the pose editor's callback,
// handleMoves → PosingSession.moveGoal → Rig.setGoalTarget + Rig.solve,
// with symmetric dragging off and on, then the editor's change listeners),
// the ponytail's springs stepped on the new pose (SpringFrames, as the page's
// frame loop does), then the frame's bone upload
// (CharacterMeshes.update → Rig.palette or Rig.dqsPalette → the method's
// texture array) — for thousands of frames under V8's sampling heap
// profiler, which samples about every 32 bytes and here keeps the samples
// of objects the GC already collected, so short-lived garbage counts.
// Everything allocated under the frame function counts, the module's glue
// included, after a warm-up (V8 optimises the path, as during a long drag).
// A whole frame must allocate nothing: under 4 bytes per frame on average,
// which leaves room for a one-off allocation of a few kB (V8 re-optimising)
// but not for one 16-byte heap number per frame.
// The page's whole drag in Chromium, with the HUD, the energy plot and
// three.js, is bench/page/drag-allocation.test.ts (npm run bench) and bench/drag-allocation.ts.
import type { Session } from 'node:inspector/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TimelineModel } from '../../web/src/animation/timeline-model.js';
import { PoseEditor } from '../../web/src/posing/pose-editor.js';
import { DEFAULT_CHARACTER_PRESETS } from '../../web/src/posing/pose-presets.js';
import { PosingSession } from '../../web/src/posing/posing-session.js';
import { applyStartPose } from '../../web/src/posing/start-pose.js';
import { Rig } from '../../web/src/rig/rig.js';
import { rigFromSkinnedMesh } from '../../web/src/import/skinned-mesh-rig.js';
import { CharacterMeshes } from '../../web/src/three/character-meshes.js';
import { loadKinModuleNode } from '../../web/src/wasm/load-node.js';
import { SpringFrames } from '../../web/src/app/spring-frames.js';
import { Change } from '../../web/src/scene/scene-change.js';
import { addDefaultCharacterSprings } from '../../web/src/import/default-character-springs.js';
import { bytesPerCall, heapProfiler } from './allocation-profile.js';
import { loadDefaultCharacter } from './default-character.js';

const FRAMES = 4000;
const SAMPLING_INTERVAL = 32;
/** Room for one-off allocations, per frame on average (see above). */
const ONE_OFF = 4;

describe('allocation of a drag frame', () => {
  let inspector: Session;
  let rig: Rig;
  let session: PosingSession;
  let editor: PoseEditor;
  let character: CharacterMeshes;
  let goal: number;
  let start: [number, number, number];

  beforeAll(async () => {
    const module = await loadKinModuleNode();
    const { mesh } = await loadDefaultCharacter();
    const { bones, jointToBone } = rigFromSkinnedMesh(mesh);
    rig = Rig.create(module, bones);
    applyStartPose(rig);
    addDefaultCharacterSprings(rig);
    session = new PosingSession(rig);
    editor = new PoseEditor(session, { source: { kind: 'default' }, presets: DEFAULT_CHARACTER_PRESETS });
    // A second character beside it: the drag stays on the first.
    const other = Rig.create(module, bones);
    applyStartPose(other);
    editor.addCharacter(new PosingSession(other), { source: { kind: 'default' }, presets: DEFAULT_CHARACTER_PRESETS }, { x: 1.5, z: 0, heading: 0 });
    editor.setActiveCharacter(editor.scene.characters[0].id);
    character = new CharacterMeshes([{ mesh, material: 'page-look' }], jointToBone);
    goal = session.goalIndex('hand_r');
    start = session.target_ms(goal);
    // What the page's view does on every change: note it and ask for a frame.
    editor.onChange((told) => {
      changes++;
      if ((told & Change.POSE) !== 0) posed = true;
    });
    // Node's performance.now() allocates an array per call (process.hrtime);
    // the browser's does not. PosingSession times each solve with it, so a
    // counter stands in for the clock here.
    let tick = 0;
    Object.defineProperty(performance, 'now', { value: () => ++tick, configurable: true, writable: true });
    inspector = await heapProfiler();
  });

  afterAll(() => {
    inspector?.disconnect();
    character?.dispose();
    rig?.dispose();
  });

  // The handle's drag moves the handle and calls the app's callback; the
  // next frame uploads the bone data. The hand's target circles 5 cm around
  // where it started. The handle's coordinates start as non-integers, so V8
  // stores them as doubles throughout, as in a three.js Vector3.
  const handle_ms = { x: 0.5, y: 0.5, z: 0.5 };
  let changes = 0;
  // Frames 16 ms apart, in whole milliseconds as the page's frame scheduler gives them.
  const springs = new SpringFrames();
  let nowMillis = 0;
  let springSteps = 0;
  let posed = false;
  function stepSprings(): void {
    nowMillis += 16;
    if (springs.step(rig, posed, nowMillis)) springSteps++;
    posed = false;
  }
  function dragFrame(frame: number): void {
    const angle = (2 * Math.PI * frame) / 240;
    handle_ms.x = start[0] + 0.05 * Math.sin(angle);
    handle_ms.y = start[1] + 0.05 * (1 - Math.cos(angle));
    handle_ms.z = start[2];
    editor.handleMoved(goal, handle_ms);
    stepSprings();
    character.update(rig);
  }
  function uploadFrame(): void {
    character.update(rig);
  }

  const bytesPerFrame = (frameFunction: (frame: number) => void): Promise<number> => bytesPerCall(inspector, frameFunction, FRAMES, SAMPLING_INTERVAL);

  for (const [method, symmetric] of [['lbs', false], ['dqs', false], ['lbs', true]] as const) {
    it(`${method}${symmetric ? ', symmetric drag' : ''}: a whole drag frame allocates nothing`, async () => {
      character.setMethod(method);
      editor.symmetry.enabled = symmetric;
      const changesBefore = changes;
      const stepsBefore = springSteps;
      const upload = await bytesPerFrame(uploadFrame);
      const whole = await bytesPerFrame(dragFrame);
      console.log(`${method}${symmetric ? ' symmetric' : ''}: bone upload ${upload.toFixed(2)} B/frame, whole drag frame ${whole.toFixed(2)} B/frame (${FRAMES} frames, sampled about every ${SAMPLING_INTERVAL} B)`);
      // The drag really solved: the hand follows its target (both hands
      // within 5 cm when symmetric: the mirrored circle is not all in reach
      // of the left hand from this pose), and the other hand's target is
      // the mirror image when symmetric.
      expect(session.lastSolve.failure).toBeNull();
      expect(session.lastSolve.error).toBeLessThan(symmetric ? 0.05 : 1e-3);
      if (symmetric) {
        const partner = session.goalIndex('hand_l');
        const mirrored = session.target_ms(partner);
        // The core holds the targets, in single precision.
        expect(mirrored[0]).toBe(Math.fround(-handle_ms.x));
        expect(mirrored[1]).toBe(Math.fround(handle_ms.y));
      }
      // Every move told the listeners, and moved the springs.
      expect(changes - changesBefore).toBeGreaterThanOrEqual(FRAMES);
      expect(springSteps - stepsBefore).toBeGreaterThanOrEqual(FRAMES);
      expect(upload).toBeLessThan(ONE_OFF);
      expect(whole).toBeLessThan(ONE_OFF);
    });
  }

  // Playback: the timeline's clock advances by a frame's time, the core
  // samples the clip (two keys of every bone, Catmull-Rom, looping) into the
  // pose, the listeners hear of it, and the bone data is uploaded.
  it('a playback frame allocates nothing', async () => {
    character.setMethod('lbs');
    editor.symmetry.enabled = false;
    const timeline = new TimelineModel(editor);
    let heard = 0;
    timeline.onChange(() => {
      heard++;
    });
    timeline.key('all');
    timeline.setTime(1);
    editor.moveGoal(goal, start[0] + 0.05, start[1] + 0.1, start[2]);
    timeline.key('all');
    const atKey = Float32Array.from(rig.pose());
    timeline.setDuration(1);
    timeline.play();
    const stepsBefore = springSteps;
    function playFrame(): void {
      timeline.advance(17);
      stepSprings();
      character.update(rig);
    }
    const playback = await bytesPerFrame(playFrame);
    console.log(`playback frame ${playback.toFixed(2)} B/frame (${FRAMES} frames)`);
    // It played: still playing (looping), the pose moved, every frame was heard.
    expect(timeline.playing).toBe(true);
    expect(heard).toBeGreaterThanOrEqual(FRAMES);
    expect(springSteps - stepsBefore).toBeGreaterThanOrEqual(FRAMES);
    // 4 × 4000 frames of 17 ms end at 272 s, at the ends of the 1 s loop; half a second more is between the keys: not the pose keyed at 1 s.
    timeline.advance(500);
    expect(Array.from(rig.pose()).some((a, i) => Math.abs(a - atKey[i]) > 1e-4)).toBe(true);
    // The same bound as a drag frame: one 16-byte heap number per frame
    // fails it. (The clock's time reaches the rig in the timeline's
    // Float64Array, Rig.sampleClipAt: passed as a number to a call that V8
    // did not inline, it was boxed every frame.)
    expect(playback).toBeLessThan(ONE_OFF);
  });

  it('sees a small allocation per frame', async () => {
    // The same measurement of an upload frame that keeps one small array: it must count.
    const kept: number[][] = [];
    const leakyFrame = (frame: number): void => {
      character.update(rig);
      kept.push([frame]);
    };
    expect(await bytesPerFrame(leakyFrame)).toBeGreaterThan(16);
  });
});
