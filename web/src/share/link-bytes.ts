// A link's bytes as the text in the URL and back, with the checks every link
// version shares: the length limit, base64url, a read that stops short or
// leaves bytes over, and the error value (never a throw) for anything wrong.
import { decodeBase64url, encodeBase64url } from './base64url.js';
import { ByteReader, type ByteWriter, MalformedInput, TruncatedInput } from './byte-io.js';

/** Characters; longer text is refused before decoding, and encoding refuses a state whose
 *  link would be longer. The largest state without a clip (a glTF with MAX_BONES bones,
 *  MAX_GOALS goals and the longest name) takes 9,744; the rest is for clips: a minute of
 *  the default character keyed at 10 fps fits (a browser takes URLs of 2 MB). */
export const MAX_LINK_LENGTH = 200_000;

/** A state's link, or why a link cannot hold the state. */
export type LinkEncoding = { ok: true; link: string } | { ok: false; error: string };

/** The link text of the bytes written, or why it is too long. */
export function finishLink(out: ByteWriter): LinkEncoding {
  const text = encodeBase64url(out.finish());
  if (text.length > MAX_LINK_LENGTH) return { ok: false, error: `the link would be ${text.length} characters, over ${MAX_LINK_LENGTH} (a clip too long for a link)` };
  return { ok: true, link: text };
}

/**
 * Reads a link's text with `read`, then checks what it read with `problem`:
 * the value, or the error that names what is wrong (never throws).
 */
export function decodeLinkText<T>(text: string, read: (input: ByteReader) => T, problem: (value: T) => string | null): { ok: true; value: T } | { ok: false; error: string } {
  if (text.length > MAX_LINK_LENGTH) return { ok: false, error: `link is ${text.length} characters, over ${MAX_LINK_LENGTH}` };
  const bytes = decodeBase64url(text);
  if (!bytes) return { ok: false, error: 'not base64url' };
  try {
    const input = new ByteReader(bytes);
    const value = read(input);
    if (input.remaining > 0) throw new MalformedInput(`trailing bytes (${input.remaining} after byte ${input.offset})`);
    const found = problem(value);
    return found ? { ok: false, error: found } : { ok: true, value };
  } catch (e) {
    if (e instanceof TruncatedInput) return { ok: false, error: `link is truncated at byte ${e.offset}` };
    if (e instanceof MalformedInput) return { ok: false, error: e.message };
    // Only a bug gets here; the promise to callers is still an error value, not a throw.
    return { ok: false, error: `internal decoder error: ${String(e)}` };
  }
}

