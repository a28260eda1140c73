// The timeline model on the default character through the real module:
// keying (all bones, the selected bone), moving, copying, deleting keys,
// interpolation and T/C/B edits, undo/redo of each, and the playback clock.
// Expected values are derived by hand in the comments: the clip is sampled
// by the core, so a linear segment between two keyed angles must give their
// average at the midpoint (when the limits do not clip it).
import { beforeEach, describe, expect, it } from 'vitest';
import { TimelineModel } from '../../web/src/animation/timeline-model.js';
import { rigFromSkinnedMesh } from '../../web/src/import/skinned-mesh-rig.js';
import { PoseEditor } from '../../web/src/posing/pose-editor.js';
import { DEFAULT_CHARACTER_PRESETS } from '../../web/src/posing/pose-presets.js';
import { PosingSession } from '../../web/src/posing/posing-session.js';
import { applyStartPose } from '../../web/src/posing/start-pose.js';
import { Rig } from '../../web/src/rig/rig.js';
import { Change, LINKED } from '../../web/src/scene/scene-change.js';
import type { KinModule } from '../../web/src/wasm/generated/kin.js';
import { loadKinModuleNode } from '../../web/src/wasm/load-node.js';
import { loadDefaultCharacter } from './default-character.js';

let module: KinModule;
let bones: ReturnType<typeof rigFromSkinnedMesh>['bones'];

async function setup(): Promise<{ editor: PoseEditor; timeline: TimelineModel; rig: Rig }> {
  module ??= await loadKinModuleNode();
  if (bones === undefined) bones = rigFromSkinnedMesh((await loadDefaultCharacter()).mesh).bones;
  const rig = Rig.create(module, bones);
  applyStartPose(rig);
  const editor = new PoseEditor(new PosingSession(rig), { source: { kind: 'default' }, presets: DEFAULT_CHARACTER_PRESETS });
  return { editor, timeline: new TimelineModel(editor), rig };
}

/** A bone and slot whose limits leave room on both sides of 0 (so ±0.3 rad are kept as they are). */
function freeAngle(rig: Rig): { bone: number; slot: number } {
  const probe = new Float32Array(rig.pose().length);
  for (let bone = 0; bone < rig.boneCount; bone++) {
    for (let slot = 0; slot < 3; slot++) {
      probe.fill(0);
      probe[3 * bone + slot] = 0.3;
      rig.setPose(probe);
      const up = rig.pose()[3 * bone + slot];
      probe[3 * bone + slot] = -0.3;
      rig.setPose(probe);
      if (Math.abs(up - 0.3) < 1e-6 && Math.abs(rig.pose()[3 * bone + slot] + 0.3) < 1e-6) return { bone, slot };
    }
  }
  throw new Error('no free angle');
}

function poseWith(rig: Rig, bone: number, slot: number, angle: number): Float32Array {
  const angles = Float32Array.from(rig.pose());
  angles[3 * bone + slot] = angle;
  return angles;
}

