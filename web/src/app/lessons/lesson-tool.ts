// What a lesson's own tool on the page is (a step-through, a solver duel,
// a race, …) and what it is given: the editor and view it works on, the
// lesson's progress for the task's check, the panel's place for its
// controls, and a way to rebuild the lesson (the convention lessons).
import type { TimelineModel } from '../../animation/timeline-model.js';
import type { Lesson } from '../../lessons/lesson.js';
import type { LessonSettings, SettingsReader } from '../../lessons/lesson-settings.js';
import type { LessonProgress } from '../../lessons/teaching.js';
import type { PoseEditor } from '../../posing/pose-editor.js';
import type { Selection } from '../../posing/selection.js';
import type { KinModule } from '../../wasm/generated/kin.js';
import type { PosingView } from '../posing-view.js';

/** A lesson's own tool on the page: built when the lesson shows, disposed when it goes. */
export interface LessonTool {
  /** Called with every frame. */
  update(): void;
  dispose(): void;
  /** What it shows, as plain data (window.kin.lesson()). */
  shows?(): Record<string, unknown>;
  /** What a share link keeps of it (the values that differ from its start may be all). */
  settings?(): LessonSettings;
  /** Takes a share link's settings: each one missing or refused back at its start value. */
  applySettings?(settings: SettingsReader): void;
}

export interface LessonToolContext {
  module: KinModule;
  editor: PoseEditor;
  timeline: TimelineModel;
  selection: Selection;
  /** Shows the lesson rebuilt (other extents, rolls, lengths); its tool is made anew and finds its memory kept. */
  rebuild(lesson: Lesson): void;
  /** Selects `bone` and opens the timeline with its curve view (not in embed mode, which has no timeline). */
  showCurves(bone: number): void;
  /** What a tool keeps across rebuilds of its lesson (cleared when the lesson is left or chosen again). */
  memory: Map<string, unknown>;
  view: PosingView;
  progress: LessonProgress;
  /** Where the tool's controls go (inside the text panel). */
  controls: HTMLElement;
  /** Asks for a frame (the page draws on demand). */
  requestFrame(): void;
  /** Tells the page a setting changed (the share link is rewritten). */
  settingsChanged(): void;
}
