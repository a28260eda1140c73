// A character's OpenPose keypoints in a picture: its landmarks
// (openpose-landmarks.ts) through its pose's bone-to-model matrices, its
// placement (model → world, scene/character-transform.ts) and the render
// camera (a PictureView: three.js's PerspectiveCamera looking from position
// at target with +Y up). Pixels as OpenPose writes them: origin at the top
// left corner, x right, y down, the picture's edges at 0 and width / height.
// A point behind the camera or off the picture gets confidence 0.
import type { PictureView } from '../three/render-camera-three.js';
import { transformPoint } from './column-major.js';
import { COCO_FROM_BODY_25 } from './openpose-layouts.js';
import type { BodyLandmarks, KeypointSource } from './openpose-landmarks.js';

export interface Keypoint {
  /** Pixels from the picture's left edge. */
  x: number;
  /** Pixels from the picture's top edge. */
  y: number;
  /** Confidence: 1 seen, 0 hidden, behind the camera or off the picture. */
  c: number;
  /** Distance in front of the camera along its view axis (metres; ≤ 0 behind it). */
  depth: number;
  /** How deep under the skin the point sits (metres): visibility lets the skin be this much nearer. */
  tolerance: number;
}

export interface PersonKeypoints {
  /** BODY_25 order. */
  body: Keypoint[];
  /** COCO-18 order: the same points as body's (COCO_FROM_BODY_25). */
  coco18: Keypoint[];
  /** HAND_21 order, or null for a character without fingers. */
  leftHand: Keypoint[] | null;
  rightHand: Keypoint[] | null;
  /** The landmarks were estimated (a loaded character). */
  estimated: boolean;
  /** The picture's size in pixels. */
  width: number;
  height: number;
}

/** What personKeypoints needs of a rig: its pose's bone-to-model matrices (Rig.modelMatrices). */
export interface PosedRig {
  modelMatrices(): Float32Array;
}

/** The camera's frame and lens, as three.js's lookAt and projection make them (up +Y). */
interface CameraFrame {
  eye: readonly number[];
  right: [number, number, number];
  up: [number, number, number];
  back: [number, number, number];
  tanX: number;
  tanY: number;
}

function cameraFrame(view: PictureView): CameraFrame {
  const eye = view.position;
  const back = [0, 1, 2].map((k) => eye[k] - view.target[k]);
  let length = Math.hypot(back[0], back[1], back[2]);
  if (!(length > 0)) throw new Error('OpenPose keypoints: the camera stands on its target (no view direction)');
  const b: [number, number, number] = [back[0] / length, back[1] / length, back[2] / length];
  // right = up × back with up = +Y; looking straight up or down, three.js's lookAt nudges back along +z, which makes right +x.
  let right: [number, number, number] = [b[2], 0, -b[0]];
  length = Math.hypot(right[0], right[2]);
  right = length > 1e-9 ? [right[0] / length, 0, right[2] / length] : [1, 0, 0];
  const up: [number, number, number] = [b[1] * right[2] - b[2] * right[1], b[2] * right[0] - b[0] * right[2], b[0] * right[1] - b[1] * right[0]];
  const tanY = Math.tan(view.verticalFov / 2);
  return { eye, right, up, back: b, tanX: tanY * (view.width / view.height), tanY };
}

/** The point p_ws (world) as a keypoint of a width × height picture. */
function project(frame: CameraFrame, p_ws: readonly number[], view: PictureView, tolerance: number): Keypoint {
  const d = [p_ws[0] - frame.eye[0], p_ws[1] - frame.eye[1], p_ws[2] - frame.eye[2]];
  const depth = -(d[0] * frame.back[0] + d[1] * frame.back[1] + d[2] * frame.back[2]);
  const ndcX = (d[0] * frame.right[0] + d[1] * frame.right[1] + d[2] * frame.right[2]) / depth / frame.tanX;
  const ndcY = (d[0] * frame.up[0] + d[1] * frame.up[1] + d[2] * frame.up[2]) / depth / frame.tanY;
  const x = ((ndcX + 1) / 2) * view.width;
  const y = ((1 - ndcY) / 2) * view.height;
  const seen = depth > 0 && x >= 0 && x <= view.width && y >= 0 && y <= view.height;
  return { x: Number.isFinite(x) ? x : 0, y: Number.isFinite(y) ? y : 0, c: seen ? 1 : 0, depth, tolerance };
}

/** The keypoint's world position: the mean of its bone points through the pose and the placement. */
function worldPoint(source: KeypointSource, model_ms: Float32Array, modelToWorld: ArrayLike<number>): [number, number, number] {
  const sum = [0, 0, 0];
  for (const { bone, point_bs } of source.points) {
    const p_ms = transformPoint(model_ms, 16 * bone, point_bs);
    for (let k = 0; k < 3; k++) sum[k] += p_ms[k] / source.points.length;
  }
  return transformPoint(modelToWorld, 0, sum);
}

/**
 * The keypoints of a character posed as `rig` is now, standing at
 * `modelToWorld` (column-major, transformMatrix), seen through `view`.
 */
export function personKeypoints(rig: PosedRig, landmarks: BodyLandmarks, modelToWorld: ArrayLike<number>, view: PictureView): PersonKeypoints {
  if (!(view.width > 0 && view.height > 0)) throw new Error(`OpenPose keypoints: the picture's size ${view.width} × ${view.height} is not positive`);
  if (!(view.verticalFov > 0 && view.verticalFov < Math.PI)) throw new Error(`OpenPose keypoints: vertical field of view ${view.verticalFov} is not in (0, π) radians`);
  const frame = cameraFrame(view);
  const model_ms = rig.modelMatrices();
  const points = (sources: readonly KeypointSource[]): Keypoint[] => sources.map((s) => project(frame, worldPoint(s, model_ms, modelToWorld), view, s.tolerance));
  const body = points(landmarks.body);
  return {
    body,
    coco18: cocoFromBody25(body),
    leftHand: landmarks.leftHand && points(landmarks.leftHand),
    rightHand: landmarks.rightHand && points(landmarks.rightHand),
    estimated: landmarks.estimated,
    width: view.width,
    height: view.height,
  };
}

/** The COCO-18 points of a BODY_25 list (the same objects, by name). */
export function cocoFromBody25(body: readonly Keypoint[]): Keypoint[] {
  return COCO_FROM_BODY_25.map((i) => body[i]);
}
