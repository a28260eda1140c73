// The timeline without DOM: the clip being edited (held by the host — the
// pose editor — so that undo covers it), the current time, playing, loop,
// the selected key markers and the clipboard; keying the current pose, key
// edits (each one undo step through host.setClip, or one per gesture), the
// clip's duration and fps, and the playback clock; the clips the page
// offers are its menu's (clip-menu.ts). While playing every frame samples the clip into the rig
// (allocation-free); while paused the pose is the user's until the time
// changes, when the clip's pose at the new time replaces it. What shows the
// timeline listens with onChange().
import type { ClipSampler } from '../rig/clip-sampler.js';
import type { Rig } from '../rig/rig.js';
import type { QuatTuple } from '../rig/rig-desc.js';
import { type KeyClipboard, type KeyedValue, copyKeys, deleteKeys, editKeys, keyTimes, keysAt, moveKeys, pasteKeys, sameTime, setKeys } from './clip-edits.js';
import type { ClipData, ClipKey, Interpolation, LoopMode } from './clip.js';
import { Signal } from '../rig/listener-list.js';
import { ClipMenu } from './clip-menu.js';

/** What the timeline edits through: the pose editor (its undo covers the clip). */
export interface TimelineHost {
  readonly session: {
    readonly rig: Pick<Rig, 'boneCount' | 'pose' | 'rootOffset'> & { readonly clips: Pick<ClipSampler, 'poseRotation' | 'sampleClipAt'> };
    /** The rig's pose was sampled (a playback frame: allocation-free). */
    poseSampled(): void;
    /** The sampled pose stays: the goals move onto it (not an edit: no history entry). */
    settleSampledPose(): void;
  };
  readonly clip: ClipData;
  /** Replaces the clip: validated by the rig, one undo step (or part of a gesture). */
  setClip(clip: ClipData): void;
  beginGesture(): void;
  endGesture(): void;
  cancelGesture(): boolean;
}

/** What "Key" records: every bone (and the root offset), or one bone. */
export type KeyScope = 'all' | number;

const MAX_FPS = 240;

export class TimelineModel {
  /** The current time (s), in a typed array: a playback frame writes it without boxing a number. */
  private readonly clock = new Float64Array(1);
  private isPlaying = false;
  private looping = true;
  private selectedTimes: number[] = [];
  private clipboard: KeyClipboard | null = null;
  private sliding = false;
  private dragFrom: { clip: ClipData; times: number[] } | null = null;
  /** Interpolation of new keys. */
  interpolation: Interpolation = 'catmull-rom';
  private readonly changes = new Signal();
  /** The clip menu: what the page offers, taken by name with useClip(menu.clipNamed(name)). */
  readonly menu = new ClipMenu(() => this.changed());

  constructor(private readonly host: TimelineHost) {}

  get clip(): ClipData {
    return this.host.clip;
  }

  /** Seconds, in [0, duration]. */
  get time(): number {
    return this.clock[0];
  }

  /**
   * Where the current time lies along `span` whole units from the start (0)
   * to the duration (`span`), rounded: the playhead's pixel on a track
   * `span` pixels wide. A whole number, which V8 returns without boxing it:
   * a playback frame reads it where reading `time` (a fraction) would make a
   * heap number.
   */
  place(span: number): number {
    return Math.round((span * this.clock[0]) / this.clip.duration);
  }

  /** The current time in whole hundredths of a second (what the time field shows; see place()). */
  get hundredths(): number {
    return Math.round(100 * this.clock[0]);
  }

  get playing(): boolean {
    return this.isPlaying;
  }

  get loop(): boolean {
    return this.looping;
  }

  get loopMode(): LoopMode {
    return this.looping ? 'loop' : 'clamp';
  }

  /** Selected marker times, ascending. */
  get selection(): readonly number[] {
    return this.selectedTimes;
  }

  /**
   * Calls `listener` after every change the timeline shows (time, playing,
   * loop, selection, clip list; a new clip is the editor's change event);
   * returns a function that stops it.
   */
  onChange(listener: () => void): () => void {
    return this.changes.add(listener);
  }

  /** Every time some key lies at (the marker row), ascending. */
  markers(): number[] {
    return keyTimes(this.clip);
  }

  /** Times where bone `bone` has keys. */
  boneMarkers(bone: number): number[] {
    return keyTimes(this.clip, bone);
  }

  /** The keys at the first selected marker (what the interpolation menu and T/C/B sliders show), or none. */
  selectedKeys(): ClipKey[] {
    return this.selectedTimes.length === 0 ? [] : keysAt(this.clip, this.selectedTimes[0]);
  }

  /** A frame's time nearest `time_s` at the clip's fps, kept in [0, duration]. */
  snap(time_s: number): number {
    const { fps, duration } = this.clip;
    return Math.min(duration, Math.max(0, Math.round(time_s * fps) / fps));
  }

