// Where the reference image lies in a frame when it is shown behind the
// scene: fitted inside the frame (its whole picture shown) at scale 1,
// centred, then scaled about the frame's centre and shifted by the offset
// (fractions of the frame's width and height, +y up). The view's backdrop
// and Save PNG both place it by this, so the PNG shows what the view did.
// DOM-free.
import type { ReferenceSettings } from './reference-image.js';

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export function referenceRect(frameWidth: number, frameHeight: number, imageWidth: number, imageHeight: number, settings: Pick<ReferenceSettings, 'scale' | 'offset'>): Rect {
  const fit = Math.min(frameWidth / imageWidth, frameHeight / imageHeight) * settings.scale;
  const width = imageWidth * fit;
  const height = imageHeight * fit;
  return {
    x: (frameWidth - width) / 2 + settings.offset[0] * frameWidth,
    y: (frameHeight - height) / 2 - settings.offset[1] * frameHeight,
    width,
    height,
  };
}
