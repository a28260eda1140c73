// Vitest running the page tests: Playwright-core drives Debian's Chromium
// against the site built by Vite and served by `vite preview`, once for the
// whole run (global-setup.ts). Every file runs in one process, one file at a
// time: they share the connection to that Chromium and its pages
// (shared-pages.ts hands each file a page reset to how it opens). The files
// run in the order of their names, each run the same: a failure that an
// earlier file's use of a page brought about comes back when run again.
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

class ByName extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return [...files].sort((a, b) => a.moduleId.localeCompare(b.moduleId));
  }
}

export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['tests/e2e/global-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    fileParallelism: false,
    isolate: false,
    sequence: { sequencer: ByName },
  },
});
