// A line at the current time over a span from 0 to the clip's duration (the
// track's lane, the curve view's plot). A playback frame moves it with a
// transform from a table of cached strings, written only when its pixel
// changes, and reads the time as a whole pixel (TimelineModel.place): no
// string, no heap number per frame.
import type { TimelineModel } from '../animation/timeline-model.js';
import { NumberLabels } from './number-labels.js';

const OFFSETS = new NumberLabels((px) => `translateX(${px}px)`, 128);

export class Playhead {
  readonly element = document.createElement('div');
  private shown_px = -1;

  constructor(className: string) {
    this.element.className = className;
  }

  /** Puts the line at the current time on a span `span_px` wide that starts `from_px` into the line's containing block. */
  show(timeline: TimelineModel, from_px: number, span_px: number): void {
    const px = from_px + timeline.place(span_px);
    if (px === this.shown_px) return;
    this.shown_px = px;
    this.element.style.transform = OFFSETS.get(px);
  }
}
