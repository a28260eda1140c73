// The outliner heading the tools: one row per character of the scene — its
// name picks it as the active one (whose handles and inspector show; a
// double-click renames it), an eye hides it, a padlock locks it (it stays
// put: it cannot be picked, posed or moved), × removes it — then where the
// active one stands, typed, and the buttons that add the default character
// or a copy of the active one (its pose, goals, solver and clip). The rows
// follow the editor's changes; a refused action (a full scene, a name taken)
// shows on the panel's problem line.
import type { PoseEditor } from '../posing/pose-editor.js';
import { Change, type Changes } from '../scene/scene-change.js';
import { MAX_CHARACTERS, type SceneCharacter } from '../scene/scene.js';
import { eyeIcon, lockIcon } from './outliner-icons.js';
import { PlaceFields } from './place-fields.js';
import { ProblemLine } from './problem-line.js';
import { toolButton } from './tool-controls.js';

export interface SceneActions {
  addDefault(): void;
  duplicate(): void;
}

export class Outliner {
  readonly element = document.createElement('section');
  private readonly list = document.createElement('ul');
  private readonly addButton = toolButton('add-character', 'Add the default character beside the others', '+ Mannequin');
  private readonly duplicateButton = toolButton('duplicate-character', 'Add a copy of the active character: its pose, targets, solver and clip', 'Duplicate');
  private readonly problem = new ProblemLine('panel-problem');
  private readonly place: PlaceFields;
  private readonly stop: () => void;

  constructor(parent: HTMLElement, private readonly editor: PoseEditor, actions: SceneActions) {
    this.element.className = 'tool-section scene-panel';
    const heading = document.createElement('h2');
    heading.className = 'tool-heading';
    heading.textContent = 'Scene';
    this.list.className = 'scene-characters';
    this.list.setAttribute('aria-label', 'characters in the scene');
    this.place = new PlaceFields((t) => editor.placeCharacter(editor.active.id, t), () => editor.active.transform, (action) => this.act(action));
    const buttons = document.createElement('div');
    buttons.className = 'tool-group';
    buttons.append(this.addButton, this.duplicateButton);
    this.element.append(heading, this.list, this.place.element, buttons, this.problem.element);
    parent.prepend(this.element);
    this.addButton.addEventListener('click', () => this.act(actions.addDefault));
    this.duplicateButton.addEventListener('click', () => this.act(actions.duplicate));
    this.stop = editor.onChange(this.onChange);
    this.show();
  }

  dispose(): void {
    this.stop();
    this.element.remove();
  }

  private act(action: () => void): void {
    this.problem.run(action);
  }

  private readonly onChange = (changes: Changes): void => {
    if ((changes & (Change.CHARACTERS | Change.ACTIVE | Change.CHARACTER)) !== 0) this.show();
  };

  private show(): void {
    const { characters, active } = this.editor.scene;
    this.list.replaceChildren(...characters.map((character) => this.row(character, character === active, characters.length > 1)));
    this.place.show();
    const full = characters.length >= MAX_CHARACTERS;
    this.addButton.disabled = full;
    this.duplicateButton.disabled = full;
    this.addButton.title = full ? `The scene holds at most ${MAX_CHARACTERS} characters` : 'Add the default character beside the others';
  }

  private row(character: SceneCharacter, active: boolean, removable: boolean): HTMLLIElement {
    const row = document.createElement('li');
    row.className = 'scene-character';
    row.classList.toggle('scene-character-hidden', character.hidden);
    const pick = toolButton('pick-character', character.locked ? `${character.name} is locked` : `Pose ${character.name} (double-click to rename)`, character.name);
    pick.classList.add('scene-character-name');
    pick.setAttribute('aria-pressed', String(active));
    pick.addEventListener('click', () => this.act(() => this.editor.setActiveCharacter(character.id)));
    pick.addEventListener('dblclick', () => this.rename(row, pick, character));
    const hide = toolButton('hide-character', character.hidden ? `Show ${character.name}` : `Hide ${character.name}`);
    hide.classList.add('scene-character-toggle');
    hide.setAttribute('aria-pressed', String(character.hidden));
    hide.append(eyeIcon(character.hidden));
    hide.addEventListener('click', () => this.act(() => this.editor.setCharacterFlags(character.id, { hidden: !character.hidden })));
    const lock = toolButton('lock-character', character.locked ? `Unlock ${character.name}` : `Lock ${character.name}: it stays as it is`);
    lock.classList.add('scene-character-toggle');
    lock.setAttribute('aria-pressed', String(character.locked));
    lock.append(lockIcon(character.locked));
    lock.addEventListener('click', () => this.act(() => this.editor.setCharacterFlags(character.id, { locked: !character.locked })));
    row.append(pick, hide, lock);
    if (removable) {
      const remove = toolButton('remove-character', `Remove ${character.name} from the scene`, '×');
      remove.classList.add('scene-character-remove');
      remove.addEventListener('click', () => this.act(() => this.editor.removeCharacter(character.id)));
      row.append(remove);
    }
    return row;
  }

  /** Puts a text field in the name's place: Enter or leaving it renames, Escape keeps the name. */
  private rename(row: HTMLLIElement, pick: HTMLButtonElement, character: SceneCharacter): void {
    const field = document.createElement('input');
    field.type = 'text';
    field.className = 'scene-character-rename';
    field.name = 'rename-character';
    field.value = character.name;
    field.setAttribute('aria-label', `new name for ${character.name}`);
    let done = false;
    const finish = (keep: boolean): void => {
      if (done) return;
      done = true;
      if (!keep && field.value !== character.name) this.act(() => this.editor.renameCharacter(character.id, field.value.trim()));
      this.show();
    };
    field.addEventListener('keydown', (event) => {
      if (event.key === 'Enter') finish(false);
      else if (event.key === 'Escape') finish(true);
      event.stopPropagation();
    });
    field.addEventListener('blur', () => finish(false));
    row.replaceChild(field, pick);
    field.focus();
    field.select();
  }
}
