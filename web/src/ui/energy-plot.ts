// The energy E = ½ Σ w |x − target|² after each iteration of the last solve,
// on a log scale (decades), as a small canvas 2D chart. The app redraws it
// only after a solve (at most once per frame, however many solves a drag
// frame ran); the values are copied into a buffer kept across draws, so that
// a resize (or opening a collapsed panel) can redraw them. It draws in
// whole device pixels: every coordinate passed to the canvas is an integer,
// which V8 passes as a small integer, where a fractional one would be boxed
// into a heap number per call until V8 has fully optimised draw().
import { NumberLabels } from './number-labels.js';
import { type PlotFigure, plotFigure } from './plot-figure.js';

const CSS_HEIGHT = 110;
const FONT_CSS_PX = 10;
// E below this is float noise (goal distances under ~10 nm).
const ENERGY_FLOOR = 1e-16;
const PAD_LEFT = 38;
const PAD_RIGHT = 6;
const PAD_TOP = 8;
const PAD_BOTTOM = 16;
const MAX_GRID_LINES = 5;
// Dots on the line while they are far enough apart to tell apart.
const MAX_DOTTED_POINTS = 40;

const LINE_COLOR = '#6cc4ff';
const GRID_COLOR = 'rgba(143, 152, 166, 0.25)';
const TEXT_COLOR = '#8f98a6';
const FONT_FAMILY = 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace';
// Axis labels, made once each: the plot is redrawn after every drag frame's solve.
const DECADE_LABELS = new NumberLabels((decade) => `1e${decade}`);
const ITERATION_LABELS = new NumberLabels((last) => `${last} it.`);

export class EnergyPlot {
  readonly element: HTMLElement;
  private readonly canvas: HTMLCanvasElement;
  private readonly context: CanvasRenderingContext2D;
  private readonly figure: PlotFigure;
  /** log10 E per entry of the last history. */
  private logEnergy = new Float64Array(64);
  private count = 0;
  // The canvas's CSS size and pixel ratio, measured on resize only: reading
  // layout in draw() would force a reflow after each HUD update.
  private cssWidth = 0;
  private cssHeight = 0;
  private pixelRatio = 1;
  // Set on resize, in device pixels (integers) for the ratio then.
  private font = '';
  private gridWidth = 1;
  private lineWidth = 2;
  private dotSize = 3;
  private message = 'No solve yet: drag a handle.';
  private iterations = 0;

  constructor(parent: HTMLElement) {
    this.figure = plotFigure(parent, {
      className: 'energy-plot',
      caption: 'Energy per iteration (log scale; a jump up is an escape from a limit trap)',
      label: 'Energy of the last solve per iteration, log scale',
      height_css: CSS_HEIGHT,
      onResize: () => this.resize(),
    });
    ({ element: this.element, canvas: this.canvas, context: this.context } = this.figure);
  }

  /**
   * Plots one solve's history: E before the first iteration, after each
   * (an escape from a limit trap shows as a jump up), and — when the solve
   * went back to the best pose it had seen — that pose's. `iterations` is
   * the solve's count, for the axis.
   */
  show(energy: ArrayLike<number>, iterations: number): void {
    this.iterations = iterations;
    if (energy.length > this.logEnergy.length) this.logEnergy = new Float64Array(2 * energy.length);
    for (let i = 0; i < energy.length; i++) this.logEnergy[i] = Math.log10(Math.max(energy[i], ENERGY_FLOOR));
    this.count = energy.length;
    this.draw();
  }

  /** Replaces the plot with a line of text (e.g. why there is no history). */
  showMessage(message: string): void {
    this.count = 0;
    this.message = message;
    this.draw();
  }

  dispose(): void {
    this.figure.dispose();
  }

