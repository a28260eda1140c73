// The link writer hears changes rather than polling a version: an edit
// (a target moved, a solve) writes the URL once changes stop, pushing an
// entry; a clip's pose shown at a time (scrubbing) only rewrites the entry,
// and while a clip plays its frames write nothing; with nothing changed
// nothing is written; after dispose() the editor's changes reach it no more.
// The page's globals (window, location, history) are stand-ins here.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TimelineModel } from '../../web/src/animation/timeline-model.js';
import { rigFromSkinnedMesh } from '../../web/src/import/skinned-mesh-rig.js';
import { PoseEditor } from '../../web/src/posing/pose-editor.js';
import { DEFAULT_CHARACTER_PRESETS } from '../../web/src/posing/pose-presets.js';
import { PosingSession } from '../../web/src/posing/posing-session.js';
import { applyStartPose } from '../../web/src/posing/start-pose.js';
import { Rig } from '../../web/src/rig/rig.js';
import { PageLinks } from '../../web/src/share/page-links.js';
import type { KinModule } from '../../web/src/wasm/generated/kin.js';
import { loadKinModuleNode } from '../../web/src/wasm/load-node.js';
import { loadDefaultCharacter } from './default-character.js';

const PAGE = 'http://localhost/index.html';

/** The browser's history as far as the link writer uses it: entries pushed, rewrites counted. */
class FakeHistory {
  state: unknown = null;
  pushes = 0;
  replaces = 0;
  constructor(private readonly location: { href: string }) {}
  pushState(state: unknown, _unused: string, url?: string): void {
    this.pushes++;
    this.state = state;
    if (url !== undefined) this.location.href = new URL(url, this.location.href).href;
  }
  replaceState(state: unknown, _unused: string, url?: string): void {
    this.replaces++;
    this.state = state;
    if (url !== undefined) this.location.href = new URL(url, this.location.href).href;
  }
}

describe('the page link writer', () => {
  let module: KinModule;
  let bones: ReturnType<typeof rigFromSkinnedMesh>['bones'];
  let editor: PoseEditor;
  let timeline: TimelineModel;
  let links: PageLinks;
  let history: FakeHistory;

  beforeEach(async () => {
    module ??= await loadKinModuleNode();
    bones ??= rigFromSkinnedMesh((await loadDefaultCharacter()).mesh).bones;
    const location = { href: PAGE };
    history = new FakeHistory(location);
    vi.stubGlobal('window', new EventTarget());
    vi.stubGlobal('location', location);
    vi.stubGlobal('history', history);
    vi.useFakeTimers();
    const rig = Rig.create(module, bones);
    applyStartPose(rig);
    editor = new PoseEditor(new PosingSession(rig), { source: { kind: 'default' }, presets: DEFAULT_CHARACTER_PRESETS });
    timeline = new TimelineModel(editor);
    const host = { editor, camera: () => ({ position: [0, 1, 3] as [number, number, number], target: [0, 1, 0] as [number, number, number] }), setCamera: () => {} };
    links = new PageLinks(host, {
      pushHistory: true,
      showForLink: () => null,
      report: () => {},
      playing: () => timeline.playing,
      scene: { builtInBones: () => bones.length, addBuiltIn: () => {} },
    });
    history.pushes = 0;
    history.replaces = 0;
  });

  afterEach(() => {
    links.dispose();
    editor.dispose();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  const settle = (): void => {
    vi.advanceTimersByTime(1000);
  };

  it('writes nothing while nothing changed', () => {
    settle();
    expect(links.writePending).toBe(false);
    expect(history.pushes + history.replaces).toBe(0);
  });

  it('pushes an entry after an edit, once the changes stop', () => {
    const [x, y, z] = editor.session.target_ms(0);
    editor.moveGoal(0, x + 0.05, y, z - 0.05);
    expect(links.writePending).toBe(true);
    settle();
    expect(history.pushes).toBe(1);
    expect(location.href).toContain('#');
    expect(links.writePending).toBe(false);
  });

  it('only rewrites the entry for a clip pose shown at a time, and writes nothing for playback frames', () => {
    timeline.key('all');
    editor.setPose(editor.session.rig.pose().map((a, i) => (i === 5 ? a + 0.2 : a)));
    timeline.setTime(1);
    timeline.key('all');
    settle();
    const pushes = history.pushes;
    history.replaces = 0;
    timeline.setTime(0.5);
    settle();
    expect(history.pushes).toBe(pushes);
    expect(history.replaces).toBe(1);
    // Playing: the start is written (the view changed), its frames are not.
    timeline.play();
    links.viewChanged();
    settle();
    const writes = history.replaces;
    timeline.advance(100);
    timeline.advance(100);
    settle();
    expect(history.replaces).toBe(writes);
    expect(history.pushes).toBe(pushes);
  });

  it('hears the editor no more once disposed', () => {
    links.dispose();
    editor.solve();
    settle();
    expect(history.pushes + history.replaces).toBe(0);
  });
});
