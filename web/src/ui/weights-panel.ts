// The controls of the skinning-weights lesson: which bone's weights are
// coloured, whose weights they are (the mesh's own, or the capsule rule),
// the chosen bone's capsule radius (only with the capsule rule) and a line
// counting the bone's vertices. Plain DOM; the controller
// (app/lessons/weights-tool.ts) fills it.
import { lessonChoice } from './lesson-controls.js';

export interface WeightsPanelActions {
  chooseBone(bone: number): void;
  chooseCapsules(capsules: boolean): void;
  /** The chosen bone's radius, metres (while dragged). */
  setRadius(radius_m: number): void;
}

const SOURCES = [
  { id: 'mesh', label: 'the mesh’s own' },
  { id: 'capsule', label: 'capsules: max(0, r − d) / r' },
];

export class WeightsPanel {
  private readonly boneSelect: HTMLSelectElement;
  private readonly sourceSelect: HTMLSelectElement;
  private readonly radius = document.createElement('input');
  private readonly radiusValue = document.createElement('span');
  private readonly note = document.createElement('p');

  constructor(parent: HTMLElement, boneNames: readonly string[], radiusRange_m: readonly [number, number], actions: WeightsPanelActions) {
    const bone = lessonChoice('weights-bone', 'Bone ', boneNames.map((name, b) => ({ id: String(b), label: name })), String(boneNames.length - 1), (id) => actions.chooseBone(Number(id)));
    const source = lessonChoice('weights-source', 'Weights ', SOURCES, SOURCES[0].id, (id) => actions.chooseCapsules(id === 'capsule'));
    this.boneSelect = bone.select;
    this.sourceSelect = source.select;
    this.radius.type = 'range';
    this.radius.name = 'weights-radius';
    this.radius.min = String(radiusRange_m[0]);
    this.radius.max = String(radiusRange_m[1]);
    this.radius.step = 'any';
    this.radius.addEventListener('input', () => actions.setRadius(this.radius.valueAsNumber));
    const radius = document.createElement('label');
    radius.append('Capsule radius ', this.radius);
    this.radiusValue.className = 'frames-value';
    this.note.className = 'lesson-weights-note';
    this.note.setAttribute('aria-live', 'polite');
    for (const label of [bone.label, source.label, radius]) label.className = 'lesson-tool-row';
    parent.append(bone.label, source.label, radius, this.radiusValue, this.note);
  }

  /** Shows the choices: the bone, the rule, and the bone's radius (its slider only usable with capsules). */
  show(bone: number, capsules: boolean, radius_m: number): void {
    this.boneSelect.value = String(bone);
    this.sourceSelect.value = capsules ? 'capsule' : 'mesh';
    this.radius.valueAsNumber = radius_m;
    this.radius.disabled = !capsules;
    this.radiusValue.textContent = capsules ? `r = ${radius_m.toFixed(2)} m` : '';
  }

  showNote(text: string): void {
    this.note.textContent = text;
  }
}
