// Reading screenshots and snapshots: is the character drawn (against the
// page's background, or against transparency)? How many pixels changed
// between two shots?
import { PNG } from 'pngjs';

function colourDistance(png: PNG, a: number, b: number): number {
  const d = png.data;
  return Math.abs(d[a] - d[b]) + Math.abs(d[a + 1] - d[b + 1]) + Math.abs(d[a + 2] - d[b + 2]);
}

/** Share of pixels that differ clearly from the colour of the top-left corner. */
export function foregroundShare(png: PNG): number {
  let differing = 0;
  for (let i = 0; i < png.data.length; i += 4) if (colourDistance(png, i, 0) > 30) differing++;
  return differing / (png.width * png.height);
}

/** Whether the middle of the image (where the framed body is) differs clearly from the top-left corner. */
export function centreDiffersFromCorner(png: PNG): boolean {
  const centre = ((png.height >> 1) * png.width + (png.width >> 1)) * 4;
  return colourDistance(png, centre, 0) > 30;
}

/** A screenshot of a page showing the character drawn over the background: both checks above. */
export function showsCharacter(screenshot: Buffer): boolean {
  const png = PNG.sync.read(screenshot);
  return foregroundShare(png) > 0.03 && centreDiffersFromCorner(png);
}

/**
 * Pixels whose colour differs clearly (by more than 30 over R + G + B)
 * between two screenshots of the same size: a redraw of the same scene
 * varies by a few levels in places, a drawn object by far more.
 */
export function changedPixels(a: Buffer, b: Buffer): number {
  const [pa, pb] = [PNG.sync.read(a), PNG.sync.read(b)];
  if (pa.width !== pb.width || pa.height !== pb.height) throw new Error(`changedPixels: ${pa.width}×${pa.height} against ${pb.width}×${pb.height}`);
  let changed = 0;
  for (let i = 0; i < pa.data.length; i += 4) {
    if (Math.abs(pa.data[i] - pb.data[i]) + Math.abs(pa.data[i + 1] - pb.data[i + 1]) + Math.abs(pa.data[i + 2] - pb.data[i + 2]) > 30) changed++;
  }
  return changed;
}