describe('timeline model', () => {
  let editor: PoseEditor;
  let timeline: TimelineModel;
  let rig: Rig;
  let free: { bone: number; slot: number };

  beforeEach(async () => {
    ({ editor, timeline, rig } = await setup());
    free = freeAngle(rig);
    applyStartPose(rig);
    editor.setPose(Float32Array.from(rig.pose()), rig.rootOffset);
  });

  it('keys every bone on an empty clip, even with one bone chosen', () => {
    timeline.key(free.bone);
    // 3 angle channels per bone plus the root offset.
    expect(timeline.clip.channels.length).toBe(3 * rig.boneCount + 1);
    expect(timeline.markers()).toEqual([0]);
  });

  it('keys only the selected bone once the clip has keys, and plays between two poses', () => {
    const { bone, slot } = free;
    editor.setPose(poseWith(rig, bone, slot, -0.3), rig.rootOffset);
    timeline.interpolation = 'linear';
    timeline.key('all');
    timeline.setTime(1);
    expect(timeline.time).toBe(1);
    editor.setPose(poseWith(rig, bone, slot, 0.3), rig.rootOffset);
    timeline.key(bone);
    expect(timeline.markers()).toEqual([0, 1]);
    expect(timeline.boneMarkers(bone)).toEqual([0, 1]);
    // Another bone has its one key at 0 only.
    expect(timeline.boneMarkers(bone === 0 ? 1 : 0)).toEqual([0]);
    // Linear from -0.3 at 0 s to 0.3 at 1 s: 0 at 0.5 s.
    timeline.setTime(0.5);
    expect(rig.pose()[3 * bone + slot]).toBeCloseTo(0, 5);
    // 0.3 s (frame 9 at 30 fps): -0.3 + 0.6 × 0.3 = -0.12.
    timeline.setTime(0.3);
    expect(rig.pose()[3 * bone + slot]).toBeCloseTo(-0.12, 5);
    // 0.25 s is frame 7.5, snapped to frame 8: -0.3 + 0.6 × 8 / 30 = -0.14.
    timeline.setTime(0.25);
    expect(rig.pose()[3 * bone + slot]).toBeCloseTo(-0.14, 5);
  });

  it('moves, copies, pastes and deletes keys, each one undo step', () => {
    timeline.key('all');
    timeline.setTime(0.5);
    timeline.key('all');
    const keyed = timeline.clip;
    timeline.select(0.5);
    // 0.31 s at 30 fps snaps to 9 frames = 0.3 s: the key lands at 0.8 s.
    timeline.moveSelected(0.31);
    expect(timeline.markers()[1]).toBeCloseTo(0.8, 9);
    expect(timeline.selection[0]).toBeCloseTo(0.8, 9);
    editor.undo.undo();
    expect(timeline.clip).toBe(keyed);
    editor.undo.redo();
    expect(timeline.markers()[1]).toBeCloseTo(0.8, 9);

    expect(timeline.copy()).toBe(true);
    timeline.setTime(1.5);
    timeline.paste();
    expect(timeline.markers().map((t) => Math.round(t * 30))).toEqual([0, 24, 45]);
    timeline.select(0);
    timeline.select(1.5, true);
    timeline.deleteSelected();
    expect(timeline.markers().map((t) => Math.round(t * 30))).toEqual([24]);
    editor.undo.undo();
    expect(timeline.markers().map((t) => Math.round(t * 30))).toEqual([0, 24, 45]);
  });

  it('a key drag is one undo step however many moves it makes', () => {
    timeline.key('all');
    timeline.setTime(1);
    timeline.key('all');
    const depth = editor.undo.depths.undo;
    timeline.select(1);
    timeline.beginMove();
    for (const delta of [0.1, 0.2, 0.3, -0.2]) timeline.dragSelected(delta);
    timeline.endMove();
    expect(timeline.markers()[1]).toBeCloseTo(0.8, 9);
    expect(editor.undo.depths.undo).toBe(depth + 1);
    editor.undo.undo();
    expect(timeline.markers()).toEqual([0, 1]);
  });

  it('sets interpolation and T/C/B of the selected keys and undoes them', () => {
    const { bone, slot } = free;
    editor.setPose(poseWith(rig, bone, slot, -0.3), rig.rootOffset);
    timeline.interpolation = 'linear';
    timeline.key('all');
    timeline.setTime(1);
    editor.setPose(poseWith(rig, bone, slot, 0.3), rig.rootOffset);
    timeline.key('all');
    timeline.select(0);
    timeline.setInterpolation('step');
    expect(timeline.selectedKeys().every((k) => k.interpolation === 'step')).toBe(true);
    // Step holds the first key's value up to the next key.
    timeline.setTime(0.9);
    expect(rig.pose()[3 * bone + slot]).toBeCloseTo(-0.3, 5);
    timeline.setTcb('tension', 0.5);
    expect(timeline.selectedKeys().every((k) => k.tension === 0.5)).toBe(true);
    expect(() => timeline.setTcb('bias', 2)).toThrow(/bias 2 is not in \[-1, 1\]/);
    editor.undo.undo();
    expect(timeline.selectedKeys().every((k) => k.tension === undefined)).toBe(true);
    editor.undo.undo();
    expect(timeline.selectedKeys().every((k) => k.interpolation === 'linear')).toBe(true);
    timeline.setTime(0.5);
    expect(rig.pose()[3 * bone + slot]).toBeCloseTo(0, 5);
  });

  it('undo takes a key back', () => {
    timeline.key('all');
    expect(timeline.markers()).toEqual([0]);
    editor.undo.undo();
    expect(timeline.clip.channels).toEqual([]);
    editor.undo.redo();
    expect(timeline.markers()).toEqual([0]);
  });

  it('plays by elapsed time, wrapping with loop, stopping at the end without', () => {
    timeline.key('all');
    timeline.setDuration(1);
    timeline.play();
    expect(timeline.advance(400)).toBe(true);
    expect(timeline.time).toBeCloseTo(0.4, 12);
    // 0.4 + 0.7 = 1.1 wraps to 0.1 in a 1 s loop.
    timeline.advance(700);
    expect(timeline.time).toBeCloseTo(0.1, 12);
    timeline.setLoop(false);
    expect(timeline.advance(950)).toBe(false);
    expect(timeline.time).toBe(1);
    expect(timeline.playing).toBe(false);
    // Play again from the end starts over.
    timeline.play();
    expect(timeline.time).toBe(0);
  });

  it('steps frames and refuses bad durations and fps', () => {
    timeline.key('all');
    timeline.step(1);
    expect(timeline.time).toBeCloseTo(1 / 30, 12);
    timeline.step(-2);
    // Looping: one frame before 0 is the last frame, 2 s × 30 − 1 = 59.
    expect(Math.round(timeline.time * 30)).toBe(59);
    timeline.setTime(1);
    timeline.key('all');
    expect(() => timeline.setDuration(0.5)).toThrow(/would cut off the key at 1 s/);
    expect(() => timeline.setFps(0)).toThrow(/fps 0/);
    timeline.setFps(24);
    expect(timeline.clip.fps).toBe(24);
  });

  it('offers registered clips by name and keys a quaternion channel as a quaternion', () => {
    const { bone } = free;
    // A clip that drives the bone by quaternion: the identity at 0 s (x y z w).
    const byQuaternion = { name: 'turn', duration: 1, fps: 30, channels: [{ target: 'rotation' as const, bone, slot: 0, keys: [{ time: 0, value: [0, 0, 0, 1], interpolation: 'linear' as const }] }] };
    timeline.menu.register([{ name: 'turn', make: () => byQuaternion }, { name: 'other', make: () => null }]);
    expect(timeline.menu.entries.map((c) => c.name)).toEqual(['turn', 'other']);
    expect(() => timeline.useClip(timeline.menu.clipNamed('nope'))).toThrow(/no clip "nope"; the clips are turn, other/);
    expect(() => timeline.useClip(timeline.menu.clipNamed('other'))).toThrow(/not for this character/);
    timeline.useClip(timeline.menu.clipNamed('turn'));
    expect(timeline.clip).toBe(byQuaternion);
    // A half turn about the bone's first Euler axis keyed at 0.5 s: the channel keeps 4 numbers per key, of unit length.
    timeline.setTime(0.5);
    editor.setPose(poseWith(rig, bone, free.slot, 0.3), rig.rootOffset);
    timeline.key(bone);
    const [channel] = timeline.clip.channels;
    expect(timeline.clip.channels.length).toBe(1);
    expect(channel.keys.map((k) => k.time)).toEqual([0, 0.5]);
    const q = channel.keys[1].value;
    expect(q.length).toBe(4);
    expect(Math.hypot(...q)).toBeCloseTo(1, 6);
    // A rotation by 0.3 rad about one axis: w = cos(0.15) (whichever axis the slot turns about).
    expect(Math.abs(q[3])).toBeCloseTo(Math.cos(0.15), 5);
  });

  it('showing the clip at a time (playing, stopping, scrubbing) is no edit for the history; keying and posing are', () => {
    const { bone, slot } = free;
    editor.setPose(poseWith(rig, bone, slot, -0.3), rig.rootOffset);
    timeline.key('all');
    timeline.setTime(1);
    editor.setPose(poseWith(rig, bone, slot, 0.3), rig.rootOffset);
    timeline.key(bone);
    let shown = 0;
    let edits = 0;
    const stop = editor.onChange((changes) => {
      if ((changes & Change.POSE) !== 0) shown++;
      if ((changes & LINKED) !== 0 && (changes & Change.SAMPLE) === 0) edits++;
    });
    timeline.play();
    timeline.advance(100);
    timeline.advance(100);
    timeline.pause();
    timeline.setTime(0.4);
    // The pose changed on screen (so the view and the link see it), once per frame and once on stopping and scrubbing…
    expect(shown).toBe(4);
    // …but no edit happened: Back/Forward get no entry for it.
    expect(edits).toBe(0);
    editor.setPose(poseWith(rig, bone, slot, 0.1), rig.rootOffset);
    expect(edits).toBe(1);
    timeline.key(bone);
    expect(edits).toBe(2);
    stop();
  });
});
