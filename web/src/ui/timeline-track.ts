// The timeline's track: the clip's span from 0 to its duration, one marker
// per key time (the whole pose's keys; those where the selected bone has
// keys drawn brighter, the selected ones outlined) and the playhead. A press
// on a marker selects it (shift: adds or removes it) and dragging it moves
// the selected keys in time, one undo step; a press anywhere else scrubs:
// the time follows the pointer until release. Markers are spans, not
// buttons: they sit closer than a finger, so the track decides what a press
// hits (the nearest marker within MARKER_REACH_PX). A motion-capture take
// has a key time on every frame: the track draws at most one marker per
// 1/DRAWN_COLUMNS of its span (brighter or outlined if any it stands for
// is), while a press still takes the nearest key time itself.
import { atAny } from '../animation/clip-edits.js';
import type { TimelineModel } from '../animation/timeline-model.js';
import { Playhead } from './playhead.js';

/** How near a marker a press must land to take it (CSS px). */
const MARKER_REACH_PX = 7;
/** Markers drawn at most: more than any track has pixels, few enough for the DOM to lay out at once. */
const DRAWN_COLUMNS = 2048;

export class TimelineTrack {
  readonly element = document.createElement('div');
  /** The span from 0 to the duration, inset so that markers at the ends are whole. */
  private readonly lane = document.createElement('div');
  private readonly markerLayer = document.createElement('div');
  private readonly playhead = new Playhead('timeline-playhead');
  private readonly hint = document.createElement('span');
  private drag: { kind: 'scrub' } | { kind: 'keys'; startX: number; moved: boolean } | null = null;

  constructor(parent: HTMLElement, private readonly timeline: TimelineModel) {
    this.element.className = 'timeline-track';
    this.element.dataset.action = 'timeline-track';
    this.element.setAttribute('aria-label', 'Timeline: drag to scrub, click a key to select it, drag keys to move them');
    this.markerLayer.className = 'timeline-markers';
    this.lane.className = 'timeline-lane';
    this.lane.append(this.markerLayer, this.playhead.element);
    this.hint.className = 'timeline-hint';
    this.hint.textContent = 'No keys yet: pose the character, then Key (K) records the pose at the current time';
    this.element.append(this.hint, this.lane);
    parent.append(this.element);
    this.element.addEventListener('pointerdown', this.onPointerDown);
    this.element.addEventListener('pointermove', this.onPointerMove);
    this.element.addEventListener('pointerup', this.onPointerUp);
    this.element.addEventListener('pointercancel', this.onPointerUp);
  }

  /** Rebuilds the markers (the clip, the selection or the selected bone changed). */
  showMarkers(bone: number): void {
    const { duration } = this.timeline.clip;
    const onBone = atAny(bone < 0 ? [] : this.timeline.boneMarkers(bone));
    const selected = atAny(this.timeline.selection);
    this.hint.hidden = this.timeline.clip.channels.length > 0;
    const drawn: HTMLSpanElement[] = [];
    let column = -1;
    for (const time of this.timeline.markers()) {
      const here = Math.round((DRAWN_COLUMNS * time) / duration);
      if (here !== column) {
        column = here;
        const marker = document.createElement('span');
        marker.className = 'timeline-marker';
        marker.dataset.time = String(time);
        marker.style.left = `${(100 * time) / duration}%`;
        drawn.push(marker);
      }
      const marker = drawn[drawn.length - 1];
      if (onBone(time)) marker.classList.add('bone');
      if (selected(time)) marker.classList.add('selected');
    }
    this.markerLayer.replaceChildren(...drawn);
  }

  /** Puts the playhead at the current time (allocation-free once the track's pixels have labels). */
  showTime(): void {
    this.playhead.show(this.timeline, 0, this.lane.clientWidth);
  }

  dispose(): void {
    this.element.removeEventListener('pointerdown', this.onPointerDown);
  }

  private timeAt(clientX: number): number {
    const box = this.lane.getBoundingClientRect();
    return (this.timeline.clip.duration * (clientX - box.left)) / Math.max(1, box.width);
  }

  /** The marker time nearest `clientX` within reach, or null. */
  private markerAt(clientX: number): number | null {
    const box = this.lane.getBoundingClientRect();
    const { duration } = this.timeline.clip;
    const markers = this.timeline.markers();
    const xOf = (time: number): number => box.left + (box.width * time) / duration;
    // The first marker at or right of the pointer; the nearest is it or the one before.
    let low = 0;
    let high = markers.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (xOf(markers[middle]) < clientX) low = middle + 1;
      else high = middle;
    }
    let best: number | null = null;
    let bestDistance = MARKER_REACH_PX;
    for (const k of [low - 1, low]) {
      if (k < 0 || k >= markers.length) continue;
      const distance = Math.abs(xOf(markers[k]) - clientX);
      if (distance <= bestDistance) {
        best = markers[k];
        bestDistance = distance;
      }
    }
    return best;
  }

  private readonly onPointerDown = (event: PointerEvent): void => {
    if (event.button !== 0) return;
    event.preventDefault();
    this.element.setPointerCapture(event.pointerId);
    const marker = this.markerAt(event.clientX);
    if (marker === null) {
      this.timeline.pause();
      this.timeline.setTime(this.timeAt(event.clientX));
      this.drag = { kind: 'scrub' };
      return;
    }
    const selected = this.timeline.selection.some((t) => Math.abs(t - marker) < 1e-6);
    if (event.shiftKey) this.timeline.select(marker, true);
    else if (!selected) this.timeline.select(marker);
    if (this.timeline.selection.length === 0) return;
    this.drag = { kind: 'keys', startX: event.clientX, moved: false };
  };

  private readonly onPointerMove = (event: PointerEvent): void => {
    const drag = this.drag;
    if (drag === null) return;
    if (drag.kind === 'scrub') {
      this.timeline.setTime(this.timeAt(event.clientX));
      return;
    }
    if (!drag.moved) {
      if (Math.abs(event.clientX - drag.startX) < 3) return;
      drag.moved = true;
      this.timeline.beginMove();
    }
    const box = this.lane.getBoundingClientRect();
    this.timeline.dragSelected((this.timeline.clip.duration * (event.clientX - drag.startX)) / Math.max(1, box.width));
  };

  private readonly onPointerUp = (): void => {
    const drag = this.drag;
    this.drag = null;
    if (drag?.kind === 'keys' && drag.moved) this.timeline.endMove();
  };
}
