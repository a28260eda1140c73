// Canny's edge detector (J. Canny, "A Computational Approach to Edge
// Detection", 1986), DOM-free, for the edges pass: grey image in, one byte per
// pixel out (255 on an edge, 0 elsewhere). The steps: a Gaussian blur (σ
// 1.4, the textbook's), Sobel's 3 × 3 derivatives, the gradient's size as
// |gx| + |gy| (OpenCV's cv2.Canny without L2gradient, which ControlNet's
// canny annotator calls: annotator/canny/__init__.py), non-maximum
// suppression along the gradient quantised to four directions (ties kept on
// one side only, as OpenCV's canny.cpp does, so that a step between two
// pixels gives a line one pixel wide), and hysteresis: a pixel above `high`
// is an edge, one above `low` is if it touches an edge (8-neighbours).
// ControlNet's annotator uses thresholds 100 and 200 on 0–255 grey by default
// (gradio_canny.py's sliders); it blurs nothing first, which on a render's
// hard silhouettes changes little and keeps shading noise out here.
// Borders are replicated (the image's edge is no step).

export interface CannyOptions {
  /** Hysteresis thresholds on the gradient's size (|gx| + |gy| of 0–255 grey). */
  low: number;
  high: number;
  /** The Gaussian blur's σ in pixels; 0 blurs nothing. */
  sigma: number;
}

export const CANNY_DEFAULTS: Readonly<CannyOptions> = { low: 100, high: 200, sigma: 1.4 };

/** tan 22.5° and tan 67.5°: the bounds of the four directions. */
const TAN_22 = Math.tan(Math.PI / 8);
const TAN_67 = Math.tan((3 * Math.PI) / 8);

function gaussianKernel(sigma: number): Float32Array {
  const radius = Math.max(1, Math.ceil(3 * sigma));
  const kernel = new Float32Array(2 * radius + 1);
  let sum = 0;
  for (let k = -radius; k <= radius; k++) sum += kernel[k + radius] = Math.exp(-(k * k) / (2 * sigma * sigma));
  for (let k = 0; k < kernel.length; k++) kernel[k] /= sum;
  return kernel;
}

/** `image` blurred by a separable Gaussian, borders replicated. */
function blur(image: ArrayLike<number>, width: number, height: number, sigma: number): Float32Array {
  const out = Float32Array.from(image);
  if (sigma <= 0) return out;
  const kernel = gaussianKernel(sigma);
  const radius = (kernel.length - 1) / 2;
  const rows = new Float32Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let sum = 0;
      for (let k = -radius; k <= radius; k++) sum += kernel[k + radius] * out[y * width + Math.min(width - 1, Math.max(0, x + k))];
      rows[y * width + x] = sum;
    }
  }
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let sum = 0;
      for (let k = -radius; k <= radius; k++) sum += kernel[k + radius] * rows[Math.min(height - 1, Math.max(0, y + k)) * width + x];
      out[y * width + x] = sum;
    }
  }
  return out;
}

/** Edges of the grey `image` (0–255, `width` × `height`, rows top first): 255 on an edge, else 0. */
export function cannyEdges(image: ArrayLike<number>, width: number, height: number, options: Partial<CannyOptions> = {}): Uint8Array {
  const { low, high, sigma } = { ...CANNY_DEFAULTS, ...options };
  if (!(Number.isInteger(width) && Number.isInteger(height) && width > 0 && height > 0 && image.length === width * height)) {
    throw new Error(`canny: a ${width} × ${height} image has ${width * height} pixels, not ${image.length}`);
  }
  if (!(low >= 0 && high >= low)) throw new Error(`canny: thresholds ${low} and ${high} must have 0 ≤ low ≤ high`);
  const smooth = blur(image, width, height, sigma);
  const at = (x: number, y: number): number => smooth[Math.min(height - 1, Math.max(0, y)) * width + Math.min(width - 1, Math.max(0, x))];
  const gx = new Float32Array(width * height);
  const gy = new Float32Array(width * height);
  const size = new Float32Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      gx[i] = at(x + 1, y - 1) + 2 * at(x + 1, y) + at(x + 1, y + 1) - at(x - 1, y - 1) - 2 * at(x - 1, y) - at(x - 1, y + 1);
      gy[i] = at(x - 1, y + 1) + 2 * at(x, y + 1) + at(x + 1, y + 1) - at(x - 1, y - 1) - 2 * at(x, y - 1) - at(x + 1, y - 1);
      size[i] = Math.abs(gx[i]) + Math.abs(gy[i]);
    }
  }
  const sizeAt = (x: number, y: number): number => (x < 0 || y < 0 || x >= width || y >= height ? 0 : size[y * width + x]);
  // 2: above `high` (an edge), 1: above `low` (an edge if it touches one), 0: neither or not a local maximum.
  const kind = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const m = size[i];
      if (m <= low) continue;
      const ax = Math.abs(gx[i]);
      const ay = Math.abs(gy[i]);
      let maximum: boolean;
      if (ay < ax * TAN_22) maximum = m > sizeAt(x - 1, y) && m >= sizeAt(x + 1, y);
      else if (ay > ax * TAN_67) maximum = m > sizeAt(x, y - 1) && m >= sizeAt(x, y + 1);
      else {
        // Along the diagonal the gradient points: down-right when gx and gy agree in sign (rows go down).
        const s = gx[i] * gy[i] < 0 ? -1 : 1;
        maximum = m > sizeAt(x - s, y - 1) && m > sizeAt(x + s, y + 1);
      }
      if (maximum) kind[i] = m > high ? 2 : 1;
    }
  }
  const edges = new Uint8Array(width * height);
  const stack: number[] = [];
  for (let i = 0; i < kind.length; i++) {
    if (kind[i] !== 2 || edges[i] !== 0) continue;
    edges[i] = 255;
    stack.push(i);
    while (stack.length > 0) {
      const j = stack.pop() as number;
      const x = j % width;
      const y = (j - x) / width;
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const nx = x + dx;
          const ny = y + dy;
          if (nx < 0 || ny < 0 || nx >= width || ny >= height) continue;
          const n = ny * width + nx;
          if (kind[n] === 0 || edges[n] !== 0) continue;
          edges[n] = 255;
          stack.push(n);
        }
      }
    }
  }
  return edges;
}
