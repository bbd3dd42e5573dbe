/// <reference lib="webworker" />
// Web Worker hosting the WASM core: every simulation runs here, never on the main thread. A run
// advances in ~50 ms chunks (core.Simulation), posting progress after each and checking for a
// Cancel message in between; terminating the worker remains the hard stop (see client.ts).
import { loadBuild, pickBuild } from './build';
import { loadCacti, needsCacti } from './cacti';
import { handle, loadTraces, runStepped, THREADED_WORKER, type Request, type Response } from './protocol';

const scope = self as unknown as DedicatedWorkerGlobalScope;
const build = pickBuild(scope.name === THREADED_WORKER, scope.crossOriginIsolated, navigator.hardwareConcurrency);
const core = loadBuild(build, scope.location.href);
// CACTI's module, loaded at the first request that may price a cost with it (core/cacti.ts). A
// failed load leaves the core without CACTI: its default is then the fit, labelled as such.
let cacti: Promise<unknown> | null = null;
const cactiLoaded = () => (cacti ??= loadCacti(build.threaded, scope.location.href).catch((e: unknown) => {
  console.warn('CACTI 7 (WebAssembly) not loaded; cost figures use the fit', e);
}));
const cancelled = new Set<number>();
// A macrotask (not a microtask) so pending postMessage events, i.e. Cancel, are delivered.
const pause = () => new Promise<void>((r) => setTimeout(r, 0));

self.onmessage = async (ev: MessageEvent<Request>) => {
  const req = ev.data;
  if (req.method === 'cancel') {
    cancelled.add(req.id);
    return;
  }
  let reply: Response;
  try {
    const mod = await core;
    if (needsCacti(req.config)) await cactiLoaded();
    loadTraces(mod, req);
    const t0 = performance.now();
    const outcome = req.method === 'run'
      ? await runStepped(mod, req.config ?? {}, {
        onProgress: (progress) => scope.postMessage({ id: req.id, progress } satisfies Response),
        shouldStop: () => cancelled.has(req.id),
        pause,
      })
      : handle(mod, req);
    reply = { id: req.id, ok: true, outcome, elapsed_ms: performance.now() - t0, threaded: build.threaded };
  } catch (e) {
    reply = { id: req.id, ok: false, message: e instanceof Error ? e.message : String(e) };
  }
  cancelled.delete(req.id);
  scope.postMessage(reply);
};
