// The solver race's controls (lessons): Run the race, a table per solver
// (sets converged, median iterations, median time, largest error) and a bar
// plot of the median times on a log scale, the fastest solver that
// converged on every set marked. Plain DOM and canvas 2D.
import type { RaceRow } from '../posing/solver-race.js';
import { fillLessonRows, lessonRow, lessonTable } from './lesson-controls.js';
import { toolButton } from './tool-controls.js';

const BAR = '#6cc4ff';
const WINNER = '#7fdc8c';

export class RacePanel {
  private readonly body: HTMLTableSectionElement;
  private readonly canvas = document.createElement('canvas');
  private readonly status = document.createElement('p');

  constructor(parent: HTMLElement, run: () => void) {
    const button = toolButton('lesson-race', 'Run every solver on the same seeded targets', 'Run the race');
    button.addEventListener('click', run);
    this.status.className = 'lesson-race-status';
    this.status.setAttribute('aria-live', 'polite');
    const { table, body } = lessonTable('lesson-race', ['Solver', 'Conv.', 'It.', 'Time', 'Max err.']);
    this.body = body;
    this.canvas.className = 'lesson-tool-plot';
    this.canvas.setAttribute('role', 'img');
    this.canvas.setAttribute('aria-label', 'Median solve time per solver, log scale');
    parent.append(lessonRow(button), this.status, table, this.canvas);
  }

  show(rows: readonly RaceRow[], winner: string | null): void {
    this.status.textContent = winner === null ? 'No solver converged on every set.' : `Fastest to converge on every set: ${winner}.`;
    fillLessonRows(
      this.body,
      rows.map((r) => ({
        color: r.solver === winner ? WINNER : undefined,
        cells: [r.solver, `${r.converged} / ${r.sets}`, String(r.iterations_median), `${r.time_us_median.toFixed(0)} µs`, `${(1000 * r.error_max_m).toFixed(2)} mm`],
      })),
    );
    this.drawBars(rows, winner);
  }

  private drawBars(rows: readonly RaceRow[], winner: string | null): void {
    const ratio = window.devicePixelRatio || 1;
    const width = Math.max(1, Math.round(this.canvas.clientWidth * ratio));
    const height = Math.max(1, Math.round(this.canvas.clientHeight * ratio));
    this.canvas.width = width;
    this.canvas.height = height;
    const context = this.canvas.getContext('2d');
    if (context === null || rows.length === 0) return;
    context.setTransform(ratio, 0, 0, ratio, 0, 0);
    const w = width / ratio;
    const h = height / ratio;
    const logs = rows.map((r) => Math.log10(Math.max(r.time_us_median, 1)));
    const top = Math.ceil(Math.max(...logs, 1));
    const slot = w / rows.length;
    context.font = '9px ui-monospace, monospace';
    rows.forEach((r, k) => {
      const barHeight = ((h - 22) * logs[k]) / top;
      context.fillStyle = r.solver === winner ? WINNER : BAR;
      context.fillRect(k * slot + 3, h - 12 - barHeight, slot - 6, barHeight);
      context.fillStyle = '#aeb6c2';
      context.fillText(r.solver.slice(0, 6), k * slot + 2, h - 2);
    });
    context.fillStyle = '#8f98a6';
    context.fillText(`1e${top} µs`, 2, 9);
  }
}
