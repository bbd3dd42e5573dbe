import { createSweep, type SweepRequest } from '../../api/client';
import { rememberSweep } from './sweepList';

// Submits a sweep, lists it among this browser's sweeps and opens its page (/s/{id}). A rejected
// point (InvalidConfig) or any other error reaches the caller.
export async function submitSweep(body: SweepRequest): Promise<void> {
  const sweep = await createSweep(body);
  rememberSweep(localStorage, { id: sweep.id, name: sweep.name, at: new Date().toISOString() });
  window.location.assign(`/s/${sweep.id}`);
}
