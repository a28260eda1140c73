// Embed mode: `?embed=1` in the page's query shows the character and nothing
// else (no HUD, no panels), for course pages that put the tool in an iframe.
// The query, not the fragment, carries the flag: the fragment is the share
// link, rewritten while posing, and a link copied from an embed should open
// the full view.
const EMBED_PARAM = 'embed';

/** Whether the page at `url` runs embedded (`embed=1` in its query). */
export function isEmbedMode(url: string): boolean {
  return new URL(url).searchParams.get(EMBED_PARAM) === '1';
}

/** `url` without the embed flag: the same page, and the same pose link, in full view. */
export function fullViewUrl(url: string): string {
  const result = new URL(url);
  // Deleting the only parameter drops the '?' as well.
  result.searchParams.delete(EMBED_PARAM);
  return result.href;
}
