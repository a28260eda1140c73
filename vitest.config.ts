// Vitest in Node: TypeScript units and the built WASM module (tests/web).
// The browser tests have their own config (tests/e2e/vitest.config.ts).
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/web/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
  },
});
