// CACTI 7 as a second WebAssembly module (wasm-core/CMakeLists.txt; docs/cost-model.md, "Exact CACTI
// in the browser"), loaded by a core worker only when a request needs exact cost figures, i.e. a
// config that does not ask for cost.method "fit". The loaded runner is registered as
// globalThis.switchlabCacti, which the core calls synchronously (wasm-core/src/cost/cacti/
// runner_wasm.cpp); until it is, the core has no CACTI and its default method is the fit. A worker on
// the threaded core (cross-origin isolated, more than one core; build.ts) runs CACTI's organisation
// search on threads too (cacti_mt), any other on one thread with a fresh instance per array.
// Loaded by URL like the core, so a page that never prices a cache never downloads it.
import singleModule from '@wasm/cacti.mjs?url';
import singleWasm from '@wasm/cacti.wasm?url';
import threadedModule from '@wasm/cacti_mt.mjs?url';
import threadedWasm from '@wasm/cacti_mt.wasm?url';
import threadedWorker from '@wasm/cacti_mt.worker.js?url&no-inline';
import type { Config } from '../config/types';

// wasm-core/bindings/wasm/cacti_runner.js: one CACTI run, as runner.hpp's RunOutput.
export interface CactiRunner {
  threaded: boolean;
  run(cfgText: string, timeLimitS: number): { exit_code: number; timed_out: boolean; out: string; err: string };
}

interface CactiModule {
  singleThreadRunner(wasm: WebAssembly.Module): CactiRunner;
  threadedRunner(options: { locateFile: (path: string) => string; mainScriptUrlOrBlob: string }): Promise<CactiRunner>;
}

// Whether handling `config` may price a cache or CAM with CACTI (cost.method absent: the default).
export function needsCacti(config: Config | undefined): boolean {
  const cost = (config as { cost?: { method?: unknown } } | undefined)?.cost;
  return config !== undefined && cost?.method !== 'fit';
}

// Loads CACTI's module and registers its runner; URLs are relative to `base` (the worker's URL).
export async function loadCacti(threaded: boolean, base: string): Promise<CactiRunner> {
  const url = (u: string) => new URL(u, base).href;
  const moduleUrl = url(threaded ? threadedModule : singleModule);
  const mod = (await import(/* @vite-ignore */ moduleUrl)) as CactiModule;
  const runner = threaded
    ? await mod.threadedRunner({
      locateFile: (path: string) => url(path.endsWith('.wasm') ? threadedWasm : threadedWorker),
      mainScriptUrlOrBlob: moduleUrl,
    })
    : mod.singleThreadRunner(await WebAssembly.compile(await (await fetch(url(singleWasm))).arrayBuffer()));
  (globalThis as { switchlabCacti?: CactiRunner }).switchlabCacti = runner;
  return runner;
}