  /** Goes to `time_s` (snapped to a frame); the clip's pose there replaces the pose (if the clip has keys). */
  setTime(time_s: number): void {
    if (!Number.isFinite(time_s)) throw new Error(`Timeline: time ${time_s} is not a number`);
    this.clock[0] = this.snap(time_s);
    this.showClipPose(false);
  }

  /** One frame forward (+1) or back (-1), wrapping with loop on. */
  step(frames: number): void {
    const { fps, duration } = this.clip;
    const frame = Math.round(this.clock[0] * fps) + frames;
    const last = Math.round(duration * fps);
    this.pause();
    this.setTime((this.looping ? ((frame % last) + last) % last : frame) / fps);
  }

  play(): void {
    if (this.isPlaying) return;
    if (!this.looping && this.clock[0] >= this.clip.duration) this.clock[0] = 0;
    this.isPlaying = true;
    this.changed();
  }

  /** Stops playing; the pose shown becomes the user's (the goals move onto it). */
  pause(): void {
    if (!this.isPlaying) return;
    this.isPlaying = false;
    this.showClipPose(false);
  }

  toggle(): void {
    if (this.isPlaying) this.pause();
    else this.play();
  }

  setLoop(loop: boolean): void {
    this.looping = loop;
    this.changed();
  }

  /**
   * A playback frame: the clock moves by the real `elapsedMillis`, wrapping
   * with loop on, stopping at the end without; the clip is sampled into the
   * rig. Allocation-free (except the frame playback stops on): whole
   * milliseconds are small integers, which V8 passes without boxing them as
   * it boxes a fraction. Returns whether it still plays.
   */
  advance(elapsedMillis: number): boolean {
    if (!this.isPlaying) return false;
    const { duration } = this.clip;
    let time = this.clock[0] + Math.max(0, elapsedMillis) / 1000;
    if (this.looping) time %= duration;
    else if (time >= duration) {
      this.clock[0] = duration;
      this.pause();
      return false;
    }
    this.clock[0] = time;
    this.showClipPose(true);
    return true;
  }

  /**
   * Keys the current pose at the current time: every bone's three angles and
   * the root offset, or one bone's angles (a bone with a 'rotation' channel
   * keys its quaternion). On a clip without keys the first key records every
   * bone whatever the scope, so that playback does not depend on the pose
   * before it. One undo step.
   */
  key(scope: KeyScope): void {
    const { rig } = this.host.session;
    const all = scope === 'all' || this.clip.channels.length === 0;
    if (!all && (!Number.isInteger(scope) || scope < 0 || scope >= rig.boneCount)) throw new Error(`Timeline: no bone ${scope} to key (the rig has ${rig.boneCount})`);
    const pose = rig.pose();
    const values: KeyedValue[] = [];
    const keyBone = (bone: number): void => {
      if (this.clip.channels.some((c) => c.target === 'rotation' && c.bone === bone)) {
        const q: QuatTuple = rig.clips.poseRotation(bone);
        values.push({ target: 'rotation', bone, slot: 0, value: q });
      } else {
        for (let slot = 0; slot < 3; slot++) values.push({ target: 'angle', bone, slot, value: [pose[3 * bone + slot]] });
      }
    };
    if (all) {
      for (let bone = 0; bone < rig.boneCount; bone++) keyBone(bone);
      values.push({ target: 'root', bone: 0, slot: 0, value: rig.rootOffset });
    } else {
      keyBone(scope);
    }
    const time = this.snap(this.clock[0]);
    this.host.setClip(setKeys(this.clip, values, time, this.interpolation));
    this.clock[0] = time;
    this.selectedTimes = [time];
    this.changed();
  }

  /** Selects the marker at `time_s` (alone, or added to / taken from the selection with `extend`). */
  select(time_s: number, extend = false): void {
    const has = this.selectedTimes.some((t) => sameTime(t, time_s));
    if (!extend) this.selectedTimes = [time_s];
    else this.selectedTimes = has ? this.selectedTimes.filter((t) => !sameTime(t, time_s)) : [...this.selectedTimes, time_s].sort((a, b) => a - b);
    this.changed();
  }

  clearSelection(): void {
    this.selectedTimes = [];
    this.changed();
  }

  /** Moves the selected keys by `delta_s` (snapped to frames; one undo step). */
  moveSelected(delta_s: number): void {
    this.beginMove();
    this.dragSelected(delta_s);
    this.endMove();
  }

  /** A key drag begins: everything until endMove() is one undo step. */
  beginMove(): void {
    this.host.beginGesture();
    this.dragFrom = { clip: this.clip, times: this.selectedTimes };
  }

