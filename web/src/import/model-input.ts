// Where a user's model comes from: a picked or dropped File, a URL (the
// page's ?model=, or a script), or bytes a script holds. URLs must be on the
// page's own origin or data: URLs — the page fetches nothing from elsewhere
// on anyone's say-so (a link could otherwise make it fetch any address); the
// same rule holds for the buffers and images a .gltf from this site refers
// to. A file from the user's disk (or bytes from a script, or a data: URL)
// finds what it refers to among the files handed over with it
// (companion-files.ts).
import type { UriPolicy } from './gltf-json-check.js';
import { MAX_CHARACTER_NAME_BYTES } from '../posing/character-source.js';

export type ModelInput = File | string | { name: string; bytes: ArrayBuffer | Uint8Array };

/**
 * Where a file's relative URIs (a .gltf's buffers and images) are read from:
 * beside it on this site, as the policy allows, or among the files handed
 * over with it.
 */
export type UriSource = { kind: 'site'; resourcePath: string; allowUri: UriPolicy } | { kind: 'companions' };

export interface ModelBytes {
  /** A name for the page and for share links (≤ MAX_CHARACTER_NAME_BYTES of UTF-8, no control characters). */
  name: string;
  bytes: ArrayBuffer;
  uris: UriSource;
}

const utf8 = new TextEncoder();

/** A name fit for a share link: control characters dropped, cut to MAX_CHARACTER_NAME_BYTES of UTF-8. */
export function linkSafeName(name: string): string {
  let safe = name.replace(/\p{Cc}|\p{Cs}/gu, '').trim();
  while (utf8.encode(safe).length > MAX_CHARACTER_NAME_BYTES) safe = Array.from(safe).slice(0, -1).join('');
  return safe === '' ? 'model' : safe;
}

const COMPANIONS: UriSource = { kind: 'companions' };

/** The page's policy for a model URL: the page's origin or data:, else why not. */
export function modelUrlProblem(url: URL, pageOrigin: string): string | null {
  if (url.protocol === 'data:' || url.origin === pageOrigin) return null;
  return `only models from this site or data: URLs can be loaded, not from ${url.origin === 'null' ? url.protocol : url.origin}`;
}

async function fetchModel(text: string): Promise<ModelBytes> {
  let url: URL;
  try {
    url = new URL(text, location.href);
  } catch {
    throw new Error(`'${text}' is not a URL`);
  }
  const problem = modelUrlProblem(url, location.origin);
  if (problem !== null) throw new Error(problem);
  const response = await fetch(url);
  if (!response.ok) throw new Error(`fetching ${url.pathname} failed: HTTP ${response.status}`);
  const bytes = await response.arrayBuffer();
  if (url.protocol === 'data:') {
    const binary = /^data:model\/gltf-binary/i.test(text);
    return { name: binary ? 'model.glb' : 'model.gltf', bytes, uris: COMPANIONS };
  }
  const name = linkSafeName(decodeURIComponent(url.pathname.split('/').pop() ?? '') || 'model');
  const resourcePath = new URL('.', url).href;
  const allowUri: UriPolicy = (uri, what) => {
    const problem = modelUrlProblem(new URL(uri, resourcePath), location.origin);
    return problem === null ? null : `${what}: ${problem}`;
  };
  return { name, bytes, uris: { kind: 'site', resourcePath, allowUri } };
}

/** Reads the model's bytes; throws an Error saying why it cannot. */
export async function readModelInput(input: ModelInput): Promise<ModelBytes> {
  if (typeof input === 'string') return fetchModel(input);
  if (input instanceof File) return { name: linkSafeName(input.name), bytes: await input.arrayBuffer(), uris: COMPANIONS };
  const { bytes } = input;
  const copy = bytes instanceof ArrayBuffer ? bytes : bytes.slice().buffer;
  return { name: linkSafeName(input.name), bytes: copy, uris: COMPANIONS };
}
