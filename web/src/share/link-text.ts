// Text in share links (a lesson id, a glTF name, a clip's name): a u8 byte
// length and UTF-8, with the rules every decoded name obeys, so that a name
// from a link can be shown safely as text (never as HTML).
import { type ByteReader, type ByteWriter, MalformedInput } from './byte-io.js';

const utf8 = new TextEncoder();
/** fatal: malformed UTF-8 is an error, not a silent U+FFFD. */
const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

export function writeString(out: ByteWriter, text: string): void {
  const bytes = utf8.encode(text);
  out.u8(bytes.length);
  out.raw(bytes);
}

/** Reads a string writeString wrote; throws MalformedInput for a length outside the bounds or bytes that are not UTF-8. */
export function readString(input: ByteReader, what: string, maxBytes: number, mayBeEmpty = false): string {
  const length = input.u8();
  if ((length === 0 && !mayBeEmpty) || length > maxBytes) throw new MalformedInput(`${what} length ${length} is not within ${mayBeEmpty ? 0 : 1}..${maxBytes}`);
  const bytes = input.raw(length);
  try {
    return strictUtf8.decode(bytes);
  } catch {
    throw new MalformedInput(`${what} is not UTF-8`);
  }
}
