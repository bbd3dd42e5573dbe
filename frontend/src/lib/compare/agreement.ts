import type { SimResult } from '../../config/types';
import { canonical } from '../../config/examples';
import { engineResults } from '../../engines/results';

// What a browser run and a server run of one config must have identical: what its engine says
// (engines/results.ts). Compared as canonical JSON: the server's result comes back from
// PostgreSQL's JSONB, which reorders an object's keys.
export function agreementKey(r: SimResult): string {
  return canonical(engineResults(r.engine?.name).agreement(r));
}
