// A tiny glTF 2.0 writer for tests: nodes, meshes, skins and materials go
// into a JSON document, typed arrays into one binary buffer (a bufferView +
// accessor each), images (PNG bytes) beside them, and the result comes out as
// GLB bytes (images in the BIN chunk), as glTF JSON text with the buffer and
// images in base64 data URIs, or as separate files: a .gltf naming its .bin
// and its images by relative URIs. It writes what the tests say, broken or
// not: the JSON stays editable (`json`) until the bytes are made.

type ComponentArray = Float32Array | Uint16Array | Uint8Array;
export type AccessorType = 'SCALAR' | 'VEC2' | 'VEC3' | 'VEC4' | 'MAT4';

const COMPONENT_TYPE = new Map<Function, number>([
  [Float32Array, 5126],
  [Uint16Array, 5123],
  [Uint8Array, 5121],
]);
const TYPE_SIZE: Record<AccessorType, number> = { SCALAR: 1, VEC2: 2, VEC3: 3, VEC4: 4, MAT4: 16 };

/** A file of a glTF written as separate files. */
export interface NamedBytes {
  name: string;
  bytes: ArrayBuffer;
}

function padded(bytes: Uint8Array): Uint8Array {
  const out = new Uint8Array(Math.ceil(bytes.length / 4) * 4);
  out.set(bytes);
  return out;
}

function concatenated(chunks: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0));
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.length;
  }
  return out;
}

/* eslint-disable @typescript-eslint/no-explicit-any -- the document is whatever a test makes of it */
export class GltfBuilder {
  readonly json: any = {
    asset: { version: '2.0', generator: 'kin-pose tests' },
    scene: 0,
    scenes: [{ nodes: [] }],
    nodes: [],
    meshes: [],
    skins: [],
    accessors: [],
    bufferViews: [],
    buffers: [],
  };
  private readonly chunks: Uint8Array[] = [];
  private byteLength = 0;
  /** PNG files by image index; where their bytes go depends on the output. */
  private readonly images: NamedBytes[] = [];

  /** Adds a node; `root` also lists it in the scene. Returns its index. */
  node(def: Record<string, unknown>, root = false): number {
    this.json.nodes.push(def);
    const index = this.json.nodes.length - 1;
    if (root) this.json.scenes[0].nodes.push(index);
    return index;
  }

  /** Makes `child` a child of `parent`. */
  attach(parent: number, child: number): void {
    (this.json.nodes[parent].children ??= []).push(child);
  }

  /** Adds the data as a bufferView and an accessor; returns the accessor's index. */
  accessor(data: ComponentArray, type: AccessorType, options: { normalized?: boolean } = {}): number {
    const size = TYPE_SIZE[type];
    if (data.length % size !== 0) throw new Error(`gltf-builder: ${data.length} numbers is not a whole number of ${type}`);
    const bytes = new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
    const chunk = padded(bytes);
    this.json.bufferViews.push({ buffer: 0, byteOffset: this.byteLength, byteLength: bytes.length });
    this.chunks.push(chunk);
    this.byteLength += chunk.length;
    const accessor: Record<string, unknown> = {
      bufferView: this.json.bufferViews.length - 1,
      componentType: COMPONENT_TYPE.get(data.constructor),
      count: data.length / size,
      type,
    };
    if (options.normalized) accessor.normalized = true;
    if (type === 'VEC3') {
      // glTF requires bounds on POSITION; harmless elsewhere.
      accessor.min = [0, 1, 2].map((k) => Math.min(...Array.from(data).filter((_, i) => i % 3 === k)));
      accessor.max = [0, 1, 2].map((k) => Math.max(...Array.from(data).filter((_, i) => i % 3 === k)));
    }
    this.json.accessors.push(accessor);
    return this.json.accessors.length - 1;
  }

  /** Adds a mesh of one or more primitives (attribute name → accessor); returns its index. */
  mesh(name: string, primitives: { attributes: Record<string, number>; indices?: number; material?: number }[]): number {
    this.json.meshes.push({ name, primitives });
    return this.json.meshes.length - 1;
  }

  /** Adds a skin; returns its index. */
  skin(def: { name?: string; joints: number[]; inverseBindMatrices?: number; skeleton?: number }): number {
    this.json.skins.push(def);
    return this.json.skins.length - 1;
  }

