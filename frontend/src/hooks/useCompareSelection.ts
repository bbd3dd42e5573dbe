import { useCallback, useEffect, useMemo, useState } from 'react';
import { selectionFromHash, selectionHash, type CompareSelection } from '../lib/compare/compare';

// How the view's own change of the selection enters the browser's history: 'push' makes it a step
// that Back undoes (ticking a run); 'replace' rewrites the current step (typing ids, so that a
// keystroke is not a step).
type HistoryStep = 'push' | 'replace';

// The Compare view's selection, held by the URL fragment alone: it follows every new fragment (a
// link, a URL typed into the same tab, Back/Forward), and `select` writes the fragment.
export function useCompareSelection(): [CompareSelection, (s: CompareSelection, step: HistoryStep) => void] {
  const [hash, setHash] = useState(() => window.location.hash);
  useEffect(() => {
    const follow = () => setHash(window.location.hash);
    // hashchange: a fragment navigated to; popstate: Back/Forward, also between entries pushState made.
    window.addEventListener('hashchange', follow);
    window.addEventListener('popstate', follow);
    return () => {
      window.removeEventListener('hashchange', follow);
      window.removeEventListener('popstate', follow);
    };
  }, []);
  const select = useCallback((s: CompareSelection, step: HistoryStep) => {
    const next = selectionHash(s);
    if (next === window.location.hash) return;
    if (step === 'push') window.history.pushState(null, '', next);
    else window.history.replaceState(null, '', next);
    // Neither method fires an event: the hook takes the new fragment itself.
    setHash(next);
  }, []);
  return [useMemo(() => selectionFromHash(hash), [hash]), select];
}
