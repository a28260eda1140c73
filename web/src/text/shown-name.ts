// A name from a file, as a message shows it: a name is for recognising, so
// past a screenful it is cut ("Bone_aaaa… (3145728 characters)") and a
// hostile file cannot fill the banner with it.

/** Characters of a name a message shows in full. */
export const SHOWN_NAME_CHARACTERS = 48;

/** `name`, or its start and its length when longer than `shown` characters (not splitting a surrogate pair). */
export function shownName(name: string, shown = SHOWN_NAME_CHARACTERS): string {
  if (name.length <= shown) return name;
  let end = shown;
  const last = name.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return `${name.slice(0, end)}… (${name.length} characters)`;
}

/** UTF-8 bytes of `text`, counted without encoding it. */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

/** The longest start of `text` of at most `bytes` UTF-8 bytes (whole characters). */
export function utf8Prefix(text: string, bytes: number): string {
  let used = 0;
  let end = 0;
  for (const character of text) {
    const size = utf8Length(character);
    if (used + size > bytes) break;
    used += size;
    end += character.length;
  }
  return text.slice(0, end);
}

/**
 * Why `name` cannot name a bone, in the core's words (CheckBoneName,
 * wasm/src/skeleton.cpp), or null: files are checked before their names
 * reach the core, so that a hostile name is never copied into its memory.
 */
export function boneNameProblem(name: string, maxBytes: number): string | null {
  const bytes = utf8Length(name);
  if (bytes <= maxBytes) return null;
  return `its name is ${bytes} bytes long, more than the ${maxBytes} a bone name may have (it starts '${utf8Prefix(name, 24)}…')`;
}
