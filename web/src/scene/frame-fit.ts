// Where the render camera's frame sits in a view that looks through it: the
// view's field of view is widened so that the whole frame fits inside with
// the frame taking `fill` of the view's tighter side, centred (the frame
// guide darkens the rest). Both share the aim, so the frame's rectangle in
// the view shows exactly what the picture holds. DOM-free.
import { type RenderCameraState, SENSOR_WIDTH_MM } from './render-camera.js';

export interface FrameFit {
  /** The frame in the view, CSS pixels from the view's top left. */
  x: number;
  y: number;
  width: number;
  height: number;
  /** The view's vertical field of view that puts the frame there (degrees, as three.js's PerspectiveCamera.fov). */
  fovDegrees: number;
}

export function fitFrame(viewWidth: number, viewHeight: number, state: Pick<RenderCameraState, 'focalLength' | 'width' | 'height'>, fill: number): FrameFit {
  const tanX = SENSOR_WIDTH_MM / 2 / state.focalLength;
  const tanY = (tanX * state.height) / state.width;
  const viewAspect = viewWidth / viewHeight;
  const viewTanY = Math.max(tanY, tanX / viewAspect) / fill;
  const viewTanX = viewTanY * viewAspect;
  const width = (viewWidth * tanX) / viewTanX;
  const height = (viewHeight * tanY) / viewTanY;
  return { x: (viewWidth - width) / 2, y: (viewHeight - height) / 2, width, height, fovDegrees: (2 * Math.atan(viewTanY) * 180) / Math.PI };
}
