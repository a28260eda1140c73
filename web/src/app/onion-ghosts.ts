// The onion skin on the page: when shown, ghosts of the character at the
// keys around the current time — the last key before it (warm) and the
// first after it (cool); past the ends, the clip's start or end (or, looping,
// the key across the wrap). Nothing is drawn for a clip with fewer than two
// key times. update() runs with every frame and moves the ghosts only when
// those key times, the clip or the character changed: a playback frame
// between keys allocates nothing.
import type { TimelineModel } from '../animation/timeline-model.js';
import type { PoseEditor } from '../posing/pose-editor.js';
import type { Rig } from '../rig/rig.js';
import { OnionSkin } from '../three/onion-skin.js';
import type * as THREE from 'three';
import { ChangeFlag } from '../scene/change-flag.js';
import { Change } from '../scene/scene-change.js';

export class OnionGhosts {
  private shown = false;
  private rig: Rig | null = null;
  private skin: OnionSkin | null = null;
  private readonly clipChanged: ChangeFlag;
  private markers = new Float64Array(0);
  private readonly times_s = new Float64Array(2);
  private readonly drawn_s = new Float64Array(2);
  private drawnLoop = false;

  constructor(
    private readonly editor: PoseEditor,
    private readonly timeline: TimelineModel,
    private readonly scene: THREE.Scene,
    private readonly requestFrame: () => void,
  ) {
    this.clipChanged = new ChangeFlag(editor, Change.CLIP);
  }

  get visible(): boolean {
    return this.shown;
  }

  show(shown: boolean): void {
    this.shown = shown;
    this.drawn_s[0] = Number.NaN;
    this.requestFrame();
  }

  /** Brings the ghosts up to date (every frame; allocation-free unless the clip or the character changed). */
  update(): void {
    const { editor, timeline } = this;
    const { rig } = editor.session;
    if (rig !== this.rig) {
      this.skin?.dispose();
      this.skin = new OnionSkin(rig);
      this.scene.add(this.skin);
      this.rig = rig;
      this.drawn_s[0] = Number.NaN;
    }
    if (this.clipChanged.take()) {
      this.markers = Float64Array.from(timeline.markers());
      this.drawn_s[0] = Number.NaN;
    }
    const skin = this.skin as OnionSkin;
    skin.visible = this.shown && this.markers.length >= 2;
    if (!skin.visible) return;
    this.neighbourKeys(timeline.time, timeline.loop, timeline.clip.duration);
    if (this.times_s[0] === this.drawn_s[0] && this.times_s[1] === this.drawn_s[1] && timeline.loop === this.drawnLoop) return;
    skin.update(this.times_s, timeline.loopMode);
    this.drawn_s.set(this.times_s);
    this.drawnLoop = timeline.loop;
  }

  dispose(): void {
    this.clipChanged.dispose();
    this.skin?.dispose();
  }

  /** The key times around `time_s` into times_s: [before, after] (a key within half a millisecond counts as at the time). */
  private neighbourKeys(time_s: number, loop: boolean, duration_s: number): void {
    const { markers } = this;
    const last = markers.length - 1;
    let before = -1;
    while (before < last && markers[before + 1] < time_s - 5e-4) before++;
    let after = before + 1;
    while (after <= last && markers[after] <= time_s + 5e-4) after++;
    this.times_s[0] = before >= 0 ? markers[before] : loop ? markers[last] : 0;
    this.times_s[1] = after <= last ? markers[after] : loop ? markers[0] : duration_s;
  }
}
