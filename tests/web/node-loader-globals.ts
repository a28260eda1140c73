// What three.js's loaders take from a browser, for Node. Importing this
// module installs ProgressEvent, which three.js's FileLoader (GLTFLoader's
// loader of data: and blob: URIs) reports progress with; stubImageBitmaps()
// stands in for createImageBitmap, so that GLTFLoader fetches images through
// its ImageBitmapLoader as in Chromium, and keeps the bytes it was handed
// (GLTFLoader's images also reach URL through the browser's `self`).

globalThis.ProgressEvent ??= class extends Event {
  readonly lengthComputable: boolean;
  readonly loaded: number;
  readonly total: number;
  constructor(type: string, init: ProgressEventInit = {}) {
    super(type);
    this.lengthComputable = init.lengthComputable ?? false;
    this.loaded = init.loaded ?? 0;
    this.total = init.total ?? 0;
  }
} as unknown as typeof ProgressEvent;

/** What the stub "decodes" an image into: the bytes fetched, undecoded. */
export interface StubBitmap {
  width: number;
  height: number;
  bytes: Uint8Array;
  close(): void;
}

/** Installs a createImageBitmap that resolves to a StubBitmap of the blob's bytes. */
export function stubImageBitmaps(): void {
  (globalThis as { self?: typeof globalThis }).self ??= globalThis;
  globalThis.createImageBitmap = (async (blob: Blob): Promise<StubBitmap> => ({
    width: 1,
    height: 1,
    bytes: new Uint8Array(await blob.arrayBuffer()),
    close: () => {},
  })) as unknown as typeof createImageBitmap;
}
