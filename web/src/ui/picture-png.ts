// The picture Save PNG writes: the background (a colour, or nothing for a
// transparent one), the reference image behind the scene if it is in the
// picture, then what the render camera drew over them (three/picture-render.ts).
// A 2D canvas composes them, blending as the view's page does.
import type { PicturePixels } from '../three/picture-render.js';
import type { Rect } from '../scene/reference-layout.js';

export interface PictureBackdrop {
  /** '#rrggbb' or 'transparent'. */
  background: string;
  /** The reference image behind the scene, where it lies in the picture (pixels), at what opacity; null: none. */
  reference: { image: CanvasImageSource; rect: Rect; opacity: number } | null;
}

function canvas2d(width: number, height: number): [HTMLCanvasElement, CanvasRenderingContext2D] {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (context === null) throw new Error('Save PNG: the browser gave no 2D canvas to compose the picture');
  return [canvas, context];
}

export function picturePng(pixels: PicturePixels, backdrop: PictureBackdrop): Promise<Blob> {
  const { width, height } = pixels;
  const [picture, context] = canvas2d(width, height);
  if (backdrop.background !== 'transparent') {
    context.fillStyle = backdrop.background;
    context.fillRect(0, 0, width, height);
  }
  const { reference } = backdrop;
  if (reference !== null) {
    context.globalAlpha = reference.opacity;
    context.drawImage(reference.image, reference.rect.x, reference.rect.y, reference.rect.width, reference.rect.height);
    context.globalAlpha = 1;
  }
  const [scene, sceneContext] = canvas2d(width, height);
  sceneContext.putImageData(new ImageData(pixels.data, width, height), 0, 0);
  context.drawImage(scene, 0, 0);
  return new Promise((resolve, reject) => {
    picture.toBlob((blob) => (blob ? resolve(blob) : reject(new Error(`Save PNG: the browser could not encode a ${width} × ${height} PNG`))), 'image/png');
  });
}