  private resize(): void {
    this.cssWidth = this.canvas.clientWidth;
    this.cssHeight = this.canvas.clientHeight;
    if (this.cssWidth === 0 || this.cssHeight === 0) return; // collapsed: drawn when shown again
    this.pixelRatio = Math.min(window.devicePixelRatio || 1, 2);
    this.canvas.width = Math.round(this.cssWidth * this.pixelRatio);
    this.canvas.height = Math.round(this.cssHeight * this.pixelRatio);
    this.font = `${this.px(FONT_CSS_PX)}px ${FONT_FAMILY}`;
    this.gridWidth = Math.max(1, this.px(1));
    this.lineWidth = Math.max(1, this.px(1.5));
    this.dotSize = Math.max(2, this.px(3));
    this.draw();
  }

  /** CSS pixels to whole device pixels. */
  private px(css: number): number {
    return (css * this.pixelRatio + 0.5) | 0;
  }

  private draw(): void {
    const { context: g, canvas } = this;
    const width = canvas.width;
    const height = canvas.height;
    if (this.cssWidth === 0 || this.cssHeight === 0) return;
    g.clearRect(0, 0, width, height);
    g.font = this.font;
    g.fillStyle = TEXT_COLOR;
    if (this.count === 0) {
      g.textAlign = 'center';
      g.textBaseline = 'middle';
      g.fillText(this.message, width >> 1, height >> 1, width - this.px(8));
      return;
    }

    let low = Infinity;
    let high = -Infinity;
    for (let i = 0; i < this.count; i++) {
      low = Math.min(low, this.logEnergy[i]);
      high = Math.max(high, this.logEnergy[i]);
    }
    // Whole decades, at least one, so that the grid lines are powers of ten.
    const bottom = Math.floor(low) | 0;
    const top = Math.max(Math.ceil(high) | 0, bottom + 1);
    const left = this.px(PAD_LEFT);
    const plotTop = this.px(PAD_TOP);
    const plotWidth = width - left - this.px(PAD_RIGHT);
    const plotHeight = height - plotTop - this.px(PAD_BOTTOM);
    const yPerDecade = plotHeight / (top - bottom);
    const xPerIteration = plotWidth / Math.max(this.count - 1, 1);
    const labelGap = this.px(4);

    // Grid lines as filled rows of whole pixels: sharp at any ratio.
    const decadeStep = Math.ceil((top - bottom) / MAX_GRID_LINES) | 0;
    g.fillStyle = GRID_COLOR;
    for (let decade = top; decade >= bottom; decade -= decadeStep) {
      g.fillRect(left, (plotTop + (top - decade) * yPerDecade) | 0, plotWidth, this.gridWidth);
    }
    g.fillStyle = TEXT_COLOR;
    g.textAlign = 'right';
    g.textBaseline = 'middle';
    for (let decade = top; decade >= bottom; decade -= decadeStep) {
      g.fillText(DECADE_LABELS.get(decade), left - labelGap, (plotTop + (top - decade) * yPerDecade) | 0);
    }
    g.textAlign = 'left';
    g.textBaseline = 'bottom';
    g.fillText('0', left, height);
    g.textAlign = 'right';
    g.fillText(ITERATION_LABELS.get(this.iterations), left + plotWidth, height);

    g.strokeStyle = LINE_COLOR;
    g.fillStyle = LINE_COLOR;
    g.lineWidth = this.lineWidth;
    g.lineJoin = 'round';
    g.beginPath();
    for (let i = 0; i < this.count; i++) {
      const x = (left + i * xPerIteration + 0.5) | 0;
      const y = (plotTop + (top - this.logEnergy[i]) * yPerDecade + 0.5) | 0;
      if (i === 0) g.moveTo(x, y);
      else g.lineTo(x, y);
    }
    g.stroke();
    if (this.count <= MAX_DOTTED_POINTS) {
      const { dotSize } = this;
      const half = dotSize >> 1;
      for (let i = 0; i < this.count; i++) {
        const x = (left + i * xPerIteration + 0.5) | 0;
        const y = (plotTop + (top - this.logEnergy[i]) * yPerDecade + 0.5) | 0;
        g.fillRect(x - half, y - half, dotSize, dotSize);
      }
    }
  }
}
