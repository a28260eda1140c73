// The page's clip menu per character (ClipMenu.offerCharacterClips): the
// clips every character has first, then the character's own, which the next
// character's replace; a pick of a character's clip makes it the clip
// being edited, and an unknown name is refused naming every entry. Through
// the real module on the default character (the rig validates the clips).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TimelineModel } from '../../web/src/animation/timeline-model.js';
import type { ClipData } from '../../web/src/animation/clip.js';
import { type PoseEditor, emptyClip } from '../../web/src/posing/pose-editor.js';
import type { BoneDesc } from '../../web/src/rig/rig-desc.js';
import type { KinModule } from '../../web/src/wasm/generated/kin.js';
import { loadKinModuleNode } from '../../web/src/wasm/load-node.js';
import { defaultCharacterBones, defaultCharacterEditor } from './default-character.js';

/** A one-channel clip: bone 1's first angle from 0 to `to` over a second. */
function clip(name: string, to: number): ClipData {
  const keys = [0, 1].map((time) => ({ time, value: [time * to], interpolation: 'linear' as const }));
  return { name, duration: 1, fps: 30, channels: [{ target: 'angle', bone: 1, slot: 0, keys }] };
}

describe('the clip menu per character', () => {
  let module: KinModule;
  let bones: BoneDesc[];
  let editor: PoseEditor;
  let timeline: TimelineModel;

  beforeAll(async () => {
    module = await loadKinModuleNode();
    bones = await defaultCharacterBones();
    editor = defaultCharacterEditor(module, bones);
    timeline = new TimelineModel(editor);
    timeline.menu.register([{ name: 'New clip', make: emptyClip }]);
  });

  afterAll(() => editor.dispose());

  it("lists the shared clips, then the character's; the next character's replace them", () => {
    const first = [clip('Wave', 0.2), clip('Walk', 0.3)];
    timeline.menu.offerCharacterClips(first.map((c) => ({ name: c.name, make: () => c })));
    expect(timeline.menu.entries.map((c) => c.name)).toEqual(['New clip', 'Wave', 'Walk']);
    const second = clip('Take 1', 0.1);
    timeline.menu.offerCharacterClips([{ name: second.name, make: () => second }]);
    expect(timeline.menu.entries.map((c) => c.name)).toEqual(['New clip', 'Take 1']);
    // Shared clips registered later still come before the character's.
    timeline.menu.register([{ name: 'Other', make: emptyClip }]);
    expect(timeline.menu.entries.map((c) => c.name)).toEqual(['New clip', 'Other', 'Take 1']);
  });

  it("a pick of the character's clip makes it the clip edited, from its start; a shared one still works", () => {
    timeline.useClip(timeline.menu.clipNamed('Take 1'));
    expect(editor.clip.name).toBe('Take 1');
    expect(timeline.time).toBe(0);
    timeline.useClip(timeline.menu.clipNamed('New clip'));
    expect(editor.clip.channels).toEqual([]);
  });

  it("refuses another character's clip, naming the menu's entries", () => {
    expect(() => timeline.useClip(timeline.menu.clipNamed('Wave'))).toThrow('Timeline: no clip "Wave"; the clips are New clip, Other, Take 1');
  });

  it("a character's entry that is not for it says so", () => {
    timeline.menu.offerCharacterClips([{ name: 'Nope', make: () => null }]);
    expect(() => timeline.useClip(timeline.menu.clipNamed('Nope'))).toThrow('Timeline: clip "Nope" is not for this character');
  });
});
