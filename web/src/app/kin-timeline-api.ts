// The timeline's members of window.kin (see kin-api.ts): the clip being
// edited (a copy), the time, playback, keying, key selection and edits —
// the same calls the timeline's controls make — and the rig's own sample of
// the clip at a time, for comparing with what the page shows.
import type { ClipData, Interpolation, LoopMode } from '../animation/clip.js';
import type { KinPage } from './kin-tools-api.js';

export interface KinTimelineApi {
  /** The clip being edited (a deep copy). */
  clip(): ClipData;
  /** Makes `clip` the clip being edited (one undo step); throws naming the channel and key of a bad one. */
  setClip(clip: ClipData): void;
  /** The names in the timeline's clip menu. */
  clipNames(): string[];
  /** Picks a clip from the clip menu by name. */
  useClip(name: string): void;
  /** The current time (s), whether it plays and loops. */
  time(): { time: number; playing: boolean; loop: boolean };
  /** Goes to a time (snapped to a frame); the clip's pose there replaces the pose when the clip has keys. */
  setTime(time_s: number): void;
  play(): void;
  pause(): void;
  setLoop(loop: boolean): void;
  /** Keys the pose at the current time: every bone (no argument) or one bone by name. One undo step. */
  key(bone?: string): void;
  /** Key marker times, ascending. */
  keyTimes(): number[];
  /** Selects key markers by time. */
  selectKeys(times: number[]): void;
  /** Sets the selected keys' interpolation (and T/C/B with 'tcb'). */
  setKeyInterpolation(interpolation: Interpolation, tcb?: { tension?: number; continuity?: number; bias?: number }): void;
  /** The palette the core samples from the clip at `time_s` (rig.sampleGhost: the pose on screen is untouched). */
  sampledPalette(time_s: number, loop: LoopMode): number[];
  /** Folds or opens the timeline; shows or hides its curve view. */
  showTimeline(options: { folded?: boolean; curves?: boolean }): void;
}

export function createTimelineApi(page: () => KinPage): KinTimelineApi {
  const timeline = () => page().timeline;
  return {
    clip: () => structuredClone(timeline().clip),
    setClip: (clip) => timeline().useClip(structuredClone(clip)),
    clipNames: () => timeline().menu.entries.map((c) => c.name),
    useClip: (name) => timeline().useClip(timeline().menu.clipNamed(name)),
    time: () => ({ time: timeline().time, playing: timeline().playing, loop: timeline().loop }),
    setTime: (time_s) => timeline().setTime(time_s),
    play: () => timeline().play(),
    pause: () => timeline().pause(),
    setLoop: (loop) => timeline().setLoop(loop),
    key: (bone) => timeline().key(bone === undefined ? 'all' : page().editor.session.rig.boneIndex(bone)),
    keyTimes: () => timeline().markers(),
    selectKeys: (times) => {
      timeline().clearSelection();
      for (const t of times) timeline().select(t, true);
    },
    setKeyInterpolation: (interpolation, tcb = {}) => {
      page().editor.undo.step(() => {
        timeline().setInterpolation(interpolation);
        for (const name of ['tension', 'continuity', 'bias'] as const) {
          const value = tcb[name];
          if (value !== undefined) timeline().setTcb(name, value);
        }
      });
    },
    sampledPalette: (time_s, loop) => {
      const { rig } = page().editor.session;
      rig.clips.sampleGhost(time_s, loop);
      return Array.from(rig.clips.ghostPalette());
    },
    showTimeline: ({ folded, curves }) => {
      const ui = page().ui;
      if (ui === null) throw new Error('kin: the timeline is not available in embed mode');
      if (folded !== undefined) ui.timeline.setFolded(folded);
      if (curves !== undefined) ui.timeline.showCurves(curves);
    },
  };
}
