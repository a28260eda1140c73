// A tiny glTF 2.0 writer for tests: nodes, meshes and skins go into a JSON
// document, typed arrays into one binary buffer (a bufferView + accessor
// each), and the result comes out as GLB bytes or as glTF JSON text with the
// buffer in a base64 data URI. It writes what the tests say, broken or not:
// the JSON stays editable (`json`) until the bytes are made.

type ComponentArray = Float32Array | Uint16Array | Uint8Array;
export type AccessorType = 'SCALAR' | 'VEC3' | 'VEC4' | 'MAT4';

const COMPONENT_TYPE = new Map<Function, number>([
  [Float32Array, 5126],
  [Uint16Array, 5123],
  [Uint8Array, 5121],
]);
const TYPE_SIZE: Record<AccessorType, number> = { SCALAR: 1, VEC3: 3, VEC4: 4, MAT4: 16 };

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
    const padded = new Uint8Array(Math.ceil(bytes.length / 4) * 4);
    padded.set(bytes);
    this.json.bufferViews.push({ buffer: 0, byteOffset: this.byteLength, byteLength: bytes.length });
    this.chunks.push(padded);
    this.byteLength += padded.length;
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
  mesh(name: string, primitives: { attributes: Record<string, number>; indices?: number }[]): number {
    this.json.meshes.push({ name, primitives });
    return this.json.meshes.length - 1;
  }

  /** Adds a skin; returns its index. */
  skin(def: { name?: string; joints: number[]; inverseBindMatrices?: number; skeleton?: number }): number {
    this.json.skins.push(def);
    return this.json.skins.length - 1;
  }

  /** The binary buffer as it stands. */
  binary(): Uint8Array {
    const out = new Uint8Array(this.byteLength);
    let offset = 0;
    for (const chunk of this.chunks) {
      out.set(chunk, offset);
      offset += chunk.length;
    }
    return out;
  }

  /** A GLB file: header, JSON chunk, BIN chunk. */
  glb(): ArrayBuffer {
    const json = structuredClone(this.json);
    json.buffers = [{ byteLength: this.byteLength }];
    const text = new TextEncoder().encode(JSON.stringify(json));
    const jsonLength = Math.ceil(text.length / 4) * 4;
    const total = 12 + 8 + jsonLength + 8 + this.byteLength;
    const out = new Uint8Array(total);
    const view = new DataView(out.buffer);
    view.setUint32(0, 0x46546c67, true);
    view.setUint32(4, 2, true);
    view.setUint32(8, total, true);
    view.setUint32(12, jsonLength, true);
    view.setUint32(16, 0x4e4f534a, true);
    out.fill(0x20, 20, 20 + jsonLength); // JSON pads with spaces
    out.set(text, 20);
    view.setUint32(20 + jsonLength, this.byteLength, true);
    view.setUint32(24 + jsonLength, 0x004e4942, true);
    out.set(this.binary(), 28 + jsonLength);
    return out.buffer;
  }

  /** glTF JSON text (as bytes) with the buffer embedded as a base64 data URI. */
  embeddedText(): string {
    const json = structuredClone(this.json);
    json.buffers = [{ byteLength: this.byteLength, uri: `data:application/octet-stream;base64,${Buffer.from(this.binary()).toString('base64')}` }];
    return JSON.stringify(json);
  }

  embedded(): ArrayBuffer {
    return new TextEncoder().encode(this.embeddedText()).buffer as ArrayBuffer;
  }
}
