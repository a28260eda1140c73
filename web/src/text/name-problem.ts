// The rules every name the page shows obeys, whoever gave it (a link, a
// scene file, a rename): bounded UTF-8, no control characters, no lone
// surrogates, so that it can be shown safely as text (never as HTML).

const utf8 = new TextEncoder();

/** What is wrong with a name of 1..maxBytes UTF-8 bytes (0.. when it may be empty), or null. */
export function nameProblem(name: string, what: string, maxBytes: number, mayBeEmpty = false): string | null {
  if (typeof name !== 'string') return `${what} is not text`;
  const byteLength = utf8.encode(name).length;
  if (byteLength === 0 && !mayBeEmpty) return `${what} is empty`;
  if (byteLength > maxBytes) return `${what} is ${byteLength} bytes, over ${maxBytes}`;
  // Control characters (C0, DEL, C1) could break the text they are shown in;
  // lone surrogates would not survive UTF-8 unchanged.
  if (/\p{Cc}/u.test(name)) return `${what} contains a control character`;
  if (/\p{Cs}/u.test(name)) return `${what} contains a lone surrogate`;
  return null;
}
