// Snapshots of the 3D view as PNG. The renderer does not preserve its drawing
// buffer (that would cost a copy every frame), and the browser may clear it
// once the frame is on screen, so a snapshot draws a frame and reads the
// canvas in the same task: toBlob copies the bitmap before it returns and
// only encodes later. What the snapshot shows is what the view shows (the
// background outside the canvas is the page's, so it stays transparent).

/** Draws a frame with `draw` and encodes the canvas as PNG. */
export function snapshotPng(canvas: HTMLCanvasElement, draw: () => void): Promise<Blob> {
  draw();
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('Snapshot: the browser could not encode the view as PNG'))), 'image/png');
  });
}

/** The blob as a data: URL. */
export function blobDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.onerror = () => reject(reader.error ?? new Error('Snapshot: could not read the PNG'));
    reader.readAsDataURL(blob);
  });
}
