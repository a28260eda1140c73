// Where the active character stands, typed: x and z on the floor (metres,
// the scene's world space) and its heading (degrees, counter-clockwise seen
// from above). A number typed moves it at once (Enter or leaving the field);
// the fields follow every move made elsewhere (a script, a scene opened).
import type { CharacterTransform } from '../scene/character-transform.js';

const FIELDS = [
  { key: 'x', label: 'x', unit: 'm', step: '0.05', title: 'x on the floor (metres)' },
  { key: 'z', label: 'z', unit: 'm', step: '0.05', title: 'z on the floor (metres)' },
  { key: 'heading', label: 'turn', unit: '°', step: '5', title: 'turn about the vertical (degrees, counter-clockwise from above)' },
] as const;

const DEGREES = 180 / Math.PI;

export class PlaceFields {
  readonly element = document.createElement('div');
  private readonly inputs: HTMLInputElement[];

  /** `place` moves the active character; `run` runs a typed move, showing its failure (the outliner's problem line). */
  constructor(
    private readonly place: (transform: CharacterTransform) => void,
    private readonly current: () => CharacterTransform,
    run: (action: () => void) => void,
  ) {
    this.element.className = 'target-position place-fields';
    this.element.setAttribute('aria-label', 'where the active character stands');
    this.inputs = FIELDS.map(({ key, label, step, title }) => {
      const field = document.createElement('label');
      field.className = 'target-axis';
      const name = document.createElement('span');
      name.textContent = label;
      const input = document.createElement('input');
      input.type = 'number';
      input.step = step;
      input.name = `place-${key}`;
      input.title = title;
      input.setAttribute('aria-label', title);
      input.addEventListener('change', () => run(() => this.typed()));
      field.append(name, input);
      this.element.append(field);
      return input;
    });
  }

  /** Shows where the active character stands (a field being typed in keeps its text). */
  show(): void {
    const t = this.current();
    const values = [t.x.toFixed(2), t.z.toFixed(2), (t.heading * DEGREES).toFixed(0)];
    this.inputs.forEach((input, k) => {
      if (document.activeElement !== input) input.value = values[k];
    });
  }

  private typed(): void {
    const [x, z, degrees] = this.inputs.map((input) => input.valueAsNumber);
    const named = [['x', x], ['z', z], ['turn', degrees]] as const;
    for (const [name, value] of named) {
      if (!Number.isFinite(value)) {
        this.show();
        throw new Error(`${name}: enter a number`);
      }
    }
    const heading = (((degrees + 180) % 360) + 360) % 360 - 180;
    try {
      this.place({ x, z, heading: heading / DEGREES });
    } finally {
      this.show();
    }
  }
}
