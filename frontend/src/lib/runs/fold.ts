// Whether the next run's drawing is folded away beside a result.
//
// It folds so that a stale result's "out of date" banner stays in view. The choice is made once per
// config the form holds, from whether a result was on screen when that config arrived: a result
// that arrives later (the first screen's example, ending after a preset was picked) must not fold
// away the drawing the user is already looking at.
export interface Fold {
  key: string | null; // the form's canonical config (null while its text does not parse)
  folded: boolean;
}

export function nextFold(prev: Fold | null, key: string | null, hasResult: boolean): Fold {
  return prev !== null && prev.key === key ? prev : { key, folded: hasResult };
}
