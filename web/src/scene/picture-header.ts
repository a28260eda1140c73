// Reads a picture's type and size from its first bytes (PNG's IHDR, JPEG's
// frame header, WebP's VP8/VP8L/VP8X chunk) so that a picture too large to
// decode is refused before the browser spends memory on it. DOM-free.
import type { ImageMime } from './reference-image.js';

/** The largest file and picture the page takes as a reference image. */
export const MAX_IMAGE_BYTES = 32 * 1024 * 1024;
export const MAX_IMAGE_SIDE = 8192;
export const MAX_IMAGE_PIXELS = 40_000_000;

export interface ImageSize {
  mime: ImageMime;
  width: number;
  height: number;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function ascii(bytes: Uint8Array, at: number, text: string): boolean {
  for (let i = 0; i < text.length; i++) if (bytes[at + i] !== text.charCodeAt(i)) return false;
  return true;
}

function pngSize(bytes: Uint8Array, view: DataView): ImageSize | null {
  if (bytes.length < 24 || !ascii(bytes, 12, 'IHDR')) return null;
  return { mime: 'image/png', width: view.getUint32(16), height: view.getUint32(20) };
}

function jpegSize(bytes: Uint8Array, view: DataView): ImageSize | null {
  let at = 2;
  while (at + 9 <= bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1];
    // Fill bytes, and markers without a length.
    if (marker === 0xff) { at++; continue; }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) { at += 2; continue; }
    const length = view.getUint16(at + 2);
    // Start of frame: SOF0..SOF15 but DHT (c4), JPG (c8), DAC (cc).
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { mime: 'image/jpeg', width: view.getUint16(at + 7), height: view.getUint16(at + 5) };
    }
    at += 2 + length;
  }
  return null;
}

function webpSize(bytes: Uint8Array, view: DataView): ImageSize | null {
  if (bytes.length < 30) return null;
  if (ascii(bytes, 12, 'VP8 ')) return { mime: 'image/webp', width: view.getUint16(26, true) & 0x3fff, height: view.getUint16(28, true) & 0x3fff };
  if (ascii(bytes, 12, 'VP8L')) {
    const bits = view.getUint32(21, true);
    return { mime: 'image/webp', width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (ascii(bytes, 12, 'VP8X')) {
    const width = 1 + (bytes[24] | (bytes[25] << 8) | (bytes[26] << 16));
    const height = 1 + (bytes[27] | (bytes[28] << 8) | (bytes[29] << 16));
    return { mime: 'image/webp', width, height };
  }
  return null;
}

/**
 * The type and size of the picture in `bytes`, checked against the limits;
 * throws naming the problem with `name` (the file's) before any decoding.
 */
export function checkImageBytes(bytes: Uint8Array, name: string): ImageSize {
  const what = JSON.stringify(name);
  if (bytes.length > MAX_IMAGE_BYTES) throw new Error(`${what} is ${(bytes.length / 1048576).toFixed(1)} MB; a reference image may be ${MAX_IMAGE_BYTES / 1048576} MB at most`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let size: ImageSize | null = null;
  if (PNG_SIGNATURE.every((b, i) => bytes[i] === b)) size = pngSize(bytes, view);
  else if (bytes[0] === 0xff && bytes[1] === 0xd8) size = jpegSize(bytes, view);
  else if (ascii(bytes, 0, 'RIFF') && ascii(bytes, 8, 'WEBP')) size = webpSize(bytes, view);
  else throw new Error(`${what} is not a PNG, JPEG or WebP picture`);
  if (size === null) throw new Error(`${what}: its header is broken (no picture size in it)`);
  const { width, height } = size;
  if (width < 1 || height < 1) throw new Error(`${what} has no pixels (${width} × ${height})`);
  if (width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE || width * height > MAX_IMAGE_PIXELS) {
    throw new Error(`${what} is ${width} × ${height} pixels; a reference image may be ${MAX_IMAGE_SIDE} on a side and ${MAX_IMAGE_PIXELS / 1e6} million pixels at most`);
  }
  return size;
}
