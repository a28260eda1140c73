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
