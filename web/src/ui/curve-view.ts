// The curve view: one channel of the selected bone over the clip's time —
// an Euler angle (slot 0..2) or, for a bone keyed by quaternion, one of
// x y z w — with its keys as points, the curve between them as the core
// samples it (Rig.sampleChannel, one sample per pixel column: exactly what
// playback will do, so linear, Catmull-Rom and TCB can be told apart), and
// the current time as a line over it. The curve is redrawn when the clip, the
// bone, the chosen component or the size changes; the time line is an element
// of its own that a playback frame moves without redrawing (or allocating).
import type { ClipData } from '../animation/clip.js';
import type { TimelineModel } from '../animation/timeline-model.js';
import { Playhead } from './playhead.js';

/** What the curve view samples through: the rig on screen. */
export interface CurveSampler {
  sampleChannel(channel: number, t0_s: number, t1_s: number, count: number): Float32Array;
}

/** Where the curve view reads the bone's name, its slots' axes and the rig to sample (asked only when it redraws). */
export interface CurveSource {
  boneName(bone: number): string;
  /** The axis each of a bone's Euler slots turns about. */
  slotAxes(bone: number): readonly string[];
  sampler(): CurveSampler;
}

const MAX_SAMPLES = 2048;

/** The Euler slot whose keyed angles on `bone` span the widest range (0 when none moves). */
function mostMovedSlot(clip: ClipData, bone: number): number {
  let best = 0;
  let widest = 0;
  for (const channel of clip.channels) {
    if (channel.target !== 'angle' || channel.bone !== bone) continue;
    const values = channel.keys.map((key) => key.value[0]);
    const range = Math.max(...values) - Math.min(...values);
    if (range > widest) {
      widest = range;
      best = channel.slot;
    }
  }
  return best;
}
const PAD_PX = 8;

export class CurveView {
  readonly element = document.createElement('div');
  readonly canvas = document.createElement('canvas');
  private readonly component = document.createElement('select');
  private readonly note = document.createElement('span');
  private readonly timeLine = new Playhead('curve-time');
  private drawn = { clip: null as ClipData | null, bone: -2, component: -1, width: 0, height: 0 };

  constructor(parent: HTMLElement) {
    this.element.className = 'curve-view';
    this.canvas.className = 'curve-canvas';
    this.canvas.setAttribute('aria-label', 'Curve of the selected channel over time');
    this.component.className = 'curve-component';
    this.component.setAttribute('aria-label', 'Channel shown in the curve view');
    this.component.dataset.action = 'curve-component';
    this.note.className = 'curve-note';
    this.component.addEventListener('change', () => {
      this.drawn.component = -1;
    });
    const bar = document.createElement('div');
    bar.className = 'curve-bar';
    bar.append(this.component, this.note);
    const plot = document.createElement('div');
    plot.className = 'curve-plot';
    plot.append(this.canvas, this.timeLine.element);
    this.element.append(bar, plot);
    parent.append(this.element);
  }

  /** The index in `clip.channels` of the channel shown for `bone`, or -1. */
  channelFor(clip: ClipData, bone: number): number {
    const rotation = clip.channels.findIndex((c) => c.target === 'rotation' && c.bone === bone);
    if (rotation >= 0) return rotation;
    const slot = Math.min(2, Math.max(0, this.component.selectedIndex));
    return clip.channels.findIndex((c) => c.target === 'angle' && c.bone === bone && c.slot === slot);
  }

  /** Draws the curve if anything it shows changed, then puts the time line at the current time (allocation-free while only the time moves). */
  update(timeline: TimelineModel, bone: number, source: CurveSource): void {
    this.draw(timeline.clip, bone, source);
    this.timeLine.show(timeline, PAD_PX, this.drawn.width - 2 * PAD_PX);
  }

