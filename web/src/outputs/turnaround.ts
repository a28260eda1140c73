// A turnaround sheet: the render camera's picture taken from 4 or 8 places
// around a character, side by side in one image, as reference sheets are
// drawn (front, side, back, side). Each view turns the camera's place and
// aim about the vertical line through the character by an equal step, so
// the character keeps its size and height in every cell; the first view is
// the render camera's own.

export type TurnaroundCount = 4 | 8;

export interface CameraPlace {
  position: [number, number, number];
  target: [number, number, number];
}

/** The places of a `count`-view turnaround about the vertical line through (centerX, centerZ), world space. */
export function turnaroundPlaces(from: { position: readonly number[]; target: readonly number[] }, centerX: number, centerZ: number, count: TurnaroundCount): CameraPlace[] {
  if (count !== 4 && count !== 8) throw new Error(`turnaround: 4 or 8 views (got ${String(count)})`);
  const turn = (p: readonly number[], angle: number): [number, number, number] => {
    const c = Math.cos(angle);
    const s = Math.sin(angle);
    const x = p[0] - centerX;
    const z = p[2] - centerZ;
    // Counter-clockwise seen from above (+Y), as a character's heading turns.
    return [centerX + c * x + s * z, p[1], centerZ - s * x + c * z];
  };
  return Array.from({ length: count }, (_, i) => {
    if (i === 0) return { position: [from.position[0], from.position[1], from.position[2]], target: [from.target[0], from.target[1], from.target[2]] };
    const angle = (2 * Math.PI * i) / count;
    return { position: turn(from.position, angle), target: turn(from.target, angle) };
  });
}

/** Columns × rows of a sheet: 4 views in a row, 8 in two rows of four. */
export function sheetGrid(count: TurnaroundCount): { columns: number; rows: number } {
  return { columns: 4, rows: count / 4 };
}

export interface RgbaImage {
  width: number;
  height: number;
  data: Uint8ClampedArray<ArrayBuffer>;
}

/** The cells (all one size), row by row, as one image. */
export function composeSheet(cells: readonly RgbaImage[], columns: number): RgbaImage {
  if (cells.length === 0) throw new Error('turnaround: a sheet needs at least one view');
  const { width, height } = cells[0];
  for (const cell of cells) if (cell.width !== width || cell.height !== height) throw new Error(`turnaround: every view must be ${width} × ${height} (one is ${cell.width} × ${cell.height})`);
  const rows = Math.ceil(cells.length / columns);
  const sheetWidth = width * columns;
  const data = new Uint8ClampedArray(sheetWidth * height * rows * 4);
  cells.forEach((cell, i) => {
    const x0 = (i % columns) * width;
    const y0 = Math.floor(i / columns) * height;
    for (let y = 0; y < height; y++) data.set(cell.data.subarray(y * width * 4, (y + 1) * width * 4), ((y0 + y) * sheetWidth + x0) * 4);
  });
  return { width: sheetWidth, height: height * rows, data };
}
