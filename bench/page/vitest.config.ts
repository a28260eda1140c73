// Vitest running the page measurements of npm run bench (scripts/bench.sh):
// the allocation during a drag and during playback (its own server and
// browser), the background thread's effect on the page's, and the long drag
// (npm run soak:page runs it for 3 minutes). Like the page tests
// (tests/e2e/vitest.config.ts): the site built and served once, one Chromium,
// one process, one file at a time; each file asserts its bounds.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['bench/page/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['tests/e2e/global-setup.ts'],
    testTimeout: 600_000,
    hookTimeout: 180_000,
    fileParallelism: false,
    isolate: false,
  },
});
