import type { SimResult } from '../config/types';
import { formatCount } from '../lib/format';
import { appHeadline } from '../lib/appChart';

// The browser and the server run the same core, so the same config + seed must give identical
// counts; this says so (or loudly says it did not).
export function Agreement({ wasm, server }: { wasm: SimResult; server: SimResult }) {
  if (wasm.config_hash !== server.config_hash) {
    return <p className="note" data-testid="agreement">The two results are for different configs.</p>;
  }
  if (wasm.app || server.app) {
    const same = JSON.stringify(wasm.app) === JSON.stringify(server.app);
    return (
      <p className={`note ${same ? 'ok' : 'warn'}`} data-testid="agreement">
        {same ? `Browser (WASM) and server (native) results are identical: ${appHeadline(wasm)}.`
          : `MISMATCH: browser ${appHeadline(wasm)} vs server ${appHeadline(server)}.`}
      </p>
    );
  }
  const same = wasm.cache.hits === server.cache.hits && wasm.cache.lookups === server.cache.lookups;
  return (
    <p className={`note ${same ? 'ok' : 'warn'}`} data-testid="agreement">
      {same
        ? `Browser (WASM) and server (native) results are identical: ${formatCount(wasm.cache.hits)} hits of ${formatCount(wasm.cache.lookups)} look-ups.`
        : `MISMATCH: browser ${formatCount(wasm.cache.hits)}/${formatCount(wasm.cache.lookups)} vs server ${formatCount(server.cache.hits)}/${formatCount(server.cache.lookups)} hits/look-ups.`}
    </p>
  );
}
