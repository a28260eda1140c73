// base64url (RFC 4648 §5) without padding, written out by hand so that the
// same code runs in the browser and in Node and so that decoding is strict:
// a string that is not the canonical encoding of some bytes is refused, which
// keeps one link per state and gives a clear "not base64url" error.
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** Character code -> 6-bit value, or -1 for characters outside the alphabet. */
const VALUE_OF = new Int8Array(128).fill(-1);
for (let i = 0; i < ALPHABET.length; i++) VALUE_OF[ALPHABET.charCodeAt(i)] = i;

export function encodeBase64url(bytes: Uint8Array): string {
  let text = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const count = Math.min(3, bytes.length - i);
    const group = (bytes[i] << 16) | ((count > 1 ? bytes[i + 1] : 0) << 8) | (count > 2 ? bytes[i + 2] : 0);
    // n bytes need n + 1 characters; the rest of the group is padding we leave out.
    for (let k = 0; k <= count; k++) text += ALPHABET[(group >> (18 - 6 * k)) & 63];
  }
  return text;
}

/** The bytes, or null if text is not canonical unpadded base64url. */
export function decodeBase64url(text: string): Uint8Array | null {
  // A lone final character carries only 6 bits: not a whole byte.
  if (text.length % 4 === 1) return null;
  const bytes = new Uint8Array(Math.floor((text.length * 3) / 4));
  let out = 0;
  for (let i = 0; i < text.length; i += 4) {
    const count = Math.min(4, text.length - i);
    let group = 0;
    for (let k = 0; k < 4; k++) {
      const code = k < count ? text.charCodeAt(i + k) : 65; // 'A' stands in for the missing characters
      const value = code < 128 ? VALUE_OF[code] : -1;
      if (value < 0) return null;
      group = (group << 6) | value;
    }
    const byteCount = count - 1;
    // The bits below the last whole byte must be zero, or two texts would
    // decode to the same bytes.
    if ((group & ((1 << (8 * (3 - byteCount))) - 1)) !== 0) return null;
    for (let k = 0; k < byteCount; k++) bytes[out++] = (group >> (16 - 8 * k)) & 255;
  }
  return bytes;
}
