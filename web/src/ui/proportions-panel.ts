// The inspector's body panel: the character's proportions (posing/
// proportions.ts) as a slider per part and a few named bodies. Every change
// keeps the pose and the lowest point of the body where it was, so a
// character standing on the floor stays standing on it. A body is one undo
// step; a slider held and moved is one gesture, one step. Hidden for a
// character without a body (no bone gets a role: a lesson's tentacle).
import type { BindMesh } from '../posing/drop-to-floor.js';
import type { PoseEditor } from '../posing/pose-editor.js';
import { BODY_PRESETS, PROPORTION_KEYS, PROPORTION_SLIDERS, type ProportionKey, bodyParts, sameProportions } from '../posing/proportions.js';
import type { Rig } from '../rig/rig.js';
import { ChangeFlag } from '../scene/change-flag.js';
import { Change } from '../scene/scene-change.js';
import { ProblemLine } from './problem-line.js';
import { controlGroup, panelButton, sectionHeading } from './tool-controls.js';
import { GestureSlider, anyHeld } from './gesture-slider.js';

const percent = (factor: number): string => `${Math.round(factor * 100)}%`;

export class ProportionsPanel {
  readonly element = document.createElement('details');
  private readonly summaryState = document.createElement('span');
  private readonly sliders = new Map<ProportionKey, GestureSlider>();
  /** The same sliders, for anyHeld(). */
  private readonly rows: GestureSlider[] = [];
  private readonly presetButtons = new Map<string, HTMLButtonElement>();
  private shownRig: Rig | null = null;
  private readonly problem = new ProblemLine('panel-problem');
  private readonly changed: ChangeFlag;

  /** Goes into `parent` before `before`; `meshes` are the active character's skinned meshes (its lowest point is kept). */
  constructor(parent: HTMLElement, before: Element | null, private readonly editor: PoseEditor, private readonly meshes: () => readonly BindMesh[]) {
    this.element.className = 'proportions-panel inspector-details';
    const heading = sectionHeading('Body', this.summaryState, 'inspector-details-state');
    const presets = controlGroup('body-presets', 'bodies');
    for (const preset of BODY_PRESETS) {
      const button = panelButton(`body-${preset.id}`, preset.name, `${preset.name}: these proportions for the character, its pose kept (one undo step)`);
      button.addEventListener('click', () => this.problem.run(() => this.editor.setProportions(preset.proportions, this.meshes())));
      this.presetButtons.set(preset.id, button);
      presets.append(button);
    }

    const rows = document.createElement('div');
    rows.className = 'body-sliders';
    for (const key of PROPORTION_KEYS) {
      const { label, min, max } = PROPORTION_SLIDERS[key];
      const slider = new GestureSlider(editor, {
        name: `body-${key}`,
        label,
        min,
        max,
        value: 1,
        format: percent,
        apply: (value) => this.problem.run(() => this.editor.setProportions({ ...this.editor.session.proportions, [key]: value }, this.meshes())),
        released: () => this.changed.raise(),
      });
      this.sliders.set(key, slider);
      this.rows.push(slider);
      rows.append(slider.row);
    }

    const body = document.createElement('div');
    body.className = 'proportions-panel-body';
    body.append(presets, rows, this.problem.element);
    this.element.append(heading, body);
    parent.insertBefore(this.element, before);
    this.changed = new ChangeFlag(editor, Change.BODY | Change.CHARACTER | Change.ACTIVE);
    this.refresh();
  }

  dispose(): void {
    this.changed.dispose();
  }

  /** Folded, as the page opens it (kin.reset()). */
  reset(): void {
    this.element.open = false;
  }

  /** Called with every frame: shows the active character's proportions when they changed. */
  refresh(): void {
    if (!this.changed.take() || anyHeld(this.rows)) return;
    const { proportions, rig } = this.editor.session;
    if (rig !== this.shownRig) {
      // Only the parts the character has bones for; none for a character without a body (a lesson's tentacle, whose lesson is about its one shape).
      this.shownRig = rig;
      const parts = new Set(bodyParts(rig));
      for (const [key, slider] of this.sliders) slider.row.hidden = key !== 'height' && !parts.has(key);
      this.element.hidden = [...parts].every((part) => part === null);
    }
    for (const key of PROPORTION_KEYS) this.sliders.get(key)!.show(proportions[key]);
    const preset = BODY_PRESETS.find((p) => sameProportions(p.proportions, proportions));
    for (const [id, button] of this.presetButtons) button.setAttribute('aria-pressed', String(id === preset?.id));
    this.summaryState.textContent = preset?.name.toLowerCase() ?? 'custom';
  }
}
