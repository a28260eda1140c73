// Aims the camera at a character so that its whole bind-pose mesh is in view.
// The default character is orbited around its chest; any other around the
// middle of its mesh. A character far from human size (a glTF in other
// units, a toy, a building) has a scale (characterScale) by which the
// camera's clipping planes, the orbit's distance limits and the floor's grid
// follow it here, and its handles and gizmo where they are made: all are set
// for a human in metres.
import * as THREE from 'three';
import type { Rig } from '../rig/rig.js';
import { sizeScale } from '../rig/size-scale.js';
import type { CharacterMeshes } from './character-meshes.js';
import { framePoints } from './camera-framing.js';
import type { Viewport } from './scene.js';

// The character faces +Z with Y up: we look from its front, a little to its
// left and from above.
const VIEW_DIRECTION_WS = new THREE.Vector3(0.55, 0.22, 1);
// The bone whose origin the camera orbits around, when the rig has it.
const PIVOT_BONE = 'chest';
const MARGIN = 0.06;

/** The character's bind-pose mesh points (model space) and their box. */
function meshPoints(character: CharacterMeshes): { points_ws: THREE.Float32BufferAttribute; box: THREE.Box3 } {
  // The character mesh sits at the origin: model space is world space.
  const parts = character.positions();
  const points_ws = new THREE.Float32BufferAttribute(parts.reduce((sum, p) => sum + 3 * p.count, 0), 3);
  let offset = 0;
  const point = new THREE.Vector3();
  for (const part of parts) {
    for (let i = 0; i < part.count; i++) points_ws.setXYZ(offset++, ...point.fromBufferAttribute(part, i).toArray());
  }
  return { points_ws, box: new THREE.Box3().setFromBufferAttribute(points_ws) };
}

const scales = new WeakMap<CharacterMeshes, number>();

function scaleOfBox(box: THREE.Box3): number {
  return sizeScale(box.getSize(new THREE.Vector3()).length());
}

/** 1 for a character of about human size in metres, else its size over a human's (a model 100 units tall: about 50). */
export function characterScale(character: CharacterMeshes): number {
  let scale = scales.get(character);
  if (scale === undefined) {
    scale = scaleOfBox(meshPoints(character).box);
    scales.set(character, scale);
  }
  return scale;
}

export function frameCharacter(viewport: Viewport, character: CharacterMeshes, rig: Rig): void {
  const { points_ws, box } = meshPoints(character);
  let pivot_ws = box.getCenter(new THREE.Vector3());
  if (rig.boneNames.includes(PIVOT_BONE)) {
    const pivot = 16 * rig.boneIndex(PIVOT_BONE);
    const model_ms = rig.modelMatrices();
    pivot_ws = new THREE.Vector3(model_ms[pivot + 12], model_ms[pivot + 13], model_ms[pivot + 14]);
  }
  const scale = scaleOfBox(box);
  scales.set(character, scale);
  const { camera, orbit } = viewport;
  camera.near = 0.05 * scale;
  camera.far = 100 * scale;
  camera.updateProjectionMatrix();
  orbit.minDistance = 0.5 * scale;
  orbit.maxDistance = 20 * scale;
  viewport.ground.scale.setScalar(scale);
  framePoints(camera, pivot_ws, points_ws, VIEW_DIRECTION_WS, MARGIN);
  orbit.target.copy(pivot_ws);
  orbit.update();
}
