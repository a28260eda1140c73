// A loaded prop's file read into three.js objects by three.js's own loaders:
// GLTFLoader.parse for .glb and a .gltf with its buffers inside it (data:
// URIs: a prop is one file), OBJLoader.parse for .obj. The size is checked
// before anything is parsed, and every failure says what was wrong with
// which file.
import * as THREE from 'three';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { OBJLoader } from 'three/examples/jsm/loaders/OBJLoader.js';

/** The largest prop file read (bytes): a detailed model, well short of what would stall the page. */
export const MAX_PROP_FILE_BYTES = 32 * 1024 * 1024;

export const PROP_FILE_EXTENSIONS = ['.glb', '.gltf', '.obj'] as const;

/** Throws, naming the file, unless its name and size are a prop file's. Checked before the bytes are read. */
export function checkPropFile(name: string, size: number): void {
  const lower = name.toLowerCase();
  if (!PROP_FILE_EXTENSIONS.some((ext) => lower.endsWith(ext))) throw new Error(`'${name}' is not a prop file: a prop is a ${PROP_FILE_EXTENSIONS.join(', ')} file`);
  if (size === 0) throw new Error(`'${name}' is empty`);
  if (size > MAX_PROP_FILE_BYTES) throw new Error(`'${name}' is ${(size / 1048576).toFixed(1)} MB; a prop file may be at most ${MAX_PROP_FILE_BYTES / 1048576} MB`);
}

/** The file's scene as one object; rejects naming the file and the problem. */
export async function parsePropFile(name: string, bytes: Uint8Array): Promise<THREE.Object3D> {
  checkPropFile(name, bytes.byteLength);
  const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  try {
    if (name.toLowerCase().endsWith('.obj')) {
      const object = new OBJLoader().parse(new TextDecoder().decode(bytes));
      if (object.children.length === 0) throw new Error('it holds no faces or lines');
      return object;
    }
    const gltf = await new GLTFLoader().parseAsync(buffer, '');
    let meshes = 0;
    gltf.scene.traverse((o) => {
      if ((o as THREE.Mesh).isMesh) meshes++;
    });
    if (meshes === 0) throw new Error('it holds no mesh');
    return gltf.scene;
  } catch (error) {
    throw new Error(`Could not read the prop file '${name}': ${error instanceof Error ? error.message : String(error)}`);
  }
}
