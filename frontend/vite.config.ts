import { defineConfig } from 'vitest/config';
import type { Plugin } from 'vite';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));
// Cross-origin isolation, as the API and nginx serve the built UI (docs/security.md): it lets the
// core's worker use the threaded WASM build (src/core/build.ts).
const isolation = { 'Cross-Origin-Opener-Policy': 'same-origin', 'Cross-Origin-Embedder-Policy': 'require-corp' };
const wasmDir = process.env.SWITCHLAB_WASM_DIR ?? here('../build/wasm');

// The dev server turns every .js it serves into an ES module (it adds an import), which breaks the
// threaded modules' pthread workers (the core's, CACTI's: src/core/cacti.ts), classic scripts: the
// dev server serves those files as built.
const PTHREAD_WORKERS = ['switchlab_core_mt.worker.js', 'cacti_mt.worker.js'];
const rawPthreadWorker: Plugin = {
  name: 'switchlab-raw-pthread-worker',
  configureServer(server) {
    server.middlewares.use((req, res, next) => {
      // Not `?url&no-inline`: that is the import that gives the UI this file's URL.
      const [file, query = ''] = (req.url ?? '').split('?');
      const worker = PTHREAD_WORKERS.find((w) => file.endsWith(`/${w}`));
      if (!worker || query.split('&').includes('url')) return next();
      res.writeHead(200, { ...isolation, 'Content-Type': 'text/javascript' });
      res.end(readFileSync(path.join(wasmDir, worker)));
    });
  },
};

// The WASM core is built by CMake/Emscripten into ../build/wasm; it is imported through an alias
// (never copied into src/) so the UI always runs exactly the core the native build came from.
export default defineConfig({
  base: '/',
  resolve: {
    alias: {
      // SWITCHLAB_WASM_DIR: use another build of the core (e.g. a scratch Emscripten build).
      '@wasm': wasmDir,
      // The example catalogue at the repository root (examples/README.md), bundled into the UI.
      '@examples': here('../examples'),
    },
  },
  // Automatic JSX runtime without @vitejs/plugin-react (no fast refresh needed here).
  oxc: { jsx: { runtime: 'automatic' } },
  plugins: [rawPthreadWorker],
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
