// What replaced the polled version counters: the selection, the timeline
// and a rig's spring chains tell each of their listeners once per change
// (nothing for a change that changes nothing) and no more once stopped; a
// widget's ChangeFlag rises for a change of the active character only (or
// another character made active); a clip's pose shown while an edit begins
// is told apart from the edit, so that listeners can tell it is no edit.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TimelineModel } from '../../web/src/animation/timeline-model.js';
import { addDefaultCharacterSprings } from '../../web/src/import/default-character-springs.js';
import type { PoseEditor } from '../../web/src/posing/pose-editor.js';
import { DEFAULT_CHARACTER_PRESETS } from '../../web/src/posing/pose-presets.js';
import { PosingSession } from '../../web/src/posing/posing-session.js';
import { Selection } from '../../web/src/posing/selection.js';
import { Rig } from '../../web/src/rig/rig.js';
import type { BoneDesc } from '../../web/src/rig/rig-desc.js';
import { ChangeFlag } from '../../web/src/scene/change-flag.js';
import { Change } from '../../web/src/scene/scene-change.js';
import type { KinModule } from '../../web/src/wasm/generated/kin.js';
import { loadKinModuleNode } from '../../web/src/wasm/load-node.js';
import { defaultCharacterBones, defaultCharacterEditor } from './default-character.js';

// The module and the default character, loaded once before the tests.
const loaded: { module: KinModule; bones: BoneDesc[] } = { module: undefined as unknown as KinModule, bones: [] };
const editors: PoseEditor[] = [];

beforeAll(async () => {
  [loaded.module, loaded.bones] = await Promise.all([loadKinModuleNode(), defaultCharacterBones()]);
});

afterEach(() => {
  for (const made of editors.splice(0)) made.dispose();
  expect(loaded.module.liveRigs()).toBe(0);
});

function editor(): PoseEditor {
  const { module, bones } = loaded;
  const made = defaultCharacterEditor(module, bones);
  editors.push(made);
  return made;
}

describe('listeners instead of version counters', () => {
  it('the selection tells once per change, nothing for the same selection, nothing once stopped', () => {
    const selection = new Selection();
    let told = 0;
    const stop = selection.onChange(() => told++);
    selection.selectBone(2);
    selection.selectBone(2);
    expect(told).toBe(1);
    selection.selectGoal(0);
    selection.clear();
    expect(told).toBe(3);
    stop();
    selection.selectBone(1);
    expect(told).toBe(3);
  });

  it('the timeline tells once per change it shows, nothing once stopped', () => {
    const timeline = new TimelineModel(editor());
    let told = 0;
    const stop = timeline.onChange(() => told++);
    timeline.setLoop(false);
    expect(told).toBe(1);
    timeline.setTime(0.5);
    expect(told).toBe(2);
    timeline.play();
    timeline.advance(16);
    expect(told).toBe(4);
    stop();
    timeline.pause();
    expect(told).toBe(4);
  });

  it("a rig's spring chains tell once per change, nothing once stopped", () => {
    const { rig } = editor().session;
    addDefaultCharacterSprings(rig);
    let told = 0;
    const stop = rig.springs.onChange(() => told++);
    rig.springs.setSpringEnabled(0, false);
    expect(told).toBe(1);
    rig.springs.resetSprings();
    expect(told).toBe(2);
    // A step moves the chains, not what they are.
    rig.springs.stepSprings(16);
    expect(told).toBe(2);
    stop();
    rig.springs.setSpringEnabled(0, true);
    expect(told).toBe(2);
  });

  it("a widget's flag rises for a change of the active character only, or another made active", () => {
    const pose = editor();
    const first = pose.active.id;
    const flag = new ChangeFlag(pose, Change.POSE);
    // Raised at first: the widget shows once.
    expect(flag.take()).toBe(true);
    expect(flag.take()).toBe(false);
    pose.solve();
    expect(flag.take()).toBe(true);
    // Another character added becomes active: raised.
    const second = pose.addCharacter(new PosingSession(Rig.create(loaded.module, loaded.bones)), { source: { kind: 'default' }, presets: DEFAULT_CHARACTER_PRESETS }, { x: 1, z: 0, heading: 0 });
    expect(flag.take()).toBe(true);
    // The first one's pose changes while the second is active: not for this flag.
    const other = pose.scene.character(first).session;
    other.placePose(other.rig.pose());
    expect(flag.take()).toBe(false);
    // Only what it watches: a clip of its own character is not a pose.
    pose.setClip({ name: 'still', duration: 1, fps: 30, channels: [] });
    expect(flag.take()).toBe(false);
    pose.setActiveCharacter(first);
    expect(flag.take()).toBe(true);
    flag.dispose();
    pose.setActiveCharacter(second.id);
    expect(flag.take()).toBe(false);
  });

  it('a clip pose shown as an edit begins is told apart from the edit', () => {
    const pose = editor();
    const timeline = new TimelineModel(pose);
    pose.onEditBegin(() => {
      if (timeline.playing) timeline.pause();
    });
    timeline.key('all');
    timeline.play();
    timeline.advance(100);
    const told: number[] = [];
    const stop = pose.onChange((changes) => told.push(changes));
    pose.solve();
    stop();
    // Stopping playback showed the clip's pose (SAMPLE), then the solve changed the pose (no SAMPLE).
    expect(told.length).toBe(2);
    expect(told[0] & Change.SAMPLE).toBe(Change.SAMPLE);
    expect(told[1] & Change.SAMPLE).toBe(0);
    expect(told[1] & Change.POSE).toBe(Change.POSE);
  });
});