  /** Adds a PNG image, written as `name` when the output has separate files; returns its index. */
  image(name: string, png: Uint8Array): number {
    this.images.push({ name, bytes: new Uint8Array(png).buffer });
    (this.json.images ??= []).push({ name });
    return this.images.length - 1;
  }

  /** Adds a texture of an image (default sampler: linear, mipmapped, repeating); returns its index. */
  texture(image: number): number {
    (this.json.textures ??= []).push({ source: image });
    return this.json.textures.length - 1;
  }

  /** Adds a material; returns its index. */
  material(def: Record<string, unknown>): number {
    (this.json.materials ??= []).push(def);
    return this.json.materials.length - 1;
  }

  /** The binary buffer as it stands (without images). */
  binary(): Uint8Array {
    return concatenated(this.chunks);
  }

  /** The JSON and BIN chunk of a GLB: the images' bytes follow the accessors' in the BIN chunk. */
  private withImagesInBinary(): { json: any; binary: Uint8Array } {
    const json = structuredClone(this.json);
    const chunks = [...this.chunks];
    let byteLength = this.byteLength;
    this.images.forEach(({ bytes }, i) => {
      json.bufferViews.push({ buffer: 0, byteOffset: byteLength, byteLength: bytes.byteLength });
      json.images[i] = { ...json.images[i], bufferView: json.bufferViews.length - 1, mimeType: 'image/png' };
      const chunk = padded(new Uint8Array(bytes));
      chunks.push(chunk);
      byteLength += chunk.length;
    });
    json.buffers = [{ byteLength }];
    return { json, binary: concatenated(chunks) };
  }

  /** A GLB file: header, JSON chunk, BIN chunk. */
  glb(): ArrayBuffer {
    const { json, binary } = this.withImagesInBinary();
    const text = new TextEncoder().encode(JSON.stringify(json));
    const jsonLength = Math.ceil(text.length / 4) * 4;
    const total = 12 + 8 + jsonLength + 8 + binary.length;
    const out = new Uint8Array(total);
    const view = new DataView(out.buffer);
    view.setUint32(0, 0x46546c67, true);
    view.setUint32(4, 2, true);
    view.setUint32(8, total, true);
    view.setUint32(12, jsonLength, true);
    view.setUint32(16, 0x4e4f534a, true);
    out.fill(0x20, 20, 20 + jsonLength); // JSON pads with spaces
    out.set(text, 20);
    view.setUint32(20 + jsonLength, binary.length, true);
    view.setUint32(24 + jsonLength, 0x004e4942, true);
    out.set(binary, 28 + jsonLength);
    return out.buffer;
  }

  /** glTF JSON text (as bytes) with the buffer and the images embedded as base64 data URIs. */
  embeddedText(): string {
    const json = structuredClone(this.json);
    json.buffers = [{ byteLength: this.byteLength, uri: `data:application/octet-stream;base64,${Buffer.from(this.binary()).toString('base64')}` }];
    this.images.forEach(({ bytes }, i) => {
      json.images[i] = { ...json.images[i], uri: `data:image/png;base64,${Buffer.from(bytes).toString('base64')}` };
    });
    return JSON.stringify(json);
  }

  /** `<base>.gltf`, the buffer as `<base>.bin` and each image under its name, the .gltf naming them by relative URIs. */
  separateFiles(base: string): NamedBytes[] {
    const json = structuredClone(this.json);
    json.buffers = [{ byteLength: this.byteLength, uri: encodeURIComponent(`${base}.bin`) }];
    this.images.forEach(({ name }, i) => {
      json.images[i] = { ...json.images[i], uri: encodeURIComponent(name) };
    });
    const text = new TextEncoder().encode(JSON.stringify(json));
    return [
      { name: `${base}.gltf`, bytes: text.buffer as ArrayBuffer },
      { name: `${base}.bin`, bytes: this.binary().slice().buffer },
      ...this.images.map(({ name, bytes }) => ({ name, bytes: bytes.slice(0) })),
    ];
  }

  embedded(): ArrayBuffer {
    return new TextEncoder().encode(this.embeddedText()).buffer as ArrayBuffer;
  }
}
