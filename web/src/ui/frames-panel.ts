// The controls of the spaces-and-axes lessons: which bone, the convention's
// parameters of that bone (extent and roll, or length and rest angle; a
// root's base), the base offset (the pose's root offset), the bone's three
// Euler angles in the order they apply, and its matrices. Sliders report
// while dragged (`live`) and on release (`done`): the owner rebuilds the rig
// on release when a parameter of the skeleton changed. Plain DOM, labelled
// for screen readers; values are shown beside each slider.
import { MatrixCard } from './matrix-card.js';

export interface SliderSpec {
  key: string;
  label: string;
  min: number;
  max: number;
  value: number;
  /** How the value reads beside the slider. */
  unit: 'm' | 'rad';
}

export interface FramesPanelActions {
  chooseBone(bone: number): void;
  /** A slider moved (while dragging). */
  live(key: string, value: number): void;
  /** A slider was released (or changed by keyboard). */
  done(key: string, value: number): void;
}

const DEGREES = 180 / Math.PI;

function valueText(value: number, unit: SliderSpec['unit']): string {
  return unit === 'rad' ? `${(value * DEGREES).toFixed(0)}°` : `${value.toFixed(2)} m`;
}

export class FramesPanel {
  readonly matrices: MatrixCard;
  private readonly boneSelect = document.createElement('select');
  private readonly sliders = document.createElement('div');
  private readonly inputs = new Map<string, { input: HTMLInputElement; value: HTMLElement; unit: SliderSpec['unit'] }>();

  constructor(parent: HTMLElement, boneNames: readonly string[], private readonly actions: FramesPanelActions) {
    const row = document.createElement('label');
    row.className = 'lesson-tool-row';
    row.textContent = 'Bone ';
    this.boneSelect.className = 'tool-select';
    this.boneSelect.name = 'frames-bone';
    boneNames.forEach((name, bone) => this.boneSelect.append(new Option(name, String(bone))));
    this.boneSelect.addEventListener('change', () => actions.chooseBone(Number(this.boneSelect.value)));
    row.append(this.boneSelect);
    this.sliders.className = 'frames-sliders';
    parent.append(row, this.sliders);
    this.matrices = new MatrixCard(parent);
  }

  /** Shows `bone` as chosen and its sliders, grouped under headings. */
  show(bone: number, groups: readonly { heading: string; sliders: readonly SliderSpec[] }[]): void {
    this.boneSelect.value = String(bone);
    this.inputs.clear();
    this.sliders.replaceChildren(
      ...groups.flatMap(({ heading, sliders }) => {
        const title = document.createElement('p');
        title.className = 'frames-group';
        title.textContent = heading;
        return [title, ...sliders.map((spec) => this.slider(spec))];
      }),
    );
  }

  /** Moves a slider to `value` (the rig clamps; the panel shows what it holds). */
  set(key: string, value: number): void {
    const entry = this.inputs.get(key);
    if (entry === undefined) return;
    if (entry.input.valueAsNumber !== value) entry.input.valueAsNumber = value;
    entry.value.textContent = valueText(value, entry.unit);
  }

  private slider(spec: SliderSpec): HTMLElement {
    const row = document.createElement('label');
    row.className = 'frames-slider';
    const name = document.createElement('span');
    name.textContent = spec.label;
    const input = document.createElement('input');
    input.type = 'range';
    input.min = String(spec.min);
    input.max = String(spec.max);
    input.step = 'any';
    input.valueAsNumber = spec.value;
    input.dataset.key = spec.key;
    const value = document.createElement('span');
    value.className = 'frames-value';
    value.textContent = valueText(spec.value, spec.unit);
    input.addEventListener('input', () => {
      value.textContent = valueText(input.valueAsNumber, spec.unit);
      this.actions.live(spec.key, input.valueAsNumber);
    });
    input.addEventListener('change', () => this.actions.done(spec.key, input.valueAsNumber));
    row.append(name, input, value);
    this.inputs.set(spec.key, { input, value, unit: spec.unit });
    return row;
  }
}
