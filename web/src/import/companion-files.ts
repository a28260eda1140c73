// A glTF file handed over with the files it refers to (picked or dropped
// together: a .gltf with its .bin and textures): its relative URIs resolve
// to those files by name, through blob: URLs made while GLTFLoader parses it
// and revoked after. Nothing else is ever fetched: the check before parsing
// (gltf-json-check.ts) asks allowUri about every external URI, which refuses
// one naming no file handed over — saying which file is missing and what
// refers to it — and resolveUrl refuses to hand GLTFLoader anything else.
// A browser's drop or file picker gives names without folders, so a URI
// matches by its last path segment ("textures/skin.png" → "skin.png").
import type { UriPolicy } from './gltf-json-check.js';
import type { GltfParseOptions } from './gltf-model.js';

/** A URI with a scheme (https:, file:, …) or a host ('//host/…'): not a file beside the main one. */
function isAbsolute(uri: string): boolean {
  return /^([a-z][a-z0-9+.-]*:|\/\/)/i.test(uri);
}

/** The file name a relative URI names: its last path segment, percent-decoded, in NFC. */
export function companionName(uri: string): string {
  const segment = uri.replace(/[?#].*$/s, '').split('/').pop() ?? '';
  let name = segment;
  try {
    name = decodeURIComponent(segment);
  } catch {
    // A stray '%': the segment names the file as it stands.
  }
  return name.normalize('NFC');
}

export class CompanionFiles implements GltfParseOptions {
  readonly resourcePath = '';
  private readonly files: ReadonlyMap<string, ArrayBuffer>;
  /** Companion name → the blob: URL made for it. */
  private readonly urls = new Map<string, string>();
  private readonly kind: string;

  /** `files`: the other files by the names they came with. */
  constructor(private readonly mainName: string, files: ReadonlyMap<string, ArrayBuffer>) {
    this.files = new Map(Array.from(files, ([name, bytes]) => [name.normalize('NFC'), bytes]));
    const extension = /\.(gltf|glb)$/i.exec(mainName);
    this.kind = extension ? `.${extension[1].toLowerCase()}` : 'glTF file';
  }

  /** Null for a URI naming a file handed over; else why not (`what` names the element: "buffer 0"). */
  readonly allowUri: UriPolicy = (uri, what) => {
    if (isAbsolute(uri)) return `'${this.mainName}' refers to '${uri}' (${what}), outside the files handed over with it; the page fetches nothing else`;
    const name = companionName(uri);
    if (this.files.has(name)) return null;
    return `'${this.mainName}' needs '${name}' (${what}): drop it together with the ${this.kind}`;
  };

  /**
   * The blob: URL of the companion a URL GLTFLoader is about to fetch names
   * (GLTFLoader passes a relative URI through as it is, in NFC); data: and
   * blob: URLs (embedded data, GLTFLoader's own blobs of GLB images) pass.
   */
  readonly resolveUrl = (url: string): string => {
    if (/^(data|blob):/i.test(url)) return url;
    const name = companionName(url);
    const bytes = this.files.get(name);
    if (bytes === undefined || isAbsolute(url)) throw new Error(`'${this.mainName}': '${url}' is not among the files handed over with it`);
    let blobUrl = this.urls.get(name);
    if (blobUrl === undefined) {
      blobUrl = URL.createObjectURL(new Blob([bytes]));
      this.urls.set(name, blobUrl);
    }
    return blobUrl;
  };

  /** Frees the blob: URLs; call once the parse has ended, however it ended. */
  revoke(): void {
    for (const url of this.urls.values()) URL.revokeObjectURL(url);
    this.urls.clear();
  }
}
