// The tools' Props section: add a primitive, a stool or a chair, or load a
// model file (glb, gltf, obj) as a prop; and the selected prop (clicked in
// the view, or just added): its name, where it is (position in metres,
// rotation in degrees, scale; typed values move it as the gizmo does), the
// gizmo's mode, Hide, Lock, Delete, Attach to a bone of the active
// character (its right hand to begin with) where it is now, Detach, and
// Sit on it for a seat. A refused action shows on the panel's problem line.
import { BUILT_IN_KINDS, type BuiltInKind, isSeatKind } from '../scene/prop-kinds.js';
import type { Prop } from '../scene/props.js';
import type { PropTransform, PropTransformField } from '../scene/prop-transform.js';
import { PROP_FILE_EXTENSIONS } from '../three/prop-file.js';
import type { GizmoMode } from '../three/prop-gizmo.js';
import { ProblemLine } from './problem-line.js';
import { toolButton, toolOption, toolSelect } from './tool-controls.js';

/** What the panel acts through (app/page-props.ts). */
export interface PropsPanelHost {
  /** The selected prop, or null. */
  selected(): Prop | null;
  /** Where the selected prop is now, in the world. */
  worldTransform(prop: Prop): PropTransform;
  addBuiltIn(kind: BuiltInKind): void;
  addFile(file: File): Promise<void>;
  setTransform(prop: Prop, transform: Partial<PropTransform>): void;
  setFlags(prop: Prop, flags: { hidden?: boolean; locked?: boolean; name?: string }): void;
  remove(prop: Prop): void;
  gizmoMode(): GizmoMode;
  setGizmoMode(mode: GizmoMode): void;
  /** The active character's bones, and the one to offer first (its right hand), or null without one. */
  bones(): readonly string[];
  defaultBone(): string | null;
  attach(prop: Prop, bone: string | null): void;
  sitOn(prop: Prop): void;
}

const KIND_LABELS: Record<BuiltInKind, string> = { box: 'Box', sphere: 'Sphere', cylinder: 'Cylinder', cone: 'Cone', plane: 'Plane', stool: 'Stool', chair: 'Chair' };
const FIELDS: readonly { key: PropTransformField; label: string; unit: string; step: string; toShown: (v: number) => number; fromShown: (v: number) => number }[] = [
  { key: 'position', label: 'Position', unit: 'm', step: '0.01', toShown: (v) => v, fromShown: (v) => v },
  { key: 'rotation', label: 'Rotation', unit: '°', step: '1', toShown: (v) => (v * 180) / Math.PI, fromShown: (v) => (v * Math.PI) / 180 },
  { key: 'scale', label: 'Scale', unit: '×', step: '0.05', toShown: (v) => v, fromShown: (v) => v },
];
const AXES = ['x', 'y', 'z'] as const;
const MODES: readonly { mode: GizmoMode; label: string; title: string }[] = [
  { mode: 'translate', label: 'Move', title: 'The gizmo moves the prop along its arrows' },
  { mode: 'rotate', label: 'Turn', title: 'The gizmo turns the prop about its rings' },
  { mode: 'scale', label: 'Scale', title: 'The gizmo scales the prop along its axes' },
];

function row(className: string, ...items: HTMLElement[]): HTMLDivElement {
  const element = document.createElement('div');
  element.className = className;
  element.append(...items);
  return element;
}

export class PropsPanel {
  readonly element = document.createElement('section');
  private readonly kind = toolSelect('prop-kind', 'The kind of prop to add', 'Add prop…');
  private readonly fileInput = document.createElement('input');
  private readonly details = document.createElement('div');
  private readonly nameInput = document.createElement('input');
  private readonly numbers = new Map<PropTransformField, HTMLInputElement[]>();
  private readonly modeButtons: HTMLButtonElement[];
  private readonly hideButton = toolButton('prop-hide', 'Hide the prop (it stays in the scene)', 'Hide');
  private readonly lockButton = toolButton('prop-lock', 'Lock the prop: it cannot be moved', 'Lock');
  private readonly deleteButton = toolButton('prop-delete', 'Delete the prop', 'Delete');
  private readonly boneSelect = toolSelect('prop-bone', 'The bone of the active character to attach the prop to', 'Bone…');
  private readonly attachButton = toolButton('prop-attach', 'Attach the prop to the bone where it is now: it follows the bone', 'Attach');
  private readonly detachButton = toolButton('prop-detach', 'Detach the prop from its bone: it stays where it is', 'Detach');
  private readonly sitButton = toolButton('prop-sit', 'Sit the active character on this seat: hips on the seat, feet on the floor in front', 'Sit on it');
  private readonly attachedNote = document.createElement('p');
  private readonly problem = new ProblemLine('panel-problem props-problem');
  private shownBones: readonly string[] = [];

