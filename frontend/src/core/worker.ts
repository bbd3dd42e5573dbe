/// <reference lib="webworker" />
// Web Worker hosting the WASM core: every simulation runs here, never on the main thread, and
// Cancel is worker.terminate() (the core's run() is synchronous and cannot be interrupted).
import createSwitchLabCore from '@wasm/switchlab_core.mjs';
import wasmUrl from '@wasm/switchlab_core.wasm?url';
import { handle, type Request, type Response } from './protocol';

const core = createSwitchLabCore({
  locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path),
});

self.onmessage = async (ev: MessageEvent<Request>) => {
  const req = ev.data;
  let reply: Response;
  try {
    const mod = await core;
    const t0 = performance.now();
    const outcome = handle(mod, req);
    reply = { id: req.id, ok: true, outcome, elapsed_ms: performance.now() - t0 };
  } catch (e) {
    reply = { id: req.id, ok: false, message: e instanceof Error ? e.message : String(e) };
  }
  (self as unknown as DedicatedWorkerGlobalScope).postMessage(reply);
};
