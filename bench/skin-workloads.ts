// The skinning benchmark's meshes, deterministic from fixed seeds, both on
// the default character's rig (54 bones) in one random pose within its limits:
//   character — its own mesh (35 348 vertices; 4 weight slots, of which
//               1–4 are non-zero, largest first, as the generator wrote them);
//   dense-4   — 65 536 vertices scattered through the character's bounding
//               box with random unit normals, each with 4 distinct bones and
//               4 non-zero weights summing to 1: every slot does work.
import * as THREE from 'three';
import { loadDefaultCharacter } from '../tests/web/default-character.js';
import { seededRandom, uniform } from '../tests/web/seeded-random.js';
import { Rig } from '../web/src/rig/rig.js';
import { rigFromSkinnedMesh } from '../web/src/import/skinned-mesh-rig.js';
import type { KinModule } from '../web/src/wasm/generated/kin.js';

export interface SkinWorkload {
  name: 'character' | 'dense-4';
  vertices: number;
  positions: Float32Array;
  normals: Float32Array;
  /** 4 per vertex, as three.js's skinIndex: indices into the skin's joints. */
  skinJoints: Uint16Array;
  /** The same influences in rig bone order, for our Rig. */
  rigJoints: Uint16Array;
  weights: Float32Array;
}

export interface SkinBench {
  /** The rig, posed; its palette is what every implementation skins with. */
  rig: Rig;
  /** GLTFLoader's skinned mesh, its skeleton's bones posed to the rig's model matrices. */
  source: THREE.SkinnedMesh;
  workloads: SkinWorkload[];
}

const DENSE_VERTICES = 65_536;

function remap(skinJoints: Uint16Array, jointToBone: Int32Array): Uint16Array {
  return skinJoints.map((j) => jointToBone[j]);
}

function denseWorkload(source: THREE.SkinnedMesh, jointToBone: Int32Array): SkinWorkload {
  const random = seededRandom(4);
  source.geometry.computeBoundingBox();
  const { min, max } = source.geometry.boundingBox!;
  const joints = jointToBone.length;
  const positions = new Float32Array(3 * DENSE_VERTICES);
  const normals = new Float32Array(3 * DENSE_VERTICES);
  const skinJoints = new Uint16Array(4 * DENSE_VERTICES);
  const weights = new Float32Array(4 * DENSE_VERTICES);
  const normal = new THREE.Vector3();
  for (let v = 0; v < DENSE_VERTICES; v++) {
    positions.set([uniform(random, min.x, max.x), uniform(random, min.y, max.y), uniform(random, min.z, max.z)], 3 * v);
    do normal.set(uniform(random, -1, 1), uniform(random, -1, 1), uniform(random, -1, 1));
    while (normal.lengthSq() < 1e-4);
    normals.set(normal.normalize().toArray(), 3 * v);
    const chosen = new Set<number>();
    while (chosen.size < 4) chosen.add(Math.floor(random() * joints));
    const raw = [0, 1, 2, 3].map(() => 0.05 + random());
    const sum = raw[0] + raw[1] + raw[2] + raw[3];
    skinJoints.set([...chosen], 4 * v);
    weights.set(raw.map((w) => w / sum), 4 * v);
  }
  return { name: 'dense-4', vertices: DENSE_VERTICES, positions, normals, skinJoints, rigJoints: remap(skinJoints, jointToBone), weights };
}

export async function makeSkinBench(module: KinModule): Promise<SkinBench> {
  const { mesh: source } = await loadDefaultCharacter();
  const { bones, jointToBone, nodes } = rigFromSkinnedMesh(source);
  const rig = Rig.create(module, bones);
  const random = seededRandom(3);
  rig.setPose(bones.flatMap((b) => [0, 1, 2].map((k) => uniform(random, b.min![k], b.max![k]))));
  // three.js skins with bone.matrixWorld × boneInverse: give each bone our model matrix.
  const model_ms = rig.modelMatrices();
  nodes.forEach((node, bone) => node.matrixWorld.fromArray(model_ms, 16 * bone));

  const geometry = source.geometry;
  const skinJoints = Uint16Array.from(geometry.getAttribute('skinIndex').array);
  const character: SkinWorkload = {
    name: 'character',
    vertices: geometry.getAttribute('position').count,
    positions: Float32Array.from(geometry.getAttribute('position').array),
    normals: Float32Array.from(geometry.getAttribute('normal').array),
    skinJoints,
    rigJoints: remap(skinJoints, jointToBone),
    weights: Float32Array.from(geometry.getAttribute('skinWeight').array),
  };
  return { rig, source, workloads: [character, denseWorkload(source, jointToBone)] };
}
