// The timeline along the bottom of the editor: play/pause, loop, a frame
// back and forward, the current time, the clip's duration and fps, "Key"
// with its scope (all bones or the selected bone), the clip menu, the
// selected keys' interpolation and T/C/B, the curve view's toggle and the
// fold button; under them the track (timeline-track.ts) and, when shown,
// the curve view (curve-view.ts). Folded, only the first row stays (the
// compact bar phones start with). refresh() runs with every frame and
// touches the DOM only where something changed; a playback frame moves the
// playhead (and the curve view's time line) and the time field with cached
// strings, reading the time as whole numbers (pixels, hundredths).
import type { ClipKey, Interpolation } from '../animation/clip.js';
import type { OfferedClip } from '../animation/clip-menu.js';
import type { TimelineModel } from '../animation/timeline-model.js';
import { builtContract } from '../rig/contract.js';
import { INTERPOLATIONS } from '../rig/rig.js';
import { CurveView, type CurveSource } from './curve-view.js';
import { NumberLabels } from './number-labels.js';
import { TimelineTrack } from './timeline-track.js';

/** The current time shown in hundredths of a second, one cached string per value. */
const HUNDREDTHS = new NumberLabels((h) => (h / 100).toFixed(2), 128);

/** What the panel reads besides the timeline: the selected bone and the rig to sample curves from. */
export interface TimelineContext extends CurveSource {
  /** The selected bone, or -1. */
  bone(): number;
  /** Whether the clip changed since the last call (another clip, another character). */
  clipChanged(): boolean;
  /** Shows a problem (a bad field) to the user. */
  report(message: string): void;
}

type TcbName = 'tension' | 'continuity' | 'bias';

function button(action: string, text: string, title: string, onClick: () => void): HTMLButtonElement {
  const b = document.createElement('button');
  b.type = 'button';
  b.className = 'timeline-button';
  b.dataset.action = action;
  b.textContent = text;
  b.title = title;
  b.setAttribute('aria-label', title);
  b.addEventListener('click', onClick);
  return b;
}

function field(action: string, label: string, step: string, onChange: (value: number) => void): HTMLInputElement {
  const input = document.createElement('input');
  input.type = 'number';
  input.className = 'timeline-field';
  input.dataset.action = action;
  input.step = step;
  input.min = '0';
  input.setAttribute('aria-label', label);
  input.title = label;
  input.addEventListener('change', () => onChange(Number(input.value)));
  return input;
}

function select(action: string, label: string): HTMLSelectElement {
  const s = document.createElement('select');
  s.className = 'timeline-select';
  s.dataset.action = action;
  s.setAttribute('aria-label', label);
  s.title = label;
  return s;
}

export class TimelinePanel {
  readonly element = document.createElement('section');
  readonly track: TimelineTrack;
  readonly curves: CurveView;
  private readonly playButton: HTMLButtonElement;
  private readonly loopButton: HTMLButtonElement;
  private readonly curveButton: HTMLButtonElement;
  private readonly foldButton: HTMLButtonElement;
  private readonly timeField: HTMLInputElement;
  private readonly durationField: HTMLInputElement;
  private readonly fpsField: HTMLInputElement;
  private readonly scope = select('key-scope', 'What Key records');
  private readonly clipMenu = select('clip-menu', 'Clip');
  private readonly interpolation = select('key-interpolation', 'Interpolation of the selected keys');
  private readonly keyEdits = document.createElement('div');
  private readonly tcb: Record<TcbName, HTMLInputElement>;
  // What the controls show; `clips` is the offered list they were built from (a new list when it changes).
  private shown = { bone: -2, clips: null as readonly OfferedClip[] | null, hundredths: -1, playing: false, loop: true };
  private folded: boolean;
  private curvesShown = false;
  // Raised by the timeline's changes: the controls show it anew.
  private timelineChanged = true;
  private readonly stopListening: () => void;

