// A labelled range slider for the inspector's panels whose drag is one
// gesture of the pose editor (one undo step, however many moves), while a
// keyboard move is a step of its own.
import type { PoseEditor } from '../posing/pose-editor.js';

export interface GestureSliderSpec {
  name: string;
  label: string;
  /** The accessible name (left out: the label). */
  ariaLabel?: string;
  min: number;
  max: number;
  value: number;
  /** The value as the row shows it. */
  format(value: number): string;
  /** Applies a moved value (part of the gesture under way); throwing leaves the value shown. */
  apply(value: number): void;
  /** The gesture ended. */
  released(): void;
}

/** Whether a pointer holds any of `sliders` (a loop: a panel asks every frame, and must not allocate). */
export function anyHeld(sliders: readonly GestureSlider[]): boolean {
  for (const slider of sliders) if (slider.held) return true;
  return false;
}

export class GestureSlider {
  readonly row = document.createElement('label');
  readonly input = document.createElement('input');
  private readonly shown = document.createElement('span');
  private holding = false;

  constructor(editor: PoseEditor, private readonly spec: GestureSliderSpec) {
    this.row.className = 'panel-slider';
    const text = document.createElement('span');
    text.textContent = spec.label;
    const { input } = this;
    input.type = 'range';
    input.name = spec.name;
    input.min = String(spec.min);
    input.max = String(spec.max);
    input.step = '0.01';
    input.setAttribute('aria-label', spec.ariaLabel ?? spec.label);
    this.shown.className = 'panel-slider-value';
    this.row.append(text, input, this.shown);
    this.show(spec.value);
    input.addEventListener('pointerdown', () => {
      if (this.holding) return;
      this.holding = true;
      editor.beginGesture();
    });
    const release = () => {
      if (!this.holding) return;
      this.holding = false;
      editor.endGesture();
      spec.released();
    };
    for (const type of ['pointerup', 'pointercancel', 'lostpointercapture', 'change'] as const) input.addEventListener(type, release);
    input.addEventListener('input', () => {
      this.shown.textContent = spec.format(input.valueAsNumber);
      spec.apply(input.valueAsNumber);
    });
  }

  /** Whether a pointer holds it (a panel leaves it alone then). */
  get held(): boolean {
    return this.holding;
  }

  /** Shows `value` (the page's, not a move of the user's). */
  show(value: number): void {
    this.input.valueAsNumber = value;
    this.shown.textContent = this.spec.format(value);
  }
}
