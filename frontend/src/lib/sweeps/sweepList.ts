// The sweeps submitted from this browser (localStorage), newest first: the API has no list of
// sweeps, so the new-sweep page lists these and asks the API for each one's status.
interface SweepRef {
  id: string;
  name: string;
  at: string; // ISO time of submission
}

export const SWEEPS_KEY = 'switchlab.sweeps.v1';
export const MAX_SWEEPS = 20;

export function parseSweeps(text: string | null): SweepRef[] {
  if (!text) return [];
  try {
    const v = JSON.parse(text) as unknown;
    return Array.isArray(v) ? v.filter((s): s is SweepRef => !!s && typeof s.id === 'string' && typeof s.name === 'string') : [];
  } catch {
    return [];
  }
}

export function addSweep(list: SweepRef[], s: SweepRef): SweepRef[] {
  return [s, ...list.filter((x) => x.id !== s.id)].slice(0, MAX_SWEEPS);
}

export function rememberSweep(storage: Pick<Storage, 'getItem' | 'setItem'>, s: SweepRef): void {
  try {
    storage.setItem(SWEEPS_KEY, JSON.stringify(addSweep(parseSweeps(storage.getItem(SWEEPS_KEY)), s)));
  } catch {
    // A full localStorage only costs the list entry; the sweep itself is on the server.
  }
}
