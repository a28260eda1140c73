// The scene section heading the tools: one row per character (its name picks
// it as the active one, whose handles and inspector show; × removes it) and
// the buttons that add the default character or a copy of the active one
// (its pose, goals, solver and clip). The rows follow the editor's changes;
// a refused action (a full scene) shows on the panel's problem line.
import type { PoseEditor } from '../posing/pose-editor.js';
import { Change, type Changes } from '../scene/scene-change.js';
import { MAX_CHARACTERS } from '../scene/scene.js';
import { ProblemLine } from './problem-line.js';
import { toolButton } from './tool-controls.js';

export interface SceneActions {
  addDefault(): void;
  duplicate(): void;
}

export class ScenePanel {
  readonly element = document.createElement('section');
  private readonly list = document.createElement('ul');
  private readonly addButton = toolButton('add-character', 'Add the default character beside the others', '+ Mannequin');
  private readonly duplicateButton = toolButton('duplicate-character', 'Add a copy of the active character: its pose, targets, solver and clip', 'Duplicate');
  private readonly problem = new ProblemLine('panel-problem');
  private readonly stop: () => void;

  constructor(parent: HTMLElement, private readonly editor: PoseEditor, actions: SceneActions) {
    this.element.className = 'tool-section scene-panel';
    const heading = document.createElement('h2');
    heading.className = 'tool-heading';
    heading.textContent = 'Scene';
    this.list.className = 'scene-characters';
    this.list.setAttribute('aria-label', 'characters in the scene');
    const buttons = document.createElement('div');
    buttons.className = 'tool-group';
    buttons.append(this.addButton, this.duplicateButton);
    this.element.append(heading, this.list, buttons, this.problem.element);
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
    const rows = characters.map((character) => {
      const row = document.createElement('li');
      row.className = 'scene-character';
      const pick = toolButton('pick-character', `Pose ${character.name}`, character.name);
      pick.classList.add('scene-character-name');
      pick.setAttribute('aria-pressed', String(character === active));
      pick.addEventListener('click', () => this.act(() => this.editor.setActiveCharacter(character.id)));
      row.append(pick);
      if (characters.length > 1) {
        const remove = toolButton('remove-character', `Remove ${character.name} from the scene`, '×');
        remove.classList.add('scene-character-remove');
        remove.addEventListener('click', () => this.act(() => this.editor.removeCharacter(character.id)));
        row.append(remove);
      }
      return row;
    });
    this.list.replaceChildren(...rows);
    const full = characters.length >= MAX_CHARACTERS;
    this.addButton.disabled = full;
    this.duplicateButton.disabled = full;
    this.addButton.title = full ? `The scene holds at most ${MAX_CHARACTERS} characters` : 'Add the default character beside the others';
  }
}
