import { createContext, useContext, useMemo, useSyncExternalStore } from 'react';
import type { SimResult } from '../config/types';
import { HISTORY_KEY, parseHistory, storeHistory, type HistoryState } from '../lib/runs/history';

// One history store per page over localStorage (lib/runs/history.ts); every view reads the same one,
// and another tab's changes arrive through the storage event.
let state: HistoryState = parseHistory(typeof localStorage === 'undefined' ? null : localStorage.getItem(HISTORY_KEY));
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((l) => l());

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (e) => {
    if (e.key !== HISTORY_KEY) return;
    state = parseHistory(e.newValue);
    notify();
  });
}

export function updateHistory(f: (s: HistoryState) => HistoryState): void {
  state = storeHistory(localStorage, f(state));
  notify();
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

export function useHistory(): HistoryState {
  return useSyncExternalStore(subscribe, () => state, () => state);
}

// The baseline result (and its name) every result panel below the provider shows Δ against.
export interface Baseline {
  name: string;
  result: SimResult;
}
export const BaselineContext = createContext<Baseline | null>(null);
export const useBaseline = () => useContext(BaselineContext);

// The baseline of this browser's history, for a BaselineContext provider.
export function useHistoryBaseline(): Baseline | null {
  const { entries, baseline } = useHistory();
  const entry = entries.find((e) => e.id === baseline);
  return useMemo(() => (entry ? { name: entry.name, result: entry.result } : null), [entry]);
}
