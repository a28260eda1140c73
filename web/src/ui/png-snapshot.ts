// A PNG (a picture the render camera took, app/page-camera.ts) as a data:
// URL, for window.kin.

/** The blob as a data: URL. */
export function blobDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.onerror = () => reject(reader.error ?? new Error('Snapshot: could not read the PNG'));
    reader.readAsDataURL(blob);
  });
}
