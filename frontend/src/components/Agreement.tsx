import type { SimResult } from '../config/types';
import { formatCount } from '../lib/numbers/format';
import { appHeadline } from '../lib/charts/appChart';
import { agreementKey } from '../lib/compare/agreement';
import { runHeadline } from '../lib/runs/history';
import { useUnits } from '../hooks/useCoreSchemas';

// The browser and the server run the same core, so the same config + seed must give identical
// results; this says so (or loudly says it did not).
export function Agreement({ wasm, server }: { wasm: SimResult; server: SimResult }) {
  const units = useUnits();
  if (wasm.config_hash !== server.config_hash) {
    return <p className="note" data-testid="agreement">The two results are for different configs.</p>;
  }
  const same = agreementKey(wasm) === agreementKey(server);
  // What was compared, in words: the route walk's counts, the other engines' headline.
  const said = (r: SimResult) => (r.app ? appHeadline(r) : r.engine?.name === 'cycle' ? runHeadline(r, (p) => units.unitOf(p))
    : `${formatCount(r.cache.hits)} hits of ${formatCount(r.cache.lookups)} look-ups`);
  return (
    <p className={`note ${same ? 'ok' : 'warn'}`} data-testid="agreement">
      {same
        ? `Browser (WASM) and server (native) results are identical: ${said(wasm)}.`
        : `MISMATCH: browser ${said(wasm)} vs server ${said(server)}.`}
    </p>
  );
}