  private draw(clip: ClipData, bone: number, source: CurveSource): void {
    const width = this.canvas.clientWidth;
    const height = this.canvas.clientHeight;
    const d = this.drawn;
    if (d.clip === clip && d.bone === bone && d.component === this.component.selectedIndex && d.width === width && d.height === height) return;
    const rotation = clip.channels.some((c) => c.target === 'rotation' && c.bone === bone);
    const axes = bone < 0 ? ['x', 'y', 'z'] : source.slotAxes(bone);
    const boneName = bone < 0 ? '' : source.boneName(bone);
    this.showComponents(rotation ? ['quaternion x', 'quaternion y', 'quaternion z', 'quaternion w'] : axes.map((axis) => `angle ${axis}`));
    // Another bone: show the angle its keys move most (a hinge's free slot, not a locked one's flat line).
    if (bone !== d.bone && bone >= 0 && !rotation) this.component.selectedIndex = mostMovedSlot(clip, bone);
    d.clip = clip;
    d.bone = bone;
    d.component = this.component.selectedIndex;
    d.width = width;
    d.height = height;
    const scale = window.devicePixelRatio || 1;
    if (this.canvas.width !== Math.round(width * scale) || this.canvas.height !== Math.round(height * scale)) {
      this.canvas.width = Math.round(width * scale);
      this.canvas.height = Math.round(height * scale);
    }
    const context = this.canvas.getContext('2d');
    if (context === null) return;
    context.setTransform(scale, 0, 0, scale, 0, 0);
    context.clearRect(0, 0, width, height);
    const channel = bone < 0 ? -1 : this.channelFor(clip, bone);
    this.note.textContent = bone < 0 ? 'Select a bone to see its curves' : channel < 0 ? `${boneName}: no keys in this channel` : boneName;
    if (channel >= 0 && width > 2 * PAD_PX && height > 2 * PAD_PX) this.drawChannel(context, clip, channel, rotation ? d.component : 0, width, height, source.sampler());
  }

  private showComponents(names: readonly string[]): void {
    if (this.component.options.length === names.length && names.every((name, i) => this.component.options[i].text === name)) return;
    const index = Math.min(names.length - 1, Math.max(0, this.component.selectedIndex));
    this.component.replaceChildren(...names.map((name) => new Option(name)));
    this.component.selectedIndex = index;
  }

  private drawChannel(context: CanvasRenderingContext2D, clip: ClipData, channel: number, component: number, width: number, height: number, sampler: CurveSampler): void {
    const { keys, target } = clip.channels[channel];
    const size = target === 'rotation' ? 4 : 1;
    const count = Math.min(MAX_SAMPLES, Math.max(2, Math.round(width - 2 * PAD_PX)));
    const samples = sampler.sampleChannel(channel, 0, clip.duration, count);
    let low = Infinity;
    let high = -Infinity;
    for (let i = 0; i < count; i++) {
      low = Math.min(low, samples[size * i + component]);
      high = Math.max(high, samples[size * i + component]);
    }
    for (const key of keys) {
      low = Math.min(low, key.value[component]);
      high = Math.max(high, key.value[component]);
    }
    if (high - low < 1e-3) {
      low -= 0.5;
      high += 0.5;
    }
    const xOf = (t: number): number => PAD_PX + ((width - 2 * PAD_PX) * t) / clip.duration;
    const yOf = (v: number): number => height - PAD_PX - ((height - 2 * PAD_PX) * (v - low)) / (high - low);
    context.strokeStyle = '#6cc4ff';
    context.lineWidth = 1.5;
    context.beginPath();
    for (let i = 0; i < count; i++) {
      const x = xOf((clip.duration * i) / (count - 1));
      const y = yOf(samples[size * i + component]);
      if (i === 0) context.moveTo(x, y);
      else context.lineTo(x, y);
    }
    context.stroke();
    context.fillStyle = '#ffffff';
    for (const key of keys) {
      context.beginPath();
      context.arc(xOf(key.time), yOf(key.value[component]), 3, 0, 2 * Math.PI);
      context.fill();
    }
  }
}
