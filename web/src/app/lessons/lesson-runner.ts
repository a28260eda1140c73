// The lessons on the page: when a lesson is on screen its text panel shows
// (heading the inspector, or over the view when embedded) with the lesson's
// own tool (a step-through, a solver duel) in it, and every frame the
// task's check says whether the student is done. Other characters hide the
// panel. The lesson's progress also records what the page does that a check
// may ask for: the skinning shown, whether the clip has played, its time.
// A lesson with a clip opens with it on the timeline.
import type { TimelineModel } from '../../animation/timeline-model.js';
import { findLesson, type LessonEntry } from '../../lessons/lessons.js';
import { LessonProgress, type LessonToolKind } from '../../lessons/teaching.js';
import type { PoseEditor } from '../../posing/pose-editor.js';
import type { LessonCard } from '../../ui/lesson-card.js';
import type { PosingView } from '../posing-view.js';
import { RaceTool } from './race-tool.js';
import { SolverDuel } from './solver-duel.js';
import { StepThrough } from './step-through.js';
import { TrailsTool } from './trails-tool.js';
import { TwoBoneTriangle } from './two-bone-triangle.js';

/** A lesson's own tool on the page: built when the lesson shows, disposed when it goes. */
export interface LessonTool {
  /** Called with every frame. */
  update(): void;
  dispose(): void;
}

export interface LessonToolContext {
  editor: PoseEditor;
  timeline: TimelineModel;
  view: PosingView;
  progress: LessonProgress;
  /** Where the tool's controls go (inside the text panel). */
  controls: HTMLElement;
  /** Asks for a frame (the page draws on demand). */
  requestFrame(): void;
}

const TOOLS: Record<LessonToolKind, (context: LessonToolContext, lessonId: string) => LessonTool> = {
  'step-through': (context, id) => new StepThrough(context, id),
  'solver-duel': (context, id) => new SolverDuel(context, id),
  // The arms of the lessons name their joints so.
  triangle: (context) => new TwoBoneTriangle(context, ['upper_arm', 'forearm', 'hand']),
  race: (context) => new RaceTool(context),
  trails: (context) => new TrailsTool(context),
};

export class LessonRunner {
  readonly progress = new LessonProgress();
  private lesson: LessonEntry | null = null;
  private tool: LessonTool | null = null;
  private shownCharacter = -1;

  constructor(
    private readonly editor: PoseEditor,
    private readonly view: PosingView,
    private readonly timeline: TimelineModel,
    private readonly card: LessonCard,
    private readonly requestFrame: () => void,
    /** Called when a lesson's panel first shows (the editor opens the inspector on a phone). */
    private readonly onShown: () => void,
  ) {}

  /** The lesson on screen, if any. */
  get current(): LessonEntry | null {
    return this.lesson;
  }

  /** Called with every frame: follows the character on screen, runs the tool, checks the task. */
  update(): void {
    if (this.editor.characterVersion !== this.shownCharacter) this.characterChanged();
    if (this.lesson === null) return;
    this.tool?.update();
    this.progress.set('dqs', this.view.skinning === 'dqs' ? 1 : 0);
    const playing = this.timeline.playing ? 1 : 0;
    this.progress.set('playing', playing);
    if (playing === 1) this.progress.set('played', 1);
    this.progress.set('time', this.timeline.time);
    this.card.setDone(this.lesson.teaching.task.done(this.editor.session.rig, this.progress, this.editor.clip));
  }

  dispose(): void {
    this.tool?.dispose();
    this.tool = null;
  }

  private characterChanged(): void {
    this.shownCharacter = this.editor.characterVersion;
    this.tool?.dispose();
    this.tool = null;
    this.progress.clear();
    const { source } = this.editor;
    this.lesson = source.kind === 'lesson' ? findLesson(source.id) ?? null : null;
    if (this.lesson === null) {
      this.card.hide();
      return;
    }
    const { title, teaching } = this.lesson;
    this.card.show({ title, text: teaching.text, task: teaching.task.prompt });
    // The lesson's clip, unless a share link gave the lesson one: what the lesson shows, not an edit to undo.
    const { clip } = this.lesson.build();
    if (clip !== undefined && this.editor.clip.channels.length === 0) {
      this.timeline.useClip(clip);
      this.editor.undo.clear();
    }
    if (teaching.tool !== undefined) {
      const context = { editor: this.editor, timeline: this.timeline, view: this.view, progress: this.progress, controls: this.card.controls, requestFrame: this.requestFrame };
      this.tool = TOOLS[teaching.tool](context, this.lesson.id);
    }
    this.onShown();
  }
}
