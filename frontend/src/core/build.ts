// Which build of the WASM core a worker loads (docs/engines.md, "WebAssembly threads"). The threaded
// build runs a route walk on sim.threads threads (0: every core) as natively; its memory is a
// SharedArrayBuffer, which a page only has when cross-origin isolated (COOP + COEP headers), and a
// thread pool only pays with more than one core. Results are identical with either build.
// Both builds are loaded by URL (not bundled), so a page downloads only the one it runs, and the
// threaded build's pthread workers can import the very same file.
import singleModule from '@wasm/switchlab_core.mjs?url';
import singleWasm from '@wasm/switchlab_core.wasm?url';
import threadedModule from '@wasm/switchlab_core_mt.mjs?url';
import threadedWasm from '@wasm/switchlab_core_mt.wasm?url';
// Never inlined: a worker from a data: URL would have an opaque origin (and the CSP forbids it).
import threadedWorker from '@wasm/switchlab_core_mt.worker.js?url&no-inline';
import type { CoreModule } from './protocol';

export interface CoreBuild {
  threaded: boolean;
  module: string;
  wasm: string;
  pthreadWorker?: string;
}

export const SINGLE: CoreBuild = { threaded: false, module: singleModule, wasm: singleWasm };
export const THREADED: CoreBuild = { threaded: true, module: threadedModule, wasm: threadedWasm, pthreadWorker: threadedWorker };

export function pickBuild(wantThreads: boolean, crossOriginIsolated: boolean, cores: number): CoreBuild {
  return wantThreads && crossOriginIsolated && cores > 1 ? THREADED : SINGLE;
}

// The Emscripten module's factory (MODULARIZE, EXPORT_ES6) with the options used here.
type CreateCore = (opts: {
  locateFile: (path: string) => string;
  mainScriptUrlOrBlob: string;
}) => Promise<CoreModule>;

// Loads `build`; its URLs are relative to `base` (the worker's own URL).
export async function loadBuild(build: CoreBuild, base: string): Promise<CoreModule> {
  const url = (u: string) => new URL(u, base).href;
  const { default: create } = (await import(/* @vite-ignore */ url(build.module))) as { default: CreateCore };
  return create({
    locateFile: (path: string) => url(path.endsWith('.wasm') ? build.wasm : build.pthreadWorker ?? path),
    // What the pthread workers import (by default the importing script: here the bundled worker).
    mainScriptUrlOrBlob: url(build.module),
  });
}
