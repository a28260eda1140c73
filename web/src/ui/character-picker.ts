// The lesson menu in the HUD (full view only), under "Load model…": the
// default character and the lesson rigs. It shows what is on screen however
// it got there (this menu, a share link, window.kin, a loaded model, for
// which it shows its placeholder), checking once per frame.
import { LESSONS } from '../lessons/lessons.js';
import type { BuiltInCharacters } from '../import/built-in-characters.js';
import type { CharacterSource } from '../posing/character-source.js';
import { errorMessage } from './error-overlay.js';
import type { PosingApp } from '../app/posing-app.js';
import { toolOption, toolSelect } from './tool-controls.js';

const DEFAULT_VALUE = 'default';

function valueOf(source: CharacterSource): string {
  return source.kind === 'lesson' ? source.id : source.kind === 'default' ? DEFAULT_VALUE : '';
}

export class LessonPicker {
  readonly element = document.createElement('div');
  private readonly select = toolSelect('lesson', 'Pose a lesson rig built for learning FK and IK, or the default character', 'Lesson…');
  private shownSource: CharacterSource | null = null;

  /** `failed` hears why a character could not be shown (the one on screen stays). */
  constructor(parent: HTMLElement, private readonly app: PosingApp, characters: BuiltInCharacters, failed: (message: string) => void) {
    // Both the picker's own class and the model picker's, whose place in the HUD it shares.
    this.element.className = 'model-picker lesson-picker';
    this.select.options[0].disabled = true;
    this.select.append(toolOption(DEFAULT_VALUE, 'Default character'), ...LESSONS.map((lesson) => toolOption(lesson.id, lesson.title)));
    this.select.addEventListener('change', () => {
      const { value } = this.select;
      try {
        characters.show(value === DEFAULT_VALUE ? { kind: 'default' } : { kind: 'lesson', id: value });
      } catch (error) {
        failed(`Could not show ${value === DEFAULT_VALUE ? 'the default character' : `lesson '${value}'`}: ${errorMessage(error)}`);
      }
      this.watch();
    });
    this.element.append(this.select);
    parent.append(this.element);
    this.watch();
  }

  /** Called every frame: follows a change of character. */
  watch(): void {
    const { source } = this.app;
    if (source === this.shownSource) return;
    this.shownSource = source;
    this.select.value = valueOf(source);
  }
}