  constructor(parent: HTMLElement, private readonly timeline: TimelineModel, private readonly context: TimelineContext, folded: boolean) {
    this.element.className = 'timeline';
    this.stopListening = timeline.onChange(() => {
      this.timelineChanged = true;
    });
    this.element.setAttribute('aria-label', 'timeline');
    this.folded = folded;
    const bar = document.createElement('div');
    bar.className = 'timeline-bar';
    this.playButton = button('play', '▶', 'Play or pause (Space)', () => timeline.toggle());
    this.loopButton = button('loop', '⟳', 'Loop playback', () => timeline.setLoop(!timeline.loop));
    const back = button('frame-back', '◀|', 'A frame back (←)', () => timeline.step(-1));
    const forward = button('frame-forward', '|▶', 'A frame forward (→)', () => timeline.step(1));
    this.timeField = field('time', 'Current time (s)', '0.01', (t) => this.guard(() => timeline.setTime(t)));
    this.durationField = field('duration', 'Clip duration (s)', '0.1', (d) => this.guard(() => timeline.setDuration(d)));
    this.fpsField = field('fps', 'Frames per second', '1', (f) => this.guard(() => timeline.setFps(f)));
    const keyButton = button('key', 'Key', 'Key the pose at the current time (K)', () => this.key());
    keyButton.classList.add('timeline-key');
    this.scope.append(new Option('all bones', 'all'), new Option('selected bone', 'bone'));
    this.clipMenu.addEventListener('change', () => {
      if (this.clipMenu.value !== '') this.guard(() => timeline.useClip(timeline.menu.clipNamed(this.clipMenu.value)));
      // It names the clip being edited, whether the pick took or was refused.
      this.showClipName();
    });
    for (const name of INTERPOLATIONS) this.interpolation.append(new Option(name, name));
    this.interpolation.addEventListener('change', () => this.guard(() => timeline.setInterpolation(this.interpolation.value as Interpolation)));
    this.tcb = { tension: this.slider('tension'), continuity: this.slider('continuity'), bias: this.slider('bias') };
    this.keyEdits.className = 'timeline-key-edits';
    this.keyEdits.append(this.interpolation, this.tcb.tension.parentElement!, this.tcb.continuity.parentElement!, this.tcb.bias.parentElement!);
    this.curveButton = button('curves', 'Curves', 'Show or hide the curve view', () => this.showCurves(!this.curvesShown));
    this.foldButton = button('fold-timeline', '▾', 'Show or hide the timeline', () => this.setFolded(!this.folded));
    const times = document.createElement('span');
    times.className = 'timeline-times';
    const slash = document.createElement('span');
    slash.textContent = '/';
    const at = document.createElement('span');
    at.textContent = 's @';
    times.append(this.timeField, slash, this.durationField, at, this.fpsField);
    const extra = document.createElement('span');
    extra.className = 'timeline-extra';
    extra.append(this.scope, this.clipMenu, this.keyEdits, this.curveButton);
    bar.append(this.playButton, this.loopButton, back, forward, times, keyButton, extra, this.foldButton);
    const body = document.createElement('div');
    body.className = 'timeline-body';
    this.element.append(bar, body);
    this.track = new TimelineTrack(body, timeline);
    this.curves = new CurveView(body);
    this.setFolded(folded);
    this.showCurves(false);
    parent.prepend(this.element);
  }

  /** Folds the timeline to its bar, or opens it. */
  setFolded(folded: boolean): void {
    this.folded = folded;
    this.element.dataset.folded = String(folded);
    this.foldButton.textContent = folded ? '▴' : '▾';
  }

  showCurves(shown: boolean): void {
    this.curvesShown = shown;
    this.element.dataset.curves = String(shown);
    this.curveButton.setAttribute('aria-pressed', String(shown));
  }

  /** Stops hearing the timeline. */
  dispose(): void {
    this.stopListening();
  }