  constructor(parent: HTMLElement, private readonly host: PropsPanelHost) {
    this.element.className = 'tool-section props-panel';
    const heading = document.createElement('h2');
    heading.className = 'tool-heading';
    heading.textContent = 'Props';
    for (const kind of BUILT_IN_KINDS) this.kind.append(toolOption(kind, KIND_LABELS[kind]));
    this.kind.addEventListener('change', () => {
      const kind = this.kind.value as BuiltInKind;
      this.kind.value = '';
      if (kind !== ('' as BuiltInKind)) this.act(() => host.addBuiltIn(kind));
    });
    const load = toolButton('prop-load', `Load a model file (${PROP_FILE_EXTENSIONS.join(', ')}) as a prop`, 'Load model…');
    this.fileInput.type = 'file';
    this.fileInput.accept = PROP_FILE_EXTENSIONS.join(',');
    this.fileInput.hidden = true;
    this.fileInput.name = 'prop-file';
    load.addEventListener('click', () => this.fileInput.click());
    this.fileInput.addEventListener('change', () => {
      const file = this.fileInput.files?.[0];
      this.fileInput.value = '';
      if (file !== undefined) void this.problem.runAsync(() => host.addFile(file));
    });

    this.nameInput.type = 'text';
    this.nameInput.name = 'prop-name';
    this.nameInput.className = 'props-name';
    this.nameInput.setAttribute('aria-label', 'prop name');
    this.nameInput.addEventListener('change', () => this.onSelected((prop) => host.setFlags(prop, { name: this.nameInput.value })));
    const fields = FIELDS.map((field) => {
      const inputs = AXES.map((axis, k) => {
        const input = document.createElement('input');
        input.type = 'number';
        input.step = field.step;
        input.name = `prop-${field.key}-${axis}`;
        input.setAttribute('aria-label', `prop ${field.key} ${axis} (${field.unit})`);
        input.addEventListener('change', () => this.typed(field.key, k, field.fromShown(input.valueAsNumber)));
        const label = document.createElement('label');
        label.className = 'target-axis';
        const name = document.createElement('span');
        name.textContent = axis;
        label.append(name, input);
        return { input, label };
      });
      this.numbers.set(field.key, inputs.map((i) => i.input));
      const caption = document.createElement('span');
      caption.className = 'props-caption';
      caption.textContent = `${field.label} (${field.unit})`;
      return [caption, row('target-position', ...inputs.map((i) => i.label))];
    });
    this.modeButtons = MODES.map(({ mode, label, title }) => {
      const button = toolButton(`prop-gizmo-${mode}`, title, label);
      button.addEventListener('click', () => this.act(() => host.setGizmoMode(mode)));
      return button;
    });
    this.hideButton.addEventListener('click', () => this.onSelected((prop) => host.setFlags(prop, { hidden: !prop.hidden })));
    this.lockButton.addEventListener('click', () => this.onSelected((prop) => host.setFlags(prop, { locked: !prop.locked })));
    this.deleteButton.addEventListener('click', () => this.onSelected((prop) => host.remove(prop)));
    this.attachButton.addEventListener('click', () => this.onSelected((prop) => host.attach(prop, this.boneSelect.value === '' ? null : this.boneSelect.value)));
    this.detachButton.addEventListener('click', () => this.onSelected((prop) => host.attach(prop, null)));
    this.sitButton.addEventListener('click', () => this.onSelected((prop) => host.sitOn(prop)));
    this.attachedNote.className = 'props-held';
    this.details.className = 'props-selected';
    this.details.append(
      this.nameInput,
      ...fields.flat(),
      row('tool-group', ...this.modeButtons),
      row('tool-group', this.hideButton, this.lockButton, this.deleteButton),
      row('tool-group', this.boneSelect, this.attachButton, this.detachButton),
      this.attachedNote,
      row('tool-group', this.sitButton),
    );
    this.element.append(heading, row('tool-group', this.kind, load, this.fileInput), this.details, this.problem.element);
    parent.append(this.element);
    this.refresh();
  }

  dispose(): void {
    this.element.remove();
  }

  /** Shows the selected prop as it is now (the page calls this when props, the pose or the selection changed). */
  refresh(): void {
    const prop = this.host.selected();
    this.details.hidden = prop === null;
    if (prop === null) return;
    if (document.activeElement !== this.nameInput) this.nameInput.value = prop.name;
    const world = this.host.worldTransform(prop);
    for (const field of FIELDS) {
      (this.numbers.get(field.key) ?? []).forEach((input, k) => {
        input.disabled = prop.locked;
        if (document.activeElement !== input) input.value = String(Number(field.toShown(world[field.key][k]).toFixed(3)));
      });
    }
    const mode = this.host.gizmoMode();
    this.modeButtons.forEach((button, i) => button.setAttribute('aria-pressed', String(MODES[i].mode === mode)));
    this.hideButton.setAttribute('aria-pressed', String(prop.hidden));
    this.lockButton.setAttribute('aria-pressed', String(prop.locked));
    this.showBones(prop);
    this.detachButton.disabled = prop.attachment === null;
    this.attachedNote.textContent = prop.attachment === null ? 'Stands in the scene.' : `Held by ${prop.attachment.bone} of character ${prop.attachment.character}.`;
    this.sitButton.hidden = !isSeatKind(prop.kind);
  }

  private showBones(prop: Prop): void {
    const bones = this.host.bones();
    if (bones !== this.shownBones) {
      this.shownBones = bones;
      this.boneSelect.replaceChildren(toolOption('', 'Bone…'), ...bones.map((bone) => toolOption(bone, bone)));
      this.boneSelect.value = this.host.defaultBone() ?? '';
    }
    if (prop.attachment !== null && bones.includes(prop.attachment.bone) && document.activeElement !== this.boneSelect) this.boneSelect.value = prop.attachment.bone;
  }

  private typed(field: PropTransformField, axis: number, value: number): void {
    this.onSelected((prop) => {
      if (!Number.isFinite(value)) throw new Error(`${field} ${AXES[axis]}: enter a number`);
      const now = this.host.worldTransform(prop)[field];
      now[axis] = value;
      this.host.setTransform(prop, { [field]: now });
    });
  }

  private onSelected(action: (prop: Prop) => void): void {
    const prop = this.host.selected();
    if (prop !== null) this.act(() => action(prop));
  }

  private act(action: () => void): void {
    this.problem.run(action);
    this.refresh();
  }
}
