// Aims the camera at a character so that its whole bind-pose mesh is in view.
// The default character is orbited around its chest; any other around the
// middle of its mesh. A character far from human size (a glTF in other
// units, a toy, a building) also scales the camera's clipping planes and the
// orbit's distance limits, which are set for a human in metres.
import * as THREE from 'three';
import type { Rig } from '../rig/rig.js';
import type { CharacterMeshes } from './character-meshes.js';
import { framePoints } from './camera-framing.js';
import type { Viewport } from './scene.js';

// The character faces +Z with Y up: we look from its front, a little to its
// left and from above.
const VIEW_DIRECTION_WS = new THREE.Vector3(0.55, 0.22, 1);
// The bone whose origin the camera orbits around, when the rig has it.
const PIVOT_BONE = 'chest';
const MARGIN = 0.06;
// The size (bounding-box diagonal, metres) the viewport's limits are set for,
// and the range of sizes they suit as they are.
const HUMAN_SIZE = 2;
const HUMAN_RANGE = [0.5, 4];

export function frameCharacter(viewport: Viewport, character: CharacterMeshes, rig: Rig): void {
  // The character mesh sits at the origin: model space is world space.
  const parts = character.positions();
  const points_ws = new THREE.Float32BufferAttribute(parts.reduce((sum, p) => sum + 3 * p.count, 0), 3);
  let offset = 0;
  const point = new THREE.Vector3();
  for (const part of parts) {
    for (let i = 0; i < part.count; i++) points_ws.setXYZ(offset++, ...point.fromBufferAttribute(part, i).toArray());
  }
  const box = new THREE.Box3().setFromBufferAttribute(points_ws);
  const size = box.getSize(new THREE.Vector3()).length();
  let pivot_ws = box.getCenter(new THREE.Vector3());
  if (rig.boneNames.includes(PIVOT_BONE)) {
    const pivot = 16 * rig.boneIndex(PIVOT_BONE);
    const model_ms = rig.modelMatrices();
    pivot_ws = new THREE.Vector3(model_ms[pivot + 12], model_ms[pivot + 13], model_ms[pivot + 14]);
  }
  const scale = size >= HUMAN_RANGE[0] && size <= HUMAN_RANGE[1] ? 1 : size / HUMAN_SIZE;
  const { camera, orbit } = viewport;
  camera.near = 0.05 * scale;
  camera.far = 100 * scale;
  camera.updateProjectionMatrix();
  orbit.minDistance = 0.5 * scale;
  orbit.maxDistance = 20 * scale;
  framePoints(camera, pivot_ws, points_ws, VIEW_DIRECTION_WS, MARGIN);
  orbit.target.copy(pivot_ws);
  orbit.update();
}
