// A plain static file server for the built site, mounted at a sub-path, like
// a course site or GitHub Pages would publish it: files only, no special
// headers (no cross-origin isolation), a redirect to the trailing slash, and
// 404 for anything outside the mount. It records every request path, so a
// test can see that the page asked for nothing outside its folder.
import { readFile } from 'node:fs/promises';
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, sep } from 'node:path';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.glb': 'model/gltf-binary',
  '.png': 'image/png',
  '.json': 'application/json',
};

export interface StaticSite {
  /** The mount's URL, with its trailing slash. */
  url: string;
  /** The path of every request so far, in order. */
  requests: string[];
  close(): Promise<void>;
}

/** Serves `folder` at `mount` (e.g. '/some/deep/path/') on a free port of 127.0.0.1. */
export async function serveStatic(folder: string, mount: string): Promise<StaticSite> {
  if (!mount.startsWith('/') || !mount.endsWith('/')) throw new Error(`serveStatic: mount '${mount}' must start and end with '/'`);
  const root = normalize(folder) + sep;
  const requests: string[] = [];
  const server: Server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://host').pathname;
    requests.push(path);
    if (`${path}/` === mount) {
      response.writeHead(301, { Location: mount }).end();
      return;
    }
    const file = path.startsWith(mount) ? normalize(join(root, decodeURIComponent(path.slice(mount.length)) || 'index.html')) : null;
    const served = file !== null && file.startsWith(root) ? (file.endsWith(sep) ? join(file, 'index.html') : file) : null;
    if (served === null) {
      response.writeHead(404).end();
      return;
    }
    readFile(served).then(
      (body) => response.writeHead(200, { 'Content-Type': CONTENT_TYPES[extname(served)] ?? 'application/octet-stream' }).end(body),
      () => response.writeHead(404).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${mount}`,
    requests,
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
