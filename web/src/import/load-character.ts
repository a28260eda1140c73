// Loads a glTF character and returns its one skinned mesh.
import * as THREE from 'three';
import { GLTFLoader } from 'three/addons/loaders/GLTFLoader.js';

/** `onProgress` gets the loaded fraction when the size is known. */
export async function loadSkinnedMesh(url: string, onProgress: (fraction: number) => void): Promise<THREE.SkinnedMesh> {
  const gltf = await new GLTFLoader().loadAsync(url, (event) => {
    if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
  });
  const meshes: THREE.SkinnedMesh[] = [];
  gltf.scene.traverse((object) => {
    if ((object as THREE.SkinnedMesh).isSkinnedMesh) meshes.push(object as THREE.SkinnedMesh);
  });
  if (meshes.length !== 1) throw new Error(`Character: expected one skinned mesh in ${url}, found ${meshes.length}`);
  return meshes[0];
}
