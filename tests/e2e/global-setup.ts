// Once per e2e run, before any file: builds the static site (dist/, as
// `npm run build` does) and serves it with `vite preview`; every file's pages
// open this one server (browser.ts: servedSite()). A build per file cost a
// few seconds each, thirty times a run, and each file would rebuild the dist/
// the previous file's server had served.
import { build, preview } from 'vite';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The served site's URL, with its trailing slash. */
    siteUrl: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  await build({ configFile: 'vite.config.ts', logLevel: 'warn' });
  const server = await preview({
    configFile: 'vite.config.ts',
    logLevel: 'warn',
    preview: { port: 0, strictPort: false, host: '127.0.0.1' },
  });
  const url = server.resolvedUrls?.local[0];
  if (!url) throw new Error('vite preview did not report a URL');
  project.provide('siteUrl', url);
  return () => server.close();
}
