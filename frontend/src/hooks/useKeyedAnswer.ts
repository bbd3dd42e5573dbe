import { useEffect, useState } from 'react';

// Starts `compute` for the inputs named by `key` (their JSON text) after `delay` ms (0: at once)
// and passes its answer to `answer`, unless the returned cancel has been called first: the inputs
// changed, so the answer is for an older key and is dropped. `live()` turns false on cancel, so a
// long computation can stop early. A rejected computation answers nothing.
export function startKeyedAnswer<T>(compute: (live: () => boolean) => Promise<T>, delay: number,
  answer: (value: T) => void): () => void {
  let live = true;
  const start = () => compute(() => live).then((value) => live && answer(value), () => undefined);
  const timer = delay > 0 ? setTimeout(start, delay) : (start(), undefined);
  return () => {
    live = false;
    clearTimeout(timer);
  };
}

// The answer of `compute` for the current `key`, or undefined until it has come: computed again
// only when the key changes (equal inputs re-derived on every render need no new answer), after
// `delay` ms, and never showing an answer for an older key.
export function useKeyedAnswer<T>(key: string, compute: (live: () => boolean) => Promise<T>, delay = 0): T | undefined {
  const [answer, setAnswer] = useState<{ key: string; value: T } | null>(null);
  // `compute` is this render's closure over the inputs `key` names.
  useEffect(() => startKeyedAnswer(compute, delay, (value) => setAnswer({ key, value })), [key, delay]);
  return answer?.key === key ? answer.value : undefined;
}