  /** Brings the controls up to date (allocation-free while only the time moves). */
  refresh(): void {
    const { timeline, context, shown } = this;
    const bone = context.bone();
    const newClip = context.clipChanged();
    if (shown.clips !== timeline.menu.entries) this.showClips();
    if (this.timelineChanged || newClip || shown.bone !== bone) {
      const clipChanged = newClip || shown.bone !== bone;
      if (clipChanged || shown.playing !== timeline.playing || shown.loop !== timeline.loop) this.showStatic();
      if (clipChanged || !timeline.playing) this.track.showMarkers(bone);
      this.timelineChanged = false;
      shown.bone = bone;
      shown.playing = timeline.playing;
      shown.loop = timeline.loop;
    }
    this.track.showTime();
    // Written when the shown value changes; while the user types in the field it is theirs.
    const hundredths = document.activeElement === this.timeField ? -1 : timeline.hundredths;
    if (hundredths !== shown.hundredths) {
      if (hundredths >= 0) this.timeField.value = HUNDREDTHS.get(hundredths);
      shown.hundredths = hundredths;
    }
    if (this.curvesShown && !this.folded) this.curves.update(timeline, bone, context);
  }

  /** K: keys the pose with the chosen scope. */
  key(): void {
    const bone = this.context.bone();
    this.guard(() => this.timeline.key(this.scope.value === 'bone' && bone >= 0 ? bone : 'all'));
  }

  private showStatic(): void {
    const { timeline } = this;
    const { clip } = timeline;
    this.playButton.textContent = timeline.playing ? '❚❚' : '▶';
    this.playButton.setAttribute('aria-pressed', String(timeline.playing));
    this.loopButton.setAttribute('aria-pressed', String(timeline.loop));
    // Three decimals: a file's duration in float (0.95000005) would not fit the field.
    if (document.activeElement !== this.durationField) this.durationField.value = String(Number(clip.duration.toFixed(3)));
    this.showClipName();
    if (document.activeElement !== this.fpsField) this.fpsField.value = String(clip.fps);
    this.timeField.max = String(clip.duration);
    const keys: ClipKey[] = timeline.selectedKeys();
    this.keyEdits.hidden = keys.length === 0;
    if (keys.length > 0) {
      this.interpolation.value = keys[0].interpolation;
      for (const name of ['tension', 'continuity', 'bias'] as const) this.tcb[name].value = String(keys[0][name] ?? 0);
    }
    const tcbShown = keys.length > 0 && keys[0].interpolation === 'tcb';
    for (const name of ['tension', 'continuity', 'bias'] as const) this.tcb[name].parentElement!.hidden = !tcbShown;
  }

  private showClips(): void {
    this.shown.clips = this.timeline.menu.entries;
    this.clipMenu.replaceChildren(new Option('Clip…', ''), ...this.timeline.menu.entries.map((c) => new Option(c.name, c.name)));
    this.showClipName();
  }

  /** The menu names the clip being edited when it is one of those offered. */
  private showClipName(): void {
    const { name } = this.timeline.clip;
    this.clipMenu.value = this.timeline.menu.entries.some((c) => c.name === name) ? name : '';
  }

  private slider(name: TcbName): HTMLInputElement {
    const label = document.createElement('label');
    label.className = 'timeline-tcb';
    label.textContent = name[0].toUpperCase();
    label.title = `${name[0].toUpperCase()}${name.slice(1)} of the selected keys (TCB)`;
    const input = document.createElement('input');
    input.type = 'range';
    input.min = String(-builtContract.tcbLimit);
    input.max = String(builtContract.tcbLimit);
    input.step = '0.05';
    input.dataset.action = `key-${name}`;
    input.setAttribute('aria-label', label.title);
    // A slider held is one gesture: one undo step however far it goes.
    input.addEventListener('pointerdown', () => this.timeline.beginSliderGesture());
    input.addEventListener('input', () => this.guard(() => this.timeline.setTcb(name, Number(input.value))));
    input.addEventListener('change', () => this.timeline.endSliderGesture());
    label.append(input);
    return input;
  }

  private guard(change: () => void): void {
    try {
      change();
    } catch (error) {
      this.context.report(error instanceof Error ? error.message : String(error));
      this.timelineChanged = true;
    }
  }
}
