// The frame every canvas chart of the page sits in: a <figure> with its
// caption over a canvas of fixed CSS height, described for screen readers,
// redrawn by the chart when the canvas changes size.

export interface PlotFigureSpec {
  className: string;
  caption: string;
  /** What the picture shows, for screen readers. */
  label: string;
  height_css: number;
  /** Called when the canvas's size changes. */
  onResize: () => void;
}

export interface PlotFigure {
  element: HTMLElement;
  canvas: HTMLCanvasElement;
  context: CanvasRenderingContext2D;
  /** Stops watching the canvas's size. */
  dispose(): void;
}

/** Appends the figure to `parent`; throws when the browser gives no 2D context. */
export function plotFigure(parent: HTMLElement, spec: PlotFigureSpec): PlotFigure {
  const element = document.createElement('figure');
  element.className = spec.className;
  const caption = document.createElement('figcaption');
  caption.textContent = spec.caption;
  const canvas = document.createElement('canvas');
  canvas.style.height = `${spec.height_css}px`;
  canvas.setAttribute('role', 'img');
  canvas.setAttribute('aria-label', spec.label);
  element.append(caption, canvas);
  parent.append(element);
  const context = canvas.getContext('2d');
  if (!context) throw new Error(`${spec.className}: no canvas 2D context`);
  const resizeObserver = new ResizeObserver(spec.onResize);
  resizeObserver.observe(canvas);
  return { element, canvas, context, dispose: () => resizeObserver.disconnect() };
}
