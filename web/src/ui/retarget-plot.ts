// A retarget's error per frame, as a small canvas 2D chart of two strips
// over the clip's time: on top the mean angle error of the mapped bones
// (degrees), below the worst limb's effector error (% of its length). Each
// strip is scaled to its own largest value (at least 1° or 1 %), written at
// its top left. Drawn
// when a result is shown and when the canvas changes size, never per frame.
import type { RetargetReport } from '../rig/retarget.js';
import { type PlotFigure, plotFigure } from './plot-figure.js';

const CSS_HEIGHT = 120;
const FONT_CSS_PX = 10;
const PAD = 6;
const STRIP_GAP = 8;
const COLORS = ['#6cc4ff', '#f0a35a'];
const GRID_COLOR = 'rgba(143, 152, 166, 0.25)';
const TEXT_COLOR = '#8f98a6';
const FONT_FAMILY = 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace';
/** The least full scale of each strip (1° and 1 %): errors far below it draw flat rather than as magnified noise. */
const MIN_SCALE = 1;

/** Per frame: the mean angle error of the bones that have one (degrees), and the largest limb error (%). */
export function frameSeries(report: RetargetReport): { angle_deg: Float64Array; limb_pct: Float64Array } {
  const { frames } = report;
  const bones = frames > 0 ? report.boneAngleError_rad.length / frames : 0;
  const limbs = report.limbNames.length;
  const angle_deg = new Float64Array(frames);
  const limb_pct = new Float64Array(frames);
  for (let f = 0; f < frames; f++) {
    let sum = 0;
    let count = 0;
    for (let b = 0; b < bones; b++) {
      const a = report.boneAngleError_rad[f * bones + b];
      // NaN: an unmapped bone, which has no expected direction.
      if (Number.isNaN(a)) continue;
      sum += a;
      count++;
    }
    angle_deg[f] = count > 0 ? (sum / count) * (180 / Math.PI) : 0;
    let worst = 0;
    for (let l = 0; l < limbs; l++) {
      const e = report.limbError[f * limbs + l];
      if (!Number.isNaN(e)) worst = Math.max(worst, e);
    }
    limb_pct[f] = 100 * worst;
  }
  return { angle_deg, limb_pct };
}

export class RetargetPlot {
  readonly element: HTMLElement;
  private readonly canvas: HTMLCanvasElement;
  private readonly context: CanvasRenderingContext2D;
  private readonly figure: PlotFigure;
  private series: Float64Array[] = [];
  private duration = 0;

  constructor(parent: HTMLElement) {
    this.figure = plotFigure(parent, {
      className: 'retarget-plot',
      caption: 'Error per frame: mean bone angle (°, blue) and worst limb reach (% of limb length, orange)',
      label: 'Retarget error per frame',
      height_css: CSS_HEIGHT,
      onResize: () => this.draw(),
    });
    ({ element: this.element, canvas: this.canvas, context: this.context } = this.figure);
  }

  show(report: RetargetReport): void {
    const { angle_deg, limb_pct } = frameSeries(report);
    this.series = [angle_deg, limb_pct];
    this.duration = report.frames > 0 ? report.times[report.frames - 1] : 0;
    this.draw();
  }

  dispose(): void {
    this.figure.dispose();
  }

  private draw(): void {
    const width_css = this.canvas.clientWidth;
    const height_css = this.canvas.clientHeight;
    // Hidden (the dialog closed or the report not shown yet): drawn when it shows.
    if (width_css === 0 || height_css === 0) return;
    const ratio = Math.min(window.devicePixelRatio || 1, 2);
    const px = (css: number): number => Math.round(css * ratio);
    this.canvas.width = px(width_css);
    this.canvas.height = px(height_css);
    const g = this.context;
    const { width, height } = this.canvas;
    g.clearRect(0, 0, width, height);
    g.font = `${px(FONT_CSS_PX)}px ${FONT_FAMILY}`;
    const stripHeight = (height - 2 * px(PAD) - px(STRIP_GAP)) / 2;
    const units = ['°', '%'];
    this.series.forEach((values, s) => {
      const top = px(PAD) + s * (stripHeight + px(STRIP_GAP));
      const highest = Math.max(...values, 0);
      const scale = Math.max(highest, MIN_SCALE);
      g.fillStyle = GRID_COLOR;
      g.fillRect(px(PAD), Math.round(top + stripHeight), width - 2 * px(PAD), Math.max(1, px(1)));
      g.fillStyle = TEXT_COLOR;
      g.textAlign = 'left';
      g.textBaseline = 'top';
      g.fillText(`max ${highest.toFixed(1)}${units[s]}`, px(PAD), top);
      // The line keeps below its label.
      const lineTop = top + px(FONT_CSS_PX + 3);
      const lineHeight = top + stripHeight - lineTop;
      g.strokeStyle = COLORS[s];
      g.lineWidth = Math.max(1, px(1.5));
      g.beginPath();
      const last = Math.max(values.length - 1, 1);
      values.forEach((v, f) => {
        const x = px(PAD) + ((width - 2 * px(PAD)) * f) / last;
        const y = lineTop + lineHeight * (1 - v / scale);
        if (f === 0) g.moveTo(x, y);
        else g.lineTo(x, y);
      });
      g.stroke();
    });
    // The clip's length at the top right, clear of both lines' zero.
    g.fillStyle = TEXT_COLOR;
    g.textAlign = 'right';
    g.textBaseline = 'top';
    g.fillText(`0 – ${this.duration.toFixed(2)} s`, width - px(PAD), px(PAD));
  }
}