  /** During a key drag: the selected keys `delta_s` (snapped to frames) from where the drag began. */
  dragSelected(delta_s: number): void {
    const from = this.dragFrom;
    if (from === null) throw new Error('Timeline: dragSelected() outside beginMove() … endMove()');
    const { fps, duration } = from.clip;
    const lowest = Math.min(...from.times);
    const highest = Math.max(...from.times);
    // The whole selection moves together: clamped so that none leaves [0, duration].
    const delta = Math.min(duration - highest, Math.max(-lowest, Math.round(delta_s * fps) / fps));
    this.host.setClip(moveKeys(from.clip, from.times, delta));
    this.selectedTimes = from.times.map((t) => t + delta);
    this.changed();
  }

  endMove(): void {
    this.dragFrom = null;
    this.host.endGesture();
    this.changed();
  }

  /** Copies the selected keys (false with none selected). */
  copy(): boolean {
    if (this.selectedTimes.length === 0) return false;
    this.clipboard = copyKeys(this.clip, this.selectedTimes);
    return true;
  }

  /** Pastes copied keys from the current time on (one undo step; false with nothing copied). */
  paste(): boolean {
    if (this.clipboard === null) return false;
    const time = this.snap(this.clock[0]);
    const offsets = [...new Set(this.clipboard.keys.map((k) => k.offset))];
    this.host.setClip(pasteKeys(this.clip, this.clipboard, time));
    this.selectedTimes = offsets.map((o) => time + o).filter((t) => t <= this.clip.duration).sort((a, b) => a - b);
    this.changed();
    return true;
  }

  /** Deletes the selected keys (one undo step; false with none selected). */
  deleteSelected(): boolean {
    if (this.selectedTimes.length === 0) return false;
    this.host.setClip(deleteKeys(this.clip, this.selectedTimes));
    this.selectedTimes = [];
    this.changed();
    return true;
  }

  /** Sets the interpolation of the selected keys (one undo step). */
  setInterpolation(interpolation: Interpolation): void {
    this.host.setClip(editKeys(this.clip, this.selectedTimes, { interpolation }));
    this.changed();
  }

  /** Sets tension, continuity or bias of the selected keys (one undo step, or part of a slider's gesture). */
  setTcb(which: 'tension' | 'continuity' | 'bias', value: number): void {
    if (!Number.isFinite(value) || value < -1 || value > 1) throw new Error(`Timeline: ${which} ${value} is not in [-1, 1]`);
    this.host.setClip(editKeys(this.clip, this.selectedTimes, { [which]: value }));
    this.changed();
  }

  /** A T/C/B slider is held: its changes until endSliderGesture() are one undo step. */
  beginSliderGesture(): void {
    if (this.sliding) return;
    this.sliding = true;
    this.host.beginGesture();
  }

  endSliderGesture(): void {
    if (!this.sliding) return;
    this.sliding = false;
    this.host.endGesture();
  }

  /** Sets the clip's duration in seconds; throws for one that would cut off keys. */
  setDuration(duration_s: number): void {
    if (!Number.isFinite(duration_s) || duration_s <= 0) throw new Error(`Timeline: duration ${duration_s} must be a number of seconds > 0`);
    const markers = this.markers();
    const last = markers.length > 0 ? markers[markers.length - 1] : 0;
    if (duration_s < last) throw new Error(`Timeline: duration ${duration_s} s would cut off the key at ${last} s`);
    this.host.setClip({ ...this.clip, duration: duration_s });
    this.clock[0] = Math.min(this.clock[0], duration_s);
    this.changed();
  }

  /** Sets frames per second (an integer 1..240); keys keep their times. */
  setFps(fps: number): void {
    if (!Number.isInteger(fps) || fps < 1 || fps > MAX_FPS) throw new Error(`Timeline: fps ${fps} must be a whole number from 1 to ${MAX_FPS}`);
    this.host.setClip({ ...this.clip, fps });
    this.changed();
  }

  /** Takes `clip` as the clip being edited (one undo step), from its start, paused. */
  useClip(clip: ClipData): void {
    this.isPlaying = false;
    this.host.setClip(clip);
    this.selectedTimes = [];
    this.clock[0] = 0;
    this.showClipPose(false);
  }

  /** As the page opens (kin.reset(), after a new character): looping, no keys copied, new keys Catmull-Rom. */
  reset(): void {
    this.looping = true;
    this.clipboard = null;
    this.interpolation = 'catmull-rom';
    this.characterChanged();
  }

  /** Another character: its clip is new, so the time goes back to 0, paused, nothing selected. */
  characterChanged(): void {
    this.isPlaying = false;
    this.clock[0] = 0;
    this.selectedTimes = [];
    this.changed();
  }

  private showClipPose(playing: boolean): void {
    const { session } = this.host;
    if (this.clip.channels.length > 0) {
      session.rig.clips.sampleClipAt(this.clock, this.loopMode);
      if (playing) session.poseSampled();
      else session.settleSampledPose();
    }
    this.changed();
  }

  private changed(): void {
    this.changes.tell();
  }
}
