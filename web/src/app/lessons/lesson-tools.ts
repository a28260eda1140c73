// The lesson tools by kind: what the runner builds when a lesson with a
// tool shows.
import type { LessonToolKind } from '../../lessons/teaching.js';
import { CurvesTool } from './curves-tool.js';
import { FramesTool } from './frames-tool.js';
import { RaceTool } from './race-tool.js';
import { SolverDuel } from './solver-duel.js';
import { StepThrough } from './step-through.js';
import { TrailsTool } from './trails-tool.js';
import { TwoBoneTriangle } from './two-bone-triangle.js';
import { WeightsTool } from './weights-tool.js';
import type { LessonTool, LessonToolContext } from './lesson-tool.js';

export const LESSON_TOOLS: Record<LessonToolKind, (context: LessonToolContext, lessonId: string) => LessonTool> = {
  'step-through': (context, id) => new StepThrough(context, id),
  'solver-duel': (context, id) => new SolverDuel(context, id),
  // The arms of the lessons name their joints so.
  triangle: (context) => new TwoBoneTriangle(context, ['upper_arm', 'forearm', 'hand']),
  race: (context) => new RaceTool(context),
  trails: (context) => new TrailsTool(context),
  frames: (context, id) => new FramesTool(context, id),
  weights: (context, id) => new WeightsTool(context, id),
  // The keyframes lesson keys the forearm's bend.
  curves: (context) => new CurvesTool(context, 'forearm'),
};
