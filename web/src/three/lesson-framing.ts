// Frames a lesson when it opens: every bone of the pose on screen (origins
// and tips) and the points its tool names (targets in and out of reach), so
// that a pose the tool shows, or a target beside the rig, is in view — not
// only the bind-pose mesh the character framing uses.
import * as THREE from 'three';
import type { Rig } from '../rig/rig.js';
import { paddedPoints } from './padded-points.js';
import type { Viewport } from './scene.js';
import { frameSelection } from './view-presets.js';

const PADDING_M = 0.12;

export function frameLesson(viewport: Viewport, rig: Rig, extra_ms: readonly (readonly number[])[]): void {
  const model_ms = rig.modelMatrices();
  const tips_ms = rig.boneTips();
  const centres = extra_ms.map((p) => new THREE.Vector3(p[0], p[1], p[2]));
  for (let b = 0; b < rig.boneCount; b++) centres.push(new THREE.Vector3().fromArray(model_ms, 16 * b + 12), new THREE.Vector3().fromArray(tips_ms, 3 * b));
  frameSelection(viewport, paddedPoints(centres, PADDING_M));
}
