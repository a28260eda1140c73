// The tools' Contacts section: one row per contact ("Mannequin hand_r →
// Mannequin 2 hand_r", × removes it) and the row that adds one — the
// selected target of the active character held on a bone of another,
// picked from the lists (the bone of the same name first: a hand on the
// other's hand). The point is where the target is now, in that bone's
// frame: adding holds the goal where it is. The rows follow the editor's
// and the contacts' changes; a refused action shows on the problem line.
import type { PoseEditor } from '../posing/pose-editor.js';
import type { SceneContacts } from '../posing/scene-contacts.js';
import type { Selection } from '../posing/selection.js';
import type { Contact } from '../scene/contacts.js';
import { Change, type Changes } from '../scene/scene-change.js';
import { ProblemLine } from './problem-line.js';
import { toolButton, toolOption, toolSelect } from './tool-controls.js';

/** What changes the rows or the lists. */
const SHOWN = Change.CHARACTERS | Change.ACTIVE | Change.CHARACTER | Change.GOALS;

export class ContactsPanel {
  readonly element = document.createElement('section');
  private readonly list = document.createElement('ul');
  private readonly note = document.createElement('p');
  private readonly character = toolSelect('contact-character', 'The character the selected target is held on', 'Hold on…');
  private readonly bone = toolSelect('contact-bone', 'The bone of that character the target is held on', 'Bone…');
  private readonly addButton = toolButton('add-contact', 'Hold the selected target where it is on the chosen bone of the other character', 'Add contact');
  private readonly problem = new ProblemLine('panel-problem');
  private readonly stops: (() => void)[];
  /** Whether the user chose the bone (else it follows the selected target). */
  private boneChosen = false;

  /** Not placed: the caller puts `element` in the tools column. */
  constructor(private readonly editor: PoseEditor, private readonly selection: Selection, private readonly contacts: SceneContacts) {
    this.element.className = 'tool-section contacts-panel';
    const heading = document.createElement('h2');
    heading.className = 'tool-heading';
    heading.textContent = 'Contacts';
    this.list.className = 'contact-rows';
    this.list.setAttribute('aria-label', 'contacts between characters');
    this.note.className = 'contact-note';
    const pickers = document.createElement('div');
    pickers.className = 'tool-group';
    pickers.append(this.character, this.bone);
    const buttons = document.createElement('div');
    buttons.className = 'tool-group';
    buttons.append(this.addButton);
    this.element.append(heading, this.list, this.note, pickers, buttons, this.problem.element);
    this.character.addEventListener('change', () => this.showBones());
    this.bone.addEventListener('change', () => {
      this.boneChosen = this.bone.value !== '';
      this.showAdd();
    });
    this.addButton.addEventListener('click', () => this.problem.run(() => this.add()));
    this.stops = [
      editor.onChange((changes: Changes) => {
        if ((changes & SHOWN) !== 0) this.show();
      }),
      selection.onChange(() => this.showBones()),
      contacts.onChange(() => this.showRows()),
    ];
    this.show();
  }

  dispose(): void {
    for (const stop of this.stops) stop();
    this.element.remove();
  }

  private show(): void {
    this.showRows();
    const others = this.editor.scene.characters.filter((c) => c !== this.editor.active);
    const chosen = this.character.value;
    this.character.replaceChildren(this.character.options[0], ...others.map((c) => toolOption(String(c.id), c.name)));
    this.character.value = others.some((c) => String(c.id) === chosen) ? chosen : others.length === 1 ? String(others[0].id) : '';
    this.showBones();
  }

  private showRows(): void {
    const rows = this.contacts.contacts.map((contact) => this.row(contact));
    this.list.replaceChildren(...rows);
  }

  private row(contact: Contact): HTMLLIElement {
    const row = document.createElement('li');
    row.className = 'contact-row';
    const label = document.createElement('span');
    label.className = 'contact-label';
    label.textContent = `${this.nameOf(contact.from.character)} ${contact.from.bone} → ${this.nameOf(contact.to.character)} ${contact.to.bone}`;
    label.title = `${this.nameOf(contact.from.character)}'s ${contact.from.bone} held on ${this.nameOf(contact.to.character)}'s ${contact.to.bone}`;
    const remove = toolButton('remove-contact', `Remove the contact: ${label.textContent}`, '×');
    remove.classList.add('contact-remove');
    remove.addEventListener('click', () => this.problem.run(() => this.contacts.remove(contact.id)));
    row.append(label, remove);
    return row;
  }

  private nameOf(id: number): string {
    return this.editor.scene.has(id) ? this.editor.scene.character(id).name : `character ${id}`;
  }

  /** The chosen character's bones, the selected target's bone first chosen if it has one of that name. */
  private showBones(): void {
    const id = Number(this.character.value);
    const chosen = this.bone.value;
    const to = this.character.value !== '' && this.editor.scene.has(id) ? this.editor.scene.character(id) : null;
    const names = to?.session.rig.boneNames ?? [];
    this.bone.replaceChildren(this.bone.options[0], ...names.map((name) => toolOption(name, name)));
    const goal = this.selectedGoal();
    // The selected target's bone of the same name (a hand on the other's hand) unless a bone was chosen.
    this.bone.value = goal !== null && names.includes(goal) && !this.boneChosen ? goal : names.includes(chosen) ? chosen : '';
    this.showAdd();
  }

  /** The selected target's goal name (its bone's), or null. */
  private selectedGoal(): string | null {
    const goal = this.selection.goal;
    const names = this.editor.session.goalNames;
    return goal >= 0 && goal < names.length ? names[goal] : null;
  }

  private showAdd(): void {
    const alone = this.editor.scene.characters.length < 2;
    const goal = this.selectedGoal();
    this.note.textContent = alone ? 'Add a second character to hold a target on it.' : goal === null ? `Select a target of ${this.editor.active.name} to hold it on another character.` : `Hold ${this.editor.active.name}'s ${goal} on:`;
    this.character.disabled = alone;
    this.bone.disabled = alone || this.character.value === '';
    this.addButton.disabled = alone || goal === null || this.character.value === '' || this.bone.value === '';
  }

  private add(): void {
    const goal = this.selectedGoal();
    if (goal === null) throw new Error('Select a target first');
    this.contacts.add({ from: { character: this.editor.active.id, bone: goal }, to: { character: Number(this.character.value), bone: this.bone.value } });
  }
}
