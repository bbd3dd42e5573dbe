import { useEffect, useState } from 'react';
import type { Config } from '../config/types';
import { sharedCore } from '../core/client';
import type { TopologyDrawing } from '../lib/drawing/description';
import { startKeyedAnswer } from './useKeyedAnswer';

// The core's drawing description of `config`'s network (topology_drawing, in the page's shared
// worker), or undefined until it has come or for an invalid config. The last answer stays shown
// while the next one is on its way, so typing does not make the drawing flicker.
export function useTopologyDrawing(config: Config | undefined): TopologyDrawing | undefined {
  const [drawing, setDrawing] = useState<TopologyDrawing | undefined>(undefined);
  const key = config ? JSON.stringify(config) : '';
  useEffect(() => {
    if (!config) return undefined;
    return startKeyedAnswer(async () => {
      const { outcome } = await sharedCore().call('drawing', config);
      return outcome.kind === 'value' ? (outcome.value as TopologyDrawing) : undefined;
    }, 0, setDrawing);
  }, [key]); // eslint-disable-line react-hooks/exhaustive-deps
  return drawing;
}
