// A solver step-through on the page (lesson tool 'step-through'): the
// chosen method runs once as a traced solve from the start pose toward the
// chosen target — the core's own solve, recorded per iteration (rig
// traceSolve) — and the student walks through the record: each shown
// iteration puts its pose on the rig and draws its Jacobian columns, the
// residual and the line search's trial points (three/step-overlay.ts), with
// its numbers, the energy plot and the analytic Jacobian beside finite
// differences taken at that pose. Showing a pose is not an edit (no undo
// step; the handle stays on the target), as playback's frames are not.
import type { LessonSettings, SettingsReader } from '../../lessons/lesson-settings.js';
import { TARGET_CHOICES, type StepTargets, stepTargets } from '../../lessons/step-targets.js';
import type { Rig } from '../../rig/rig.js';
import type { Vec3Tuple } from '../../rig/rig-desc.js';
import type { SolveTrace, SolveTraceIteration } from '../../rig/solve-trace.js';
import { slotAxes } from '../../ui/bone-panel.js';
import { StepThroughPanel, type StepRow } from '../../ui/step-through-panel.js';
import { StepOverlay } from '../../three/step-overlay.js';
import type { LessonTool, LessonToolContext } from './lesson-tool.js';
import { STEP_METHODS, type StepMethod, firstStepMethod, stepMethod } from './step-choices.js';

/** Finite-difference step for the Jacobian shown beside the analytic one (radians). */
const FD_STEP = 1e-3;


export class StepThrough implements LessonTool {
  private readonly panel: StepThroughPanel;
  private readonly overlay: StepOverlay;
  private readonly targets: StepTargets;
  private readonly start: Float32Array;
  private readonly startRoot: Vec3Tuple;
  private readonly firstMethod: StepMethod;
  private method: StepMethod;
  private unreachable = false;
  private trace: SolveTrace | null = null;
  private shown = 0;
  private timer: ReturnType<typeof setInterval> | null = null;

  constructor(private readonly context: LessonToolContext, lessonId: string) {
    this.targets = stepTargets(lessonId);
    this.firstMethod = firstStepMethod(lessonId);
    this.method = this.firstMethod;
    const { rig } = context.editor.session;
    this.start = Float32Array.from(rig.pose());
    this.startRoot = rig.rootOffset;
    this.overlay = new StepOverlay(context.view.viewport.scene);
    this.panel = new StepThroughPanel(context.controls, STEP_METHODS, this.method.id, TARGET_CHOICES, {
      chooseMethod: (id) => this.retrace(stepMethod(id), this.unreachable),
      chooseTarget: (id) => this.retrace(this.method, id === 'unreachable'),
      step: () => this.go(this.shown + 1, true),
      back: () => this.go(this.shown - 1, false),
      runToEnd: () => this.go(Number.MAX_SAFE_INTEGER, false),
      restart: () => this.go(0, false),
      autoStep: (rate) => this.autoStep(rate),
    });
    this.retrace(this.method, false);
  }

  shows(): Record<string, unknown> {
    const iterations = this.trace?.iterations ?? [];
    return {
      method: this.method.id,
      shown: this.shown,
      last: iterations.length - 1,
      status: this.trace?.report.status ?? null,
      energies: iterations.slice(0, this.shown + 1).map((it) => it.energy),
      steps: this.context.progress.get('steps'),
    };
  }

  settings(): LessonSettings {
    return { method: STEP_METHODS.indexOf(this.method), unreachable: this.unreachable ? 1 : 0, iteration: this.shown };
  }

  applySettings(settings: SettingsReader): void {
    const id = settings.choice('method', STEP_METHODS.map((m) => m.id));
    const unreachable = settings.flag('unreachable') ?? false;
    this.panel.showChoices((id === undefined ? this.firstMethod : stepMethod(id)).id, unreachable ? 'unreachable' : 'reachable');
    this.retrace(id === undefined ? this.firstMethod : stepMethod(id), unreachable);
    const last = (this.trace?.iterations.length ?? 1) - 1;
    this.go(settings.number('iteration', 0, last, true) ?? 0, false);
  }

  update(): void {}

  dispose(): void {
    this.autoStep(0);
    this.overlay.dispose();
  }

  /** The target the student chose. */
  private get target(): Vec3Tuple {
    return this.unreachable ? this.targets.unreachable_ms : this.targets.reachable_ms;
  }

