// The inspector's section for the selected bone: its name and one slider
// per Euler slot, labelled with the joint-frame axis the slot turns about,
// ranging over the slot's limits (shown beside it; a locked slot's slider is
// disabled). It reports what the user sets — a drag of a slider, from press
// to release, as one gesture — and shows what it is told: the rig clamps and
// owns the angles. Text through textContent only.
import type { EulerOrder } from '../rig/rig-desc.js';
import { closeButton } from './close-button.js';
import { NumberLabels } from './number-labels.js';

/** What the panel tells its owner. */
export interface BonePanelHooks {
  /** The user moved slot `slot`'s slider to `angle` (radians). */
  input(slot: number, angle: number): void;
  /** A slider was pressed: the moves until its release are one gesture. */
  gestureStarted(): void;
  gestureEnded(): void;
  /** The × was clicked: deselect the bone. */
  close(): void;
}

export interface BoneJoint {
  name: string;
  order: EulerOrder;
  /** Per-slot limits, radians. */
  min: readonly number[];
  max: readonly number[];
}

const DEGREES = 180 / Math.PI;

function degrees(angle: number): string {
  return `${(angle * DEGREES).toFixed(1)}°`;
}

/** The angles shown, by whole tenths of a degree, made once each: a playing clip turns the selected bone every frame. */
const ANGLE_LABELS = new NumberLabels((tenths) => `${(tenths / 10).toFixed(1)}°`, 128);

/** Slot labels: the axis each slot turns about; a proper Euler order's repeated axis gets a prime. */
export function slotAxes(order: EulerOrder): string[] {
  return [0, 1, 2].map((slot) => order[slot].toLowerCase() + (order.indexOf(order[slot]) < slot ? '′' : ''));
}

interface SlotRow {
  axis: HTMLElement;
  slider: HTMLInputElement;
  value: HTMLElement;
  range: HTMLElement;
}

export class BonePanel {
  readonly element = document.createElement('section');
  private readonly title = document.createElement('span');
  private readonly rows: SlotRow[] = [];

  private pressed = false;
  // Esc during a slider drag: the moves until the release are ignored.
  private cancelled = false;

  constructor(parent: HTMLElement, private readonly hooks: BonePanelHooks) {
    this.element.className = 'bone-panel';
    this.element.hidden = true;
    this.element.setAttribute('aria-label', 'selected bone');

    const heading = document.createElement('div');
    heading.className = 'bone-panel-heading';
    this.title.className = 'bone-panel-name';
    heading.append(this.title, closeButton('bone-panel-close', 'deselect bone', () => hooks.close()));
    this.element.append(heading);

    for (let slot = 0; slot < 3; slot++) {
      const row = document.createElement('label');
      row.className = 'bone-slot';
      row.dataset.slot = String(slot);
      const axis = document.createElement('span');
      axis.className = 'bone-slot-axis';
      const slider = document.createElement('input');
      slider.type = 'range';
      // Any angle within the limits; the keyboard steps by a hundredth of the range.
      slider.step = 'any';
      slider.addEventListener('input', () => {
        if (!this.cancelled) hooks.input(slot, slider.valueAsNumber);
      });
      slider.addEventListener('pointerdown', this.onPress);
      for (const type of ['pointerup', 'pointercancel', 'lostpointercapture', 'change'] as const) slider.addEventListener(type, this.onRelease);
      const value = document.createElement('span');
      value.className = 'bone-slot-value';
      const range = document.createElement('span');
      range.className = 'bone-slot-range';
      row.append(axis, slider, value, range);
      this.element.append(row);
      this.rows.push({ axis, slider, value, range });
    }
    parent.append(this.element);
  }

  /** Shows the panel for a bone: name, axes, limits. */
  showJoint(joint: BoneJoint): void {
    const appearing = this.element.hidden || this.title.textContent !== joint.name;
    this.title.textContent = joint.name;
    const axes = slotAxes(joint.order);
    this.rows.forEach((row, slot) => {
      const [min, max] = [joint.min[slot], joint.max[slot]];
      const locked = !(max > min);
      row.axis.textContent = axes[slot];
      row.slider.min = String(min);
      row.slider.max = String(max);
      row.slider.disabled = locked;
      row.slider.setAttribute('aria-label', `${joint.name} about ${axes[slot]}`);
      row.range.textContent = locked ? 'locked' : `${degrees(min)} … ${degrees(max)}`;
    });
    this.element.hidden = false;
    // A bone just picked shows its sliders even where the inspector holds more above them (a lesson's card).
    if (appearing) this.element.scrollIntoView({ block: 'nearest' });
  }

  /** Shows the bone's angles (3 by slot from `angles[at]`, radians). */
  showAngles(angles: ArrayLike<number>, at: number): void {
    for (let slot = 0; slot < this.rows.length; slot++) {
      const row = this.rows[slot];
      row.slider.valueAsNumber = angles[at + slot];
      row.value.textContent = ANGLE_LABELS.get(Math.round(angles[at + slot] * DEGREES * 10));
    }
  }

  hide(): void {
    this.element.hidden = true;
  }

  /** Whether a slider is held (a gesture under way). */
  get dragging(): boolean {
    return this.pressed && !this.cancelled;
  }

  /** The slider drag under way was cancelled (its owner put the pose back): ignore it until its release. */
  cancelDrag(): void {
    if (this.pressed) this.cancelled = true;
  }

  private readonly onPress = (): void => {
    if (this.pressed) return;
    this.pressed = true;
    this.cancelled = false;
    this.hooks.gestureStarted();
  };

  private readonly onRelease = (): void => {
    if (!this.pressed) return;
    this.pressed = false;
    if (this.cancelled) {
      this.cancelled = false;
      return;
    }
    this.hooks.gestureEnded();
  };
}
