// three.js's GLTFExporter reads the GLB it assembles through the browser's
// FileReader, which Node does not have: the one method it calls, over
// Blob.arrayBuffer(). Import this before exporting in a Node test.
class BlobReader {
  result: ArrayBuffer | null = null;
  onloadend: (() => void) | null = null;

  readAsArrayBuffer(blob: Blob): void {
    void blob.arrayBuffer().then((buffer) => {
      this.result = buffer;
      this.onloadend?.();
    });
  }
}

globalThis.FileReader ??= BlobReader as unknown as typeof FileReader;
