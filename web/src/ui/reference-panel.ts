// The inspector's Reference panel: load a picture to pose against (or drop
// one on the page), show it behind the scene fixed to the view (opacity,
// scale, offset) or on a plane in the scene (position, turn, size, opacity),
// in Save PNG or not, and remove it. A refused file says why here.
import type { Reference, ReferenceMode, ReferenceSettings } from '../scene/reference-image.js';
import { type Field, choiceField, numberField, numbersField, switchField } from './panel-fields.js';
import { ProblemLine } from './problem-line.js';
import { panelButton, sectionHeading } from './tool-controls.js';

export interface ReferencePanelHost {
  readonly reference: Reference;
  /** Loads a file as the reference image (null removes it); rejects naming the problem. */
  setReference(picture: { bytes: Uint8Array; name: string } | null, change?: Partial<ReferenceSettings>): Promise<void>;
}

const ACCEPT = 'image/png,image/jpeg,image/webp';

export class ReferencePanel {
  readonly element = document.createElement('details');
  private readonly summaryState = document.createElement('span');
  private readonly problem = new ProblemLine('panel-problem');
  private readonly file = document.createElement('input');
  private readonly removeButton = panelButton('reference-remove', 'Remove', 'Remove the reference image');
  private readonly mode: Field<string>;
  private readonly opacity: Field<number>;
  private readonly scale: Field<number>;
  private readonly offset: Field<number[]>;
  private readonly position: Field<number[]>;
  private readonly turn: Field<number>;
  private readonly size: Field<number>;
  private readonly inPicture: Field<boolean>;
  private readonly stop: () => void;

  constructor(parent: HTMLElement, private readonly host: ReferencePanelHost) {
    this.element.className = 'reference-panel inspector-details';
    const heading = sectionHeading('Reference image', this.summaryState, 'inspector-details-state');
    const { reference } = host;
    const set = (change: Partial<ReferenceSettings>): void => this.problem.run(() => reference.set(change));
    this.file.type = 'file';
    this.file.accept = ACCEPT;
    this.file.hidden = true;
    this.file.name = 'reference-file';
    this.file.addEventListener('change', () => {
      const chosen = this.file.files?.[0];
      this.file.value = '';
      if (chosen !== undefined) void this.load(chosen);
    });
    const load = panelButton('reference-load', 'Load image…', 'Load a PNG, JPEG or WebP picture to pose against (or drop one on the page)');
    load.addEventListener('click', () => this.file.click());
    this.removeButton.addEventListener('click', () => void this.problem.runAsync(() => host.setReference(null)));
    const buttons = document.createElement('div');
    buttons.className = 'tool-group';
    buttons.append(load, this.removeButton, this.file);
    this.mode = choiceField('reference-mode', 'Shown', 'Behind the scene, fixed to the view; or on a plane standing in the scene', [
      { value: 'behind', label: 'Behind the scene' },
      { value: 'plane', label: 'On a plane' },
    ], (mode) => set({ mode: mode as ReferenceMode }));
    this.opacity = numberField('reference-opacity', 'Opacity', 'From 0 (invisible) to 1', 2, (opacity) => set({ opacity }));
    this.scale = numberField('reference-scale', 'Scale', '1 fits the picture inside the frame', 2, (scale) => set({ scale }));
    this.offset = numbersField('reference-offset', 'Offset', 'Its shift in fractions of the frame (x right, y up)', 2, 2, ([x, y]) => set({ offset: [x, y] }));
    this.position = numbersField('reference-position', 'Position', 'The plane’s centre, world space (metres)', 3, 2, ([x, y, z]) => set({ position: [x, y, z] }));
    this.turn = numberField('reference-turn', 'Turn (°)', 'The plane’s turn about the vertical: 0 faces +Z', 0, (turn) => set({ turn }));
    this.size = numberField('reference-size', 'Height (m)', 'The plane’s height; its width follows the picture', 2, (size) => set({ size }));
    this.inPicture = switchField('reference-in-picture', 'In Save PNG', 'Save PNG shows the picture behind the characters', (inPicture) => set({ inPicture }));
    const body = document.createElement('div');
    body.className = 'reference-panel-body';
    body.append(buttons, this.mode.row, this.opacity.row, this.scale.row, this.offset.row, this.position.row, this.turn.row, this.size.row, this.inPicture.row, this.problem.element);
    this.element.append(heading, body);
    parent.append(this.element);
    this.stop = reference.onChange(() => this.show());
    this.show();
  }

  /** Loads a file (the button's, or one dropped on the page): its problem shows on the panel, which opens to say it. */
  async load(file: File): Promise<void> {
    this.element.open = true;
    await this.problem.runAsync(async () => this.host.setReference({ bytes: new Uint8Array(await file.arrayBuffer()), name: file.name }));
  }

  reset(): void {
    this.element.open = false;
    this.problem.show(null);
  }

  dispose(): void {
    this.stop();
    this.element.remove();
  }

  private show(): void {
    const { image, settings } = this.host.reference;
    const plane = settings.mode === 'plane';
    this.mode.show(settings.mode);
    this.opacity.show(settings.opacity);
    this.scale.show(settings.scale);
    this.offset.show(settings.offset);
    this.position.show(settings.position);
    this.turn.show(settings.turn);
    this.size.show(settings.size);
    this.inPicture.show(settings.inPicture);
    this.scale.row.hidden = plane;
    this.offset.row.hidden = plane;
    this.position.row.hidden = !plane;
    this.turn.row.hidden = !plane;
    this.size.row.hidden = !plane;
    for (const field of [this.mode, this.opacity, this.scale, this.offset, this.position, this.turn, this.size, this.inPicture]) field.row.classList.toggle('panel-field-off', image === null);
    this.removeButton.disabled = image === null;
    this.summaryState.textContent = image === null ? 'none' : `${image.name} (${image.width} × ${image.height})`;
  }
}
