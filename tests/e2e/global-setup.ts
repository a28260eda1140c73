// Once per e2e run, before any file: builds the static site (dist/, as
// `npm run build` does) and serves it with `vite preview`, and launches
// Debian's Chromium; every file opens its pages on this one server in this
// one browser (browser.ts: servedSite(), sharedChromium()). A build per file
// cost a few seconds each, 25 times a run, and each file would rebuild the
// dist/ the previous file's server had served; a browser per file compiled
// the page's shaders again.
import { chromium } from 'playwright-core';
import { build, preview } from 'vite';
import type { TestProject } from 'vitest/node';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './browser.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The served site's URL, with its trailing slash. */
    siteUrl: string;
    /** Where the run's Chromium takes connections (chromium.connect). */
    chromiumEndpoint: string;
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
  const browser = await chromium.launchServer({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  project.provide('chromiumEndpoint', browser.wsEndpoint());
  return async () => {
    await browser.close();
    await server.close();
  };
}
