// Two solvers side by side on one target (lesson tool 'solver-duel', the
// 4-DOF arm): Jacobian transpose with the optimal α against damped least
// squares with an adjustable λ, from the same start pose
// (posing/solver-duel-run.ts); the table compares iterations, final error,
// status and the time of an untraced solve, the plot both energy curves,
// and the arm shows either result.
import { DUEL_ENTRIES, DuelRecord, type DuelResult, runDuel } from '../../posing/solver-duel-run.js';
import { TARGET_CHOICES, type StepTargets, stepTargets } from '../../lessons/step-targets.js';
import type { LessonSettings, SettingsReader } from '../../lessons/lesson-settings.js';
import type { Vec3Tuple } from '../../rig/rig-desc.js';
import { SolverDuelPanel } from '../../ui/solver-duel-panel.js';
import type { LessonTool, LessonToolContext } from './lesson-tool.js';

const DAMPINGS = [0.0001, 0.001, 0.01, 0.1, 1];
const FIRST_DAMPING = 0.01;
const SHOWN = DUEL_ENTRIES.map((e) => e.id);
const COLORS: Record<string, string> = { dls: '#6cc4ff', transpose: '#f0a35a' };

export class SolverDuel implements LessonTool {
  private readonly panel: SolverDuelPanel;
  private readonly start: Float32Array;
  private readonly startRoot: Vec3Tuple;
  private readonly targets: StepTargets;
  private readonly record = new DuelRecord();
  private unreachable = false;
  private damping = FIRST_DAMPING;
  private shown = SHOWN[0];
  private last: DuelResult[] = [];

  constructor(private readonly context: LessonToolContext, lessonId: string) {
    this.targets = stepTargets(lessonId);
    const { rig } = context.editor.session;
    this.start = Float32Array.from(rig.pose());
    this.startRoot = rig.rootOffset;
    this.panel = new SolverDuelPanel(context.controls, TARGET_CHOICES, DAMPINGS, this.damping, DUEL_ENTRIES.map((e) => ({ id: e.id, label: e.label })), {
      chooseTarget: (id) => {
        this.unreachable = id === 'unreachable';
        this.run();
      },
      chooseDamping: (value) => {
        this.damping = value;
        this.run();
      },
      run: () => this.run(),
      show: (id) => {
        this.shown = id;
        this.showPose();
        context.settingsChanged();
      },
    });
    this.run();
  }

  shows(): Record<string, unknown> {
    return {
      damping: this.damping,
      unreachable: this.unreachable,
      results: this.last.map(({ entry, trace, time_us }) => ({ solver: entry.solver, iterations: trace.report.iterations, error: trace.report.error, status: trace.report.status, time_us })),
    };
  }

  settings(): LessonSettings {
    return { lambda: this.damping, unreachable: this.unreachable ? 1 : 0, shows: SHOWN.indexOf(this.shown) };
  }

  applySettings(settings: SettingsReader): void {
    this.damping = settings.oneOf('lambda', DAMPINGS) ?? FIRST_DAMPING;
    this.unreachable = settings.flag('unreachable') ?? false;
    this.shown = settings.choice('shows', SHOWN) ?? SHOWN[0];
    this.panel.showChoices(this.unreachable ? 'unreachable' : 'reachable', this.damping, this.shown);
    this.run();
  }

  update(): void {}

  dispose(): void {}

  run(): void {
    const { editor } = this.context;
    const { session } = editor;
    const goal = session.goalIndex(this.targets.effector);
    const target_ms = this.unreachable ? this.targets.unreachable_ms : this.targets.reachable_ms;
    // Through the session, so that the handle shows the target too.
    session.placeTarget(goal, target_ms);
    this.last = runDuel(session.rig, editor.solverOptions, { goal, target_ms, damping: this.damping, start: this.start, startRoot: this.startRoot }, () => performance.now());
    this.context.progress.set('duel-unreachable-lambdas', this.record.record(this.unreachable, this.damping));
    this.panel.showRows(this.last.map(({ entry, trace, time_us }) => ({ label: entry.label, color: COLORS[entry.id], iterations: trace.report.iterations, error_m: trace.report.error, status: trace.report.status, time_us })));
    this.panel.plot.draw(this.last.map(({ entry, trace }) => ({ values: trace.iterations.map((it) => it.energy), color: COLORS[entry.id] })), -1);
    this.showPose();
    this.context.settingsChanged();
  }

  private showPose(): void {
    const shown = this.last.find((r) => r.entry.id === this.shown);
    if (shown === undefined) return;
    const { iterations } = shown.trace;
    const final = iterations[iterations.length - 1];
    const { session } = this.context.editor;
    const r = final.rootOffset;
    session.rig.setPose(final.angles, [r[0], r[1], r[2]]);
    session.poseSampled();
    this.context.requestFrame();
  }
}
