// Loads a WebAssembly build of the core from build/wasm in node (tests, make bench): the one-thread
// build, or with `threaded` the pthread build (switchlab_core_mt, threads on worker_threads).
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const WASM_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../build/wasm');

// Emscripten 3.1.6's node code, even in an ES module, uses CommonJS' require and __dirname.
function commonJsGlobals(dir) {
  globalThis.require ??= createRequire(import.meta.url);
  globalThis.__dirname ??= dir;
}

export async function loadCore({ threaded = false, dir = WASM_DIR } = {}) {
  const name = threaded ? 'switchlab_core_mt' : 'switchlab_core';
  if (threaded) commonJsGlobals(dir);
  const { default: create } = await import(pathToFileURL(path.join(dir, `${name}.mjs`)).href);
  return create({ wasmBinary: fs.readFileSync(path.join(dir, `${name}.wasm`)), locateFile: (file) => path.join(dir, file) });
}

// Loads CACTI 7's module (build/wasm/cacti.mjs, or cacti_mt.mjs with `threaded`) and registers its
// runner as globalThis.switchlabCacti, where the core's cost/cacti/runner_wasm.cpp finds it (as the
// browser's core worker does, frontend/src/core/cacti.ts). Returns the runner.
export async function loadCacti({ threaded = false, dir = WASM_DIR } = {}) {
  const name = threaded ? 'cacti_mt' : 'cacti';
  commonJsGlobals(dir);
  const mod = await import(pathToFileURL(path.join(dir, `${name}.mjs`)).href);
  const wasm = fs.readFileSync(path.join(dir, `${name}.wasm`));
  globalThis.switchlabCacti = threaded
    ? await mod.threadedRunner({ wasmBinary: wasm, locateFile: (file) => path.join(dir, file) })
    : mod.singleThreadRunner(new WebAssembly.Module(wasm));
  return globalThis.switchlabCacti;
}

// Ends node once stdout is written out (exiting at once can cut a piped stdout short): the threaded
// build's idle pthread workers would otherwise keep it running.
export function exitWhenWritten() {
  process.stdout.write('', () => process.exit(0));
}
