// The lessons on the page: when a lesson is on screen its text panel shows
// (heading the inspector, or over the view when embedded) with the lesson's
// own tool (a step-through, a solver duel) in it, and every frame the
// task's check says whether the student is done. Other characters hide the
// panel. The lesson's progress also records what the page does that a check
// may ask for: the skinning shown, whether the clip has played, its time.
// A lesson with a clip opens with it on the timeline. The tool's settings
// travel in share links: the runner reads them for the link and hands a
// link's back to the tool.
import type { TimelineModel } from '../../animation/timeline-model.js';
import { findLesson, type LessonEntry } from '../../lessons/lessons.js';
import { LessonProgress } from '../../lessons/teaching.js';
import { type LessonSettings, SettingsReader } from '../../lessons/lesson-settings.js';
import type { Lesson } from '../../lessons/lesson.js';
import type { PoseEditor } from '../../posing/pose-editor.js';
import type { Selection } from '../../posing/selection.js';
import type { KinModule } from '../../wasm/generated/kin.js';
import type { LessonCard } from '../../ui/lesson-card.js';
import type { PosingView } from '../posing-view.js';
import type { LessonTool, LessonToolContext } from './lesson-tool.js';
import { LESSON_TOOLS } from './lesson-tools.js';
import { Change } from '../../scene/scene-change.js';
import { Signal } from '../../rig/listener-list.js';

export class LessonRunner {
  readonly progress = new LessonProgress();
  private lesson: LessonEntry | null = null;
  private tool: LessonTool | null = null;
  /** Set by the editor when another character is active (or took the active one's place): the lesson follows it at the next sync(). */
  private characterStale = true;
  private readonly memory = new Map<string, unknown>();
  private rebuilding = false;
  private readonly settingsChanged = new Signal();
  private readonly stopHearingEditor: () => void;
  // The panel showed since the last frame: onShown waits for a frame (a link's lesson shows before the page's parts are all made).
  private announce = false;

  constructor(
    private readonly module: KinModule,
    private readonly editor: PoseEditor,
    private readonly selection: Selection,
    private readonly view: PosingView,
    private readonly timeline: TimelineModel,
    private readonly card: LessonCard,
    private readonly requestFrame: () => void,
    /** Called when a lesson's panel first shows (the editor opens the inspector on a phone). */
    private readonly onShown: () => void,
    /** Shows lesson `id` with the rig and mesh of `lesson` (the page's character swap). */
    private readonly showLesson: (id: string, lesson: Lesson) => void,
    /** Opens the timeline's curve view on a bone (LessonToolContext.showCurves). */
    private readonly showCurves: (bone: number) => void,
  ) {
    this.stopHearingEditor = editor.onChange((changes) => {
      if ((changes & (Change.CHARACTER | Change.ACTIVE)) !== 0) this.characterStale = true;
    });
  }

  /** The lesson on screen and its task's state (window.kin.lesson()), or null. */
  state(): { id: string; title: string; done: boolean; tool: string | null; shows: Record<string, unknown> | null } | null {
    const lesson = this.lesson;
    if (lesson === null) return null;
    return {
      id: lesson.id,
      title: lesson.title,
      done: lesson.teaching.task.done(this.editor.session.rig, this.progress, this.editor.clip),
      tool: lesson.teaching.tool ?? null,
      shows: this.tool?.shows?.() ?? null,
    };
  }

  /** Calls `listener` whenever the tool's settings may have changed (a share link holds them); returns a function that stops it. */
  onSettingsChanged(listener: () => void): () => void {
    return this.settingsChanged.add(listener);
  }

  /** The tool's settings for a share link, or null (no lesson, or a tool without any). */
  settings(): LessonSettings | null {
    return this.tool?.settings?.() ?? null;
  }

  /** Gives the lesson's tool a share link's settings ({}: its start); returns what it refused, or null. */
  applySettings(settings: LessonSettings): string | null {
    this.sync();
    const reader = new SettingsReader(settings);
    this.tool?.applySettings?.(reader);
    this.settingsChanged.tell();
    const problems = reader.problems();
    return problems === null ? null : `This link's lesson settings were partly refused (${problems}): those are at the lesson's start.`;
  }

  /** Follows the character on screen now (the page calls it after showing one, so that a lesson's tool starts on its start pose). */
  sync(): void {
    if (this.characterStale) this.characterChanged();
  }

  /** Called with every frame: follows the character on screen, runs the tool, checks the task. */
  update(): void {
    this.sync();
    if (this.lesson === null) return;
    if (this.announce) {
      this.announce = false;
      this.onShown();
    }
    this.tool?.update();
    this.progress.set('dqs', this.view.skinning === 'dqs' ? 1 : 0);
    const playing = this.timeline.playing ? 1 : 0;
    this.progress.set('playing', playing);
    if (playing === 1) this.progress.set('played', 1);
    this.progress.set('time', this.timeline.time);
    this.card.setDone(this.lesson.teaching.task.done(this.editor.session.rig, this.progress, this.editor.clip));
  }

  dispose(): void {
    this.stopHearingEditor();
    this.tool?.dispose();
    this.tool = null;
  }

  private characterChanged(): void {
    this.characterStale = false;
    this.tool?.dispose();
    this.tool = null;
    const rebuilt = this.rebuilding;
    this.rebuilding = false;
    const { source } = this.editor;
    const lesson = source.kind === 'lesson' ? findLesson(source.id) ?? null : null;
    // A rebuild keeps the lesson going: its progress, its tool's memory, the panel's place.
    if (!rebuilt || lesson !== this.lesson) {
      this.progress.clear();
      this.memory.clear();
    }
    this.lesson = lesson;
    if (lesson === null) {
      this.card.hide();
      return;
    }
    const { title, teaching } = lesson;
    if (!rebuilt) this.card.show({ title, text: teaching.text, task: teaching.task.prompt });
    else this.card.controls.replaceChildren();
    // The lesson's clip, unless a share link gave the lesson one: what the lesson shows, not an edit to undo.
    const { clip } = lesson.build(this.module);
    if (clip !== undefined && this.editor.clip.channels.length === 0) {
      this.timeline.useClip(clip);
      this.editor.undo.clear();
    }
    if (teaching.tool !== undefined) {
      const context: LessonToolContext = {
        module: this.module,
        editor: this.editor,
        timeline: this.timeline,
        selection: this.selection,
        view: this.view,
        progress: this.progress,
        controls: this.card.controls,
        requestFrame: this.requestFrame,
        settingsChanged: () => this.settingsChanged.tell(),
        memory: this.memory,
        showCurves: this.showCurves,
        rebuild: (rebuiltLesson) => {
          this.rebuilding = true;
          this.showLesson(lesson.id, rebuiltLesson);
        },
      };
      this.tool = LESSON_TOOLS[teaching.tool](context, lesson.id);
    }
    this.settingsChanged.tell();
    if (!rebuilt) this.announce = true;
  }
}
