// Where a pose link sits in the page's URL: the fragment, read as form-encoded
// key=value pairs, with the encoded state under `p`:
//   https://host/path/#p=<base64url>
// The fragment never reaches the server, so a link costs no request and no
// log line. Other keys are kept when the link is rewritten, so a later
// feature can add its own without breaking old links.
const LINK_KEY = 'p';

/** The encoded pose link in a URL's fragment, or null if the URL has none. */
export function poseLinkInUrl(url: string, base?: string): string | null {
  let hash: string;
  try {
    hash = new URL(url, base).hash;
  } catch {
    return null;
  }
  return new URLSearchParams(hash.slice(1)).get(LINK_KEY);
}

/** The URL without a pose link in its fragment (its other keys kept; an empty fragment dropped). */
export function urlWithoutPoseLink(url: string): string {
  const result = new URL(url);
  const params = new URLSearchParams(result.hash.slice(1));
  params.delete(LINK_KEY);
  result.hash = params.toString();
  return result.href;
}

/** The URL with its fragment's `p` set to `link` (base64url needs no escaping). */
export function urlWithPoseLink(url: string, link: string): string {
  const result = new URL(url);
  const params = new URLSearchParams(result.hash.slice(1));
  params.set(LINK_KEY, link);
  result.hash = params.toString();
  return result.href;
}
