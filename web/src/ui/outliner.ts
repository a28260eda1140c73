// The outliner heading the tools: one row per character of the scene — its
// name picks it as the active one (whose handles and inspector show; a
// double-click renames it), an eye hides it, a padlock locks it (it stays
// put: it cannot be picked, posed or moved), × removes it — then where the
// active one stands, typed, a row per prop (its name selects it for its
// gizmo and the Props section), and the buttons that add the default character
// or a copy of the active one (its pose, goals, solver and clip). The rows
// follow the editor's changes; a refused action (a full scene, a name taken)
// shows on the panel's problem line.
import type { PoseEditor } from '../posing/pose-editor.js';
import { Change, type Changes } from '../scene/scene-change.js';
import { MAX_CHARACTERS, type SceneCharacter } from '../scene/scene.js';
import type { Prop } from '../scene/props.js';
import { type OutlinerItem, outlinerRow } from './outliner-row.js';
import { PlaceFields } from './place-fields.js';
import { ProblemLine } from './problem-line.js';
import { toolButton } from './tool-controls.js';

/** The page's props, as the outliner picks them (app/page-props.ts). */
export interface PropSelection {
  readonly selected: Prop | null;
  select(id: number | null): void;
  onSelectionChange(listener: () => void): () => void;
}

export interface SceneActions {
  addDefault(): void;
  duplicate(): void;
}

export class Outliner {
  readonly element = document.createElement('section');
  private readonly list = document.createElement('ul');
  private readonly propList = document.createElement('ul');
  private propSelection: PropSelection | null = null;
  private stopProps: () => void = () => {};
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
    this.propList.className = 'scene-characters scene-props';
    this.propList.setAttribute('aria-label', 'props in the scene');
    this.place = new PlaceFields((t) => editor.placeCharacter(editor.active.id, t), () => editor.active.transform, (action) => this.act(action));
    const buttons = document.createElement('div');
    buttons.className = 'tool-group';
    buttons.append(this.addButton, this.duplicateButton);
    this.element.append(heading, this.list, this.place.element, this.propList, buttons, this.problem.element);
    parent.prepend(this.element);
    this.addButton.addEventListener('click', () => this.act(actions.addDefault));
    this.duplicateButton.addEventListener('click', () => this.act(actions.duplicate));
    this.stop = editor.onChange(this.onChange);
    this.show();
  }

  dispose(): void {
    this.stop();
    this.stopProps();
    this.element.remove();
  }

  private act(action: () => void): void {
    this.problem.run(action);
  }

  private readonly onChange = (changes: Changes): void => {
    if ((changes & (Change.CHARACTERS | Change.ACTIVE | Change.CHARACTER | Change.PROPS)) !== 0) this.show();
  };

  private show(): void {
    const { characters, active } = this.editor.scene;
    const act = (action: () => void): void => this.act(action);
    const show = (): void => this.show();
    this.list.replaceChildren(...characters.map((character) => outlinerRow(this.characterItem(character, character === active, characters.length > 1), act, show)));
    const selected = this.propSelection?.selected?.id ?? null;
    this.propList.replaceChildren(...this.editor.scene.props.all.map((prop) => outlinerRow(this.propItem(prop, prop.id === selected), act, show)));
    this.propList.hidden = this.editor.scene.props.all.length === 0;
    this.place.show();
    const full = characters.length >= MAX_CHARACTERS;
    this.addButton.disabled = full;
    this.duplicateButton.disabled = full;
    this.addButton.title = full ? `The scene holds at most ${MAX_CHARACTERS} characters` : 'Add the default character beside the others';
  }

  /** Lists the scene's props too, picked through `selection` (the page's props). */
  showProps(selection: PropSelection): void {
    this.propSelection = selection;
    this.stopProps = selection.onSelectionChange(() => this.show());
    this.show();
  }

  private characterItem(character: SceneCharacter, active: boolean, removable: boolean): OutlinerItem {
    const { editor } = this;
    return {
      kind: 'character',
      name: character.name,
      hidden: character.hidden,
      locked: character.locked,
      picked: active,
      pickTitle: `Pose ${character.name}`,
      pick: () => editor.setActiveCharacter(character.id),
      rename: (name) => editor.renameCharacter(character.id, name),
      setFlags: (flags) => editor.setCharacterFlags(character.id, flags),
      remove: removable ? () => editor.removeCharacter(character.id) : undefined,
    };
  }

  private propItem(prop: Prop, selected: boolean): OutlinerItem {
    const { props } = this.editor.scene;
    return {
      kind: 'prop',
      name: prop.name,
      hidden: prop.hidden,
      locked: prop.locked,
      picked: selected,
      pickTitle: `Select ${prop.name}: its gizmo and its numbers in Props`,
      pick: () => this.propSelection?.select(selected ? null : prop.id),
      rename: (name) => props.setFlags(prop.id, { name }),
      setFlags: (flags) => props.setFlags(prop.id, flags),
      remove: () => props.remove(prop.id),
    };
  }
}
