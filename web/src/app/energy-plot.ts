// The energy E = ½ Σ w |x − target|² after each iteration of the last solve,
// on a log scale (decades), as a small canvas 2D chart. The app redraws it
// only after a solve (at most once per frame, however many solves a drag
// frame ran); the values are copied into a buffer kept across draws, so that
// a resize (or opening a collapsed panel) can redraw them.
import { NumberLabels } from './number-labels.js';

const CSS_HEIGHT = 110;
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
const FONT = '10px ui-monospace, SFMono-Regular, Menlo, Consolas, monospace';
// Axis labels, made once each: the plot is redrawn after every drag frame's solve.
const DECADE_LABELS = new NumberLabels((decade) => `1e${decade}`);
const ITERATION_LABELS = new NumberLabels((last) => `${last} it.`);

export class EnergyPlot {
  readonly element = document.createElement('figure');
  private readonly canvas = document.createElement('canvas');
  private readonly context: CanvasRenderingContext2D;
  private readonly resizeObserver: ResizeObserver;
  /** log10 E per entry of the last history. */
  private logEnergy = new Float64Array(64);
  private count = 0;
  // The canvas's CSS size and pixel ratio, measured on resize only: reading
  // layout in draw() would force a reflow after each HUD update.
  private cssWidth = 0;
  private cssHeight = 0;
  private pixelRatio = 1;
  private message = 'No solve yet: drag a handle.';

  constructor(parent: HTMLElement) {
    this.element.className = 'energy-plot';
    const caption = document.createElement('figcaption');
    caption.textContent = 'Energy per iteration (log scale)';
    this.canvas.style.height = `${CSS_HEIGHT}px`;
    this.canvas.setAttribute('role', 'img');
    this.canvas.setAttribute('aria-label', 'Energy of the last solve per iteration, log scale');
    this.element.append(caption, this.canvas);
    parent.append(this.element);
    const context = this.canvas.getContext('2d');
    if (!context) throw new Error('EnergyPlot: no canvas 2D context');
    this.context = context;
    this.resizeObserver = new ResizeObserver(() => this.resize());
    this.resizeObserver.observe(this.canvas);
  }

  /** Plots one solve's history (E before the first iteration, then after each). */
  show(energy: ArrayLike<number>): void {
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
    this.resizeObserver.disconnect();
  }

  private resize(): void {
    this.cssWidth = this.canvas.clientWidth;
    this.cssHeight = this.canvas.clientHeight;
    if (this.cssWidth === 0 || this.cssHeight === 0) return; // collapsed: drawn when shown again
    this.pixelRatio = Math.min(window.devicePixelRatio || 1, 2);
    this.canvas.width = Math.round(this.cssWidth * this.pixelRatio);
    this.canvas.height = Math.round(this.cssHeight * this.pixelRatio);
    this.draw();
  }

  private draw(): void {
    const { context: g, cssWidth: width, cssHeight: height } = this;
    if (width === 0 || height === 0) return;
    g.setTransform(this.pixelRatio, 0, 0, this.pixelRatio, 0, 0);
    g.clearRect(0, 0, width, height);
    g.font = FONT;
    g.fillStyle = TEXT_COLOR;
    if (this.count === 0) {
      g.textAlign = 'center';
      g.textBaseline = 'middle';
      g.fillText(this.message, width / 2, height / 2, width - 8);
      return;
    }

    let low = Infinity;
    let high = -Infinity;
    for (let i = 0; i < this.count; i++) {
      low = Math.min(low, this.logEnergy[i]);
      high = Math.max(high, this.logEnergy[i]);
    }
    // Whole decades, at least one, so that the grid lines are powers of ten.
    const bottom = Math.floor(low);
    const top = Math.max(Math.ceil(high), bottom + 1);
    const plotWidth = width - PAD_LEFT - PAD_RIGHT;
    const plotHeight = height - PAD_TOP - PAD_BOTTOM;
    const yPerDecade = plotHeight / (top - bottom);
    const xPerIteration = plotWidth / Math.max(this.count - 1, 1);

    const decadeStep = Math.ceil((top - bottom) / MAX_GRID_LINES);
    g.strokeStyle = GRID_COLOR;
    g.lineWidth = 1;
    g.textAlign = 'right';
    g.textBaseline = 'middle';
    g.beginPath();
    for (let decade = top; decade >= bottom; decade -= decadeStep) {
      const y = Math.round(PAD_TOP + (top - decade) * yPerDecade) + 0.5;
      g.moveTo(PAD_LEFT, y);
      g.lineTo(PAD_LEFT + plotWidth, y);
      g.fillText(DECADE_LABELS.get(decade), PAD_LEFT - 4, y);
    }
    g.stroke();
    g.textAlign = 'left';
    g.textBaseline = 'bottom';
    g.fillText('0', PAD_LEFT, height);
    g.textAlign = 'right';
    g.fillText(ITERATION_LABELS.get(this.count - 1), PAD_LEFT + plotWidth, height);

    g.strokeStyle = LINE_COLOR;
    g.fillStyle = LINE_COLOR;
    g.lineWidth = 1.5;
    g.lineJoin = 'round';
    g.beginPath();
    for (let i = 0; i < this.count; i++) {
      const x = PAD_LEFT + i * xPerIteration;
      const y = PAD_TOP + (top - this.logEnergy[i]) * yPerDecade;
      if (i === 0) g.moveTo(x, y);
      else g.lineTo(x, y);
    }
    g.stroke();
    if (this.count <= MAX_DOTTED_POINTS) {
      for (let i = 0; i < this.count; i++) {
        g.fillRect(PAD_LEFT + i * xPerIteration - 1.5, PAD_TOP + (top - this.logEnergy[i]) * yPerDecade - 1.5, 3, 3);
      }
    }
  }
}
