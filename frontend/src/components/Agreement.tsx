import type { SimResult } from '../config/types';
import { agreementKey } from '../lib/compare/agreement';
import { engineResults } from '../engines/results';
import { useUnits } from '../hooks/useCoreSchemas';

// The browser and the server run the same core, so the same config + seed must give identical
// results; this says so (or loudly says it did not).
export function Agreement({ wasm, server }: { wasm: SimResult; server: SimResult }) {
  const units = useUnits();
  if (wasm.config_hash !== server.config_hash) {
    return <p className="note" data-testid="agreement">The two results are for different configs.</p>;
  }
  const same = agreementKey(wasm) === agreementKey(server);
  // What was compared, in words, as the engine says it.
  const said = (r: SimResult) => engineResults(r.engine?.name).agreementText(r, (p) => units.unitOf(p));
  return (
    <p className={`note ${same ? 'ok' : 'warn'}`} data-testid="agreement">
      {same
        ? `Browser (WASM) and server (native) results are identical: ${said(wasm)}.`
        : `MISMATCH: browser ${said(wasm)} vs server ${said(server)}.`}
    </p>
  );
}
