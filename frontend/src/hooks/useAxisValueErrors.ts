import type { Config, FieldError } from '../config/types';
import { sharedCore } from '../core/client';
import { axisValueErrors, firstFailingPoint, type AxisValues, type FailingPoint } from '../lib/sweeps/sweep';
import { useKeyedAnswer } from './useKeyedAnswer';

class Stale extends Error {}

// prepare() in the page's shared worker: the core's error for `config`, or null. Throws Stale
// once `live()` is false (the axes changed meanwhile: stop asking about the old ones).
function preparer(live: () => boolean) {
  return async (config: Config) => {
    if (!live()) throw new Stale();
    const o = (await sharedCore().call('prepare', config)).outcome;
    return o.kind === 'invalid' ? o.error : null;
  };
}

// The new-sweep form's axis values checked by the core (lib/sweeps/sweep.ts, axisValueErrors) in the
// page's shared worker, after a short pause in typing. Until the check of the current axes has
// answered, no axis has an error.
export function useAxisValueErrors(base: Config, axes: Array<AxisValues | null>): Array<FieldError | null> {
  const errors = useKeyedAnswer(JSON.stringify([base, axes]), (live) => axisValueErrors(preparer(live), base, axes), 120);
  return errors ?? axes.map(() => null);
}

// Every point of the grid checked by the core (lib/sweeps/sweep.ts, firstFailingPoint): undefined while
// the check runs (Submit waits for it), then the first failing point or null. `axes` null: no
// grid to check yet (the axes themselves have errors).
export function usePointCheck(base: Config, axes: AxisValues[] | null): FailingPoint | null | undefined {
  return useKeyedAnswer(JSON.stringify([base, axes]),
    (live) => (axes ? firstFailingPoint(preparer(live), base, axes) : Promise.resolve(null)), 120);
}
