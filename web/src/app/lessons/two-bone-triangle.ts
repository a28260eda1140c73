// The two-bone solver's geometry on the page (lesson tool 'triangle'):
// the solver is set to two-bone (the target and a pole on the elbow's
// goal), and with every new pose the view draws the triangle shoulder –
// elbow – wrist, its third side c to the target, and the pole line, while
// the panel shows a, b, c, the elbow's interior angle the law of cosines
// gives, γ = acos((a² + b² − c²) / 2ab), and the angle the pose has: the two
// agree whenever the target is within reach.
import { angleAt, distance, lawOfCosinesAngle, originOf } from '../../lessons/lesson-checks.js';
import { TriangleOverlay } from '../../three/triangle-overlay.js';
import type { LessonTool, LessonToolContext } from './lesson-tool.js';
import { ChangeFlag } from '../../scene/change-flag.js';
import { Change } from '../../scene/scene-change.js';

const DEGREES = 180 / Math.PI;

export class TwoBoneTriangle implements LessonTool {
  private readonly overlay: TriangleOverlay;
  private readonly lines = document.createElement('p');
  private readonly posed: ChangeFlag;

  constructor(private readonly context: LessonToolContext, private readonly bones: readonly [string, string, string]) {
    const { editor } = context;
    this.posed = new ChangeFlag(editor, Change.POSE | Change.TARGETS | Change.SOLVER);
    if (editor.session.solverName !== 'two-bone') editor.setSolver('two-bone', {});
    this.overlay = new TriangleOverlay(context.view.viewport.scene);
    this.lines.className = 'lesson-triangle';
    this.lines.setAttribute('aria-live', 'polite');
    context.controls.append(this.lines);
  }

  update(): void {
    const { session } = this.context.editor;
    if (session.solverName !== 'two-bone' || !this.posed.take()) return;
    const { rig } = session;
    const [upper, lower, end] = this.bones;
    const shoulder = originOf(rig, upper);
    const elbow = originOf(rig, lower);
    const wrist = originOf(rig, end);
    const goal = session.goalIndex(lower);
    const target = session.target_ms(goal);
    const poles = session.poles_ms;
    const pole = [poles[3 * goal], poles[3 * goal + 1], poles[3 * goal + 2]];
    this.overlay.update(shoulder, elbow, wrist, Number.isFinite(pole[0]) ? pole : elbow);
    const a = distance(shoulder, elbow);
    const b = distance(elbow, wrist);
    const c = distance(shoulder, target);
    const reachable = c <= a + b && c >= Math.abs(a - b);
    this.lines.textContent = `a = ${a.toFixed(3)} m, b = ${b.toFixed(3)} m, c = ${c.toFixed(3)} m${reachable ? '' : ' (out of reach: c is clamped)'}. Law of cosines: γ = ${(lawOfCosinesAngle(a, b, c) * DEGREES).toFixed(1)}°; the pose’s elbow: ${(angleAt(elbow, shoulder, wrist) * DEGREES).toFixed(1)}°.`;
    this.context.requestFrame();
  }

  dispose(): void {
    this.posed.dispose();
    this.overlay.dispose();
  }
}