  /** Runs `method` from the start pose toward the reachable or unreachable target as a traced solve and shows its start. */
  retrace(method: StepMethod, unreachable: boolean): void {
    this.method = method;
    this.unreachable = unreachable;
    const target_ms = this.target;
    const { editor } = this.context;
    const { session } = editor;
    const { rig } = session;
    if (rig.solver !== method.solver || editor.solverOptions !== method.options) editor.setSolver(method.solver, method.options);
    rig.setPose(this.start, this.startRoot);
    session.placeTarget(session.goalIndex(this.targets.effector), target_ms);
    this.trace = rig.teaching.traceSolve();
    this.context.progress.set('steps', 0);
    this.shown = -1;
    this.go(0, false);
  }

  /** Shows iteration `index` (clamped to the trace); `stepped`: the student's Step (counted for the task). */
  private go(index: number, stepped: boolean): void {
    const trace = this.trace;
    if (trace === null) return;
    const last = trace.iterations.length - 1;
    const next = Math.max(0, Math.min(last, index));
    if (next === this.shown) return;
    this.context.settingsChanged();
    if (stepped) this.context.progress.set('steps', this.context.progress.get('steps') + 1);
    this.shown = next;
    const iteration = trace.iterations[next];
    const { session } = this.context.editor;
    const { rig } = session;
    const r = iteration.rootOffset;
    rig.setPose(iteration.angles, [r[0], r[1], r[2]]);
    session.poseSampled();
    this.draw(rig, trace, next);
    if (next === last) this.autoStep(0);
    this.context.requestFrame();
  }

  private draw(rig: Rig, trace: SolveTrace, index: number): void {
    const iteration = trace.iterations[index];
    const goal = this.context.editor.session.goalIndex(this.targets.effector);
    const goals = iteration.points.length / 3;
    const triple = (values: ArrayLike<number>, offset: number): number[] => [values[offset], values[offset + 1], values[offset + 2]];
    const column = (values: ArrayLike<number>, dof: number): number[] => triple(values, 3 * (dof * goals + goal));
    // The step from this pose is the next entry: its Jacobian and gradient were taken here, its trials tried from here.
    const next: SolveTraceIteration | undefined = trace.iterations[index + 1];
    const jacobian = next?.jacobian;
    this.overlay.show({
      effector_ms: triple(next?.startPoints ?? iteration.points, 3 * goal),
      target_ms: this.target,
      columns: jacobian === undefined ? [] : trace.dofs.map((dof, c) => ({ joint: dof.bone, column: column(jacobian, c) })),
      trials: (next?.trials ?? []).map((t) => ({ point_ms: triple(t.points, 3 * goal), accepted: t.accepted })),
      backward_ms: next?.fabrikBackward,
      forward_ms: next?.fabrikForward,
    });
    const finite = rig.teaching.finiteDifferenceJacobian(FD_STEP);
    const rows: StepRow[] = trace.dofs.map((dof, c) => {
      const f = column(finite, c);
      const a = jacobian === undefined ? [Number.NaN, Number.NaN, Number.NaN] : column(jacobian, c);
      return {
        dof: dof.bone < 0 ? `root ${'xyz'[dof.slot]}` : `${rig.boneNames[dof.bone]} ${slotAxes(rig.orders[dof.bone])[dof.slot]}`,
        analytic: Math.hypot(a[0], a[1], a[2]),
        finite: Math.hypot(f[0], f[1], f[2]),
        // Of the vectors, not only their lengths.
        difference: Math.hypot(a[0] - f[0], a[1] - f[1], a[2] - f[2]),
        gradient: next?.gradient?.[c] ?? Number.NaN,
      };
    });
    this.panel.showRows(rows);
    const last = trace.iterations.length - 1;
    const status = index === last ? ` — ${trace.report.status}` : '';
    const damping = iteration.damping > 0 ? `, μ ${iteration.damping.toExponential(2)}` : '';
    this.panel.showIteration(
      `Iteration ${index} of ${last}${status}: E ${iteration.energy.toExponential(3)}, error ${(1000 * iteration.error).toFixed(2)} mm, step ${iteration.stepScale.toPrecision(3)}${damping}`,
      index === 0,
      index === last,
    );
    const rising = trace.iterations.some((it, k) => k > 0 && it.energy > trace.iterations[k - 1].energy * (1 + 1e-6));
    this.panel.showNote(rising ? 'E rose on some step: without a line search or damping the full step overshoots (see the plot).' : '');
    this.panel.plot.draw(
      [
        { values: trace.iterations.map((it) => it.energy), color: '#6cc4ff' },
        { values: trace.iterations.map((it) => it.stepScale), color: '#f0a35a', dashed: true },
      ],
      index,
    );
  }

  private autoStep(rate: number): void {
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = rate > 0 ? setInterval(() => this.go(this.shown + 1, true), 1000 / rate) : null;
  }
}
