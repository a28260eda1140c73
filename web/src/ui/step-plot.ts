// A small plot for the solver lessons: one or more series of E per
// iteration on a log scale (each its own colour, e.g. two solvers side by
// side), the shown iteration marked by a vertical line and dots, and an
// optional second series of step sizes (dashed, its own log scale). Redrawn
// on each change only (a click, a run), so it may allocate.

export interface PlotSeries {
  values: ArrayLike<number>;
  color: string;
  dashed?: boolean;
}

const FLOOR = 1e-16;
const PAD = { left: 34, right: 6, top: 6, bottom: 14 };

export class StepPlot {
  readonly canvas = document.createElement('canvas');

  constructor(parent: HTMLElement, label: string) {
    this.canvas.className = 'lesson-tool-plot';
    this.canvas.setAttribute('role', 'img');
    this.canvas.setAttribute('aria-label', label);
    parent.append(this.canvas);
  }

  /** Draws the series (log10 of each value, floored), iteration `marked` (or none: -1) marked. */
  draw(series: readonly PlotSeries[], marked: number): void {
    const ratio = window.devicePixelRatio || 1;
    const width = Math.max(1, Math.round(this.canvas.clientWidth * ratio));
    const height = Math.max(1, Math.round(this.canvas.clientHeight * ratio));
    if (this.canvas.width !== width || this.canvas.height !== height) {
      this.canvas.width = width;
      this.canvas.height = height;
    }
    const context = this.canvas.getContext('2d');
    if (context === null) return;
    context.setTransform(ratio, 0, 0, ratio, 0, 0);
    const w = width / ratio;
    const h = height / ratio;
    context.clearRect(0, 0, w, h);
    const solid = series.filter((s) => s.dashed !== true);
    const logs = (s: PlotSeries): number[] => Array.from(s.values, (v) => Math.log10(Math.max(Math.abs(v), FLOOR)));
    const all = solid.flatMap(logs);
    if (all.length === 0) return;
    const top = Math.ceil(Math.max(...all));
    const bottom = Math.min(Math.floor(Math.min(...all)), top - 1);
    const count = Math.max(2, ...series.map((s) => s.values.length));
    const x = (i: number): number => PAD.left + ((w - PAD.left - PAD.right) * i) / (count - 1);
    const yFor = (lo: number, hi: number) => (v: number): number => PAD.top + ((h - PAD.top - PAD.bottom) * (hi - v)) / (hi - lo);
    context.font = '10px ui-monospace, monospace';
    context.fillStyle = '#8f98a6';
    context.fillText(`1e${top}`, 2, PAD.top + 8);
    context.fillText(`1e${bottom}`, 2, h - PAD.bottom);
    context.fillText(`${count - 1} it.`, w - 40, h - 2);
    for (const s of series) {
      const values = logs(s);
      const finite = values.filter(Number.isFinite);
      const y = s.dashed === true && finite.length > 0 ? yFor(Math.min(...finite) - 0.5, Math.max(...finite) + 0.5) : yFor(bottom, top);
      context.strokeStyle = s.color;
      context.fillStyle = s.color;
      context.lineWidth = 1.5;
      context.setLineDash(s.dashed === true ? [4, 3] : []);
      context.beginPath();
      values.forEach((v, i) => (i === 0 ? context.moveTo(x(i), y(v)) : context.lineTo(x(i), y(v))));
      context.stroke();
      if (marked >= 0 && marked < values.length) {
        context.beginPath();
        context.arc(x(marked), y(values[marked]), 3, 0, 2 * Math.PI);
        context.fill();
      }
    }
    context.setLineDash([]);
    if (marked >= 0) {
      context.strokeStyle = 'rgba(223, 227, 234, 0.4)';
      context.beginPath();
      context.moveTo(x(marked), PAD.top);
      context.lineTo(x(marked), h - PAD.bottom);
      context.stroke();
    }
  }
}
