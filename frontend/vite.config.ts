import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));
// Cross-origin isolation, as the API and nginx serve the built UI (docs/security.md): it lets the
// core's worker use the threaded WASM build (src/core/build.ts).
const isolation = { 'Cross-Origin-Opener-Policy': 'same-origin', 'Cross-Origin-Embedder-Policy': 'require-corp' };

// The WASM core is built by CMake/Emscripten into ../build/wasm; it is imported through an alias
// (never copied into src/) so the UI always runs exactly the core the native build came from.
export default defineConfig({
  base: '/',
  resolve: {
    alias: {
      // SWITCHLAB_WASM_DIR: use another build of the core (e.g. a scratch Emscripten build).
      '@wasm': process.env.SWITCHLAB_WASM_DIR ?? here('../build/wasm'),
      // The example catalogue at the repository root (examples/README.md), bundled into the UI.
      '@examples': here('../examples'),
    },
  },
  // Automatic JSX runtime without @vitejs/plugin-react (no fast refresh needed here).
  oxc: { jsx: { runtime: 'automatic' } },
  worker: { format: 'es' },
  server: {
    headers: isolation,
    fs: { allow: [here('..'), ...(process.env.SWITCHLAB_WASM_DIR ? [process.env.SWITCHLAB_WASM_DIR] : [])] },
    // `npm run dev` talks to a locally running API (see docs/frontend.md).
    proxy: { '/api': process.env.SWITCHLAB_URL ?? 'http://127.0.0.1:8000' },
  },
  preview: { headers: isolation },
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2022', chunkSizeWarningLimit: 1024 },
  test: {
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    environment: 'node',
    testTimeout: 60000,
  },
});
