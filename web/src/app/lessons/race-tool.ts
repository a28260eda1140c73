// The solver race on the page (lesson tool 'race'): runs posing/solver-race.ts
// on the lesson's rig from the pose on screen, shows the table and the bars,
// and records the winner (the fastest solver that converged on every set)
// for the lesson's task.
import { solverNames, builtContract } from '../../rig/contract.js';
import { type RaceRow, runRace } from '../../posing/solver-race.js';
import { RacePanel } from '../../ui/race-panel.js';
import type { LessonTool, LessonToolContext } from './lesson-tool.js';

const SETS = 12;
const SEED = 7;

export function raceWinner(rows: readonly RaceRow[]): RaceRow | null {
  const complete = rows.filter((r) => r.converged === r.sets);
  return complete.length === 0 ? null : complete.reduce((best, r) => (r.time_us_median < best.time_us_median ? r : best));
}

export class RaceTool implements LessonTool {
  private readonly panel: RacePanel;
  private rows: RaceRow[] = [];

  constructor(private readonly context: LessonToolContext) {
    this.panel = new RacePanel(context.controls, () => this.run());
  }

  shows(): Record<string, unknown> {
    return { rows: this.rows.map((r) => ({ ...r })), winner: raceWinner(this.rows)?.solver ?? null };
  }

  update(): void {}

  dispose(): void {}

  run(): void {
    const { editor } = this.context;
    this.rows = runRace(editor.session, editor.solverOptions, SETS, SEED, () => performance.now());
    const winner = raceWinner(this.rows);
    this.context.progress.set('race-runs', this.context.progress.get('race-runs') + 1);
    this.context.progress.set('race-winner', winner === null ? -1 : solverNames(builtContract).indexOf(winner.solver));
    this.panel.show(this.rows, winner?.solver ?? null);
    this.context.requestFrame();
  }
}
