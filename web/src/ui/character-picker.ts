// The character menu in the top bar: the default character and the lesson
// rigs, plus, while a loaded model is on screen, an entry naming it. It
// shows the active character however it got there (this menu, a share
// link, window.kin, a loaded model, another character made active), told by
// the editor's changes.
import type { BuiltInCharacter } from '../import/built-in-characters.js';
import { LESSONS } from '../lessons/lessons.js';
import type { CharacterSource } from '../posing/character-source.js';
import type { PoseEditor } from '../posing/pose-editor.js';
import { Change } from '../scene/scene-change.js';
import { errorMessage } from '../text/error-message.js';
import { toolOption, toolSelect } from './tool-controls.js';

const DEFAULT_VALUE = 'default';
const MODEL_VALUE = 'model';

function valueOf(source: CharacterSource): string {
  return source.kind === 'lesson' ? source.id : source.kind === 'default' ? DEFAULT_VALUE : MODEL_VALUE;
}

export class CharacterPicker {
  readonly element = document.createElement('div');
  private readonly select = toolSelect('lesson', 'The character to pose: the default one, or a lesson rig built for learning FK and IK', 'Character…');
  private readonly modelOption = toolOption(MODEL_VALUE, '');
  private stale = true;

  /** `show` puts a built-in character on screen (throws, changing nothing, if it cannot); `failed` hears why it could not. */
  constructor(parent: HTMLElement, private readonly editor: PoseEditor, show: (character: BuiltInCharacter) => void, failed: (message: string) => void) {
    this.element.className = 'character-picker';
    this.select.options[0].disabled = true;
    this.modelOption.disabled = true;
    this.select.append(toolOption(DEFAULT_VALUE, 'Default character'), ...LESSONS.map((lesson) => toolOption(`${lesson.id}`, `Lesson: ${lesson.title}`)), this.modelOption);
    this.select.addEventListener('change', () => {
      const { value } = this.select;
      try {
        show(value === DEFAULT_VALUE ? { kind: 'default' } : { kind: 'lesson', id: value });
      } catch (error) {
        failed(`Could not show ${value === DEFAULT_VALUE ? 'the default character' : `lesson '${value}'`}: ${errorMessage(error)}`);
      }
      this.refresh(true);
    });
    this.element.append(this.select);
    parent.append(this.element);
    editor.onChange((changes) => {
      if ((changes & (Change.CHARACTER | Change.ACTIVE)) !== 0) this.stale = true;
    });
    this.refresh();
  }

  /** Called with every frame: follows a change of character. */
  refresh(force = false): void {
    if (!this.stale && !force) return;
    this.stale = false;
    const { source } = this.editor;
    this.modelOption.hidden = source.kind !== 'gltf';
    this.modelOption.textContent = source.kind === 'gltf' ? `Model: ${source.name}` : '';
    this.select.value = valueOf(source);
  }
}
