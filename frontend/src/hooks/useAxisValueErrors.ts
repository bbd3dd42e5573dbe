import type { Config, FieldError } from '../config/types';
import { sharedCore } from '../core/client';
import { axisValueErrors, type AxisValues } from '../lib/sweep';
import { useKeyedAnswer } from './useKeyedAnswer';

class Stale extends Error {}

// The new-sweep form's axis values checked by the core (lib/sweep.ts, axisValueErrors) in the
// page's shared worker, after a short pause in typing. Until the check of the current axes has
// answered, no axis has an error: the server checks every point on submit anyway.
export function useAxisValueErrors(base: Config, axes: Array<AxisValues | null>): Array<FieldError | null> {
  const errors = useKeyedAnswer(JSON.stringify([base, axes]), (live) => {
    const prepare = async (config: Config) => {
      // Axes changed meanwhile: stop asking about the old ones.
      if (!live()) throw new Stale();
      const o = (await sharedCore().call('prepare', config)).outcome;
      return o.kind === 'invalid' ? o.error : null;
    };
    return axisValueErrors(prepare, base, axes);
  }, 120);
  return errors ?? axes.map(() => null);
}
