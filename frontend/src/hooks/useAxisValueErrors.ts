import { useEffect, useState } from 'react';
import type { Config, FieldError } from '../config/types';
import { sharedCore } from '../core/client';
import { axisValueErrors, type AxisValues } from '../lib/sweep';

class Stale extends Error {}

// The new-sweep form's axis values checked by the core (lib/sweep.ts, axisValueErrors) in the
// page's shared worker, after a short pause in typing. Until the check of the current axes has
// answered, no axis has an error: the server checks every point on submit anyway.
export function useAxisValueErrors(base: Config, axes: Array<AxisValues | null>): Array<FieldError | null> {
  const key = JSON.stringify([base, axes]);
  const [answer, setAnswer] = useState<{ key: string; errors: Array<FieldError | null> } | null>(null);
  useEffect(() => {
    let live = true;
    const prepare = async (config: Config) => {
      // Axes changed meanwhile: stop asking about the old ones.
      if (!live) throw new Stale();
      const o = (await sharedCore().call('prepare', config)).outcome;
      return o.kind === 'invalid' ? o.error : null;
    };
    const t = setTimeout(() => {
      axisValueErrors(prepare, base, axes).then((errors) => live && setAnswer({ key, errors }), () => undefined);
    }, 120);
    return () => {
      live = false;
      clearTimeout(t);
    };
    // Keyed on the JSON text: equal axes re-parsed on every render need no new check.
  }, [key]);
  return answer?.key === key ? answer.errors : axes.map(() => null);
}
