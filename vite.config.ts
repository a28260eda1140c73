// The page lives in web/; it imports the character and the shaders from the
// repository root, so the dev server must be allowed to read outside web/.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const repoRoot = fileURLToPath(new URL('.', import.meta.url));

// Cross-origin isolation lets performance.now() tick in microseconds instead
// of Chromium's coarse 100 µs, so the HUD's solve time means something. Every
// resource of the page is same-origin, so nothing else is affected.
const isolationHeaders = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
};

export default defineConfig({
  root: fileURLToPath(new URL('./web', import.meta.url)),
  // Relative asset URLs: the built site works from any sub-path.
  base: './',
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    // Two pages: the posing demo and the candy-wrapper comparison.
    rollupOptions: {
      input: {
        main: fileURLToPath(new URL('./web/index.html', import.meta.url)),
        candy: fileURLToPath(new URL('./web/candy-wrapper.html', import.meta.url)),
      },
    },
    // three.js's WebGL renderer alone is most of the ~720 kB bundle; one
    // chunk loads fine, so only warn well above that.
    chunkSizeWarningLimit: 1000,
  },
  server: {
    host: '127.0.0.1',
    port: 5173,
    headers: isolationHeaders,
    fs: { allow: [repoRoot] },
  },
  preview: {
    host: '127.0.0.1',
    port: 4173,
    headers: isolationHeaders,
  },
});
