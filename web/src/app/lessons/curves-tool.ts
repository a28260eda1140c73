// The keyframes lesson's tool ('curves'): opens the timeline's curve view
// on the keyed bone, so that the student sees the channel the lesson is
// about from the start; the timeline's own controls do the rest (select
// keys, change their interpolation and T/C/B).
import type { LessonTool, LessonToolContext } from './lesson-tool.js';

export class CurvesTool implements LessonTool {
  constructor(context: LessonToolContext, bone: string) {
    context.showCurves(context.editor.session.rig.boneIndex(bone));
  }

  update(): void {}

  dispose(): void {}
}
