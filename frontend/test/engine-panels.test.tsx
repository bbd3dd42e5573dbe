import { beforeAll, describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import type { ReactElement } from 'react';
import { ResultPanel } from '../src/components/ResultPanel';
import { UnitsContext } from '../src/hooks/useCoreSchemas';
import { describeEngine, enginesOf, setEngines, simulatedBy, type EngineDescription } from '../src/engines/describe';
import { panelOf } from '../src/engines/panels';
import { engineResults } from '../src/engines/results';
import { agreementKey } from '../src/lib/compare/agreement';
import { runHeadline } from '../src/lib/runs/history';
import { workOf } from '../src/lib/runs/placement';
import type { Units } from '../src/lib/numbers/units';
import type { Config, SimResult } from '../src/config/types';
import { configSchema, coreUnits } from './core';
import { SLICE_CONFIG, SLICE_RESULT } from './fixtures';

// The explorer's engines come from the core's description (x-engines) plus a registry of panels
// keyed by it: an engine the core describes and the explorer has no panel for still shows its
// result, through the generic view of its headline numbers.
const TOY: EngineDescription = {
  name: 'toy', doc: 'a made-up engine', headline: ['toy.levels_walked', 'summary.nodes'], runs_in_core: true,
  runs_elsewhere: '', twin_of: '', work: ['flit_hops'], run_threads: false,
};
// An engine that simulates the toy's system elsewhere (as SimGrid does engine app's).
const TOY_TWIN: EngineDescription = { ...TOY, name: 'toy_twin', runs_in_core: false, runs_elsewhere: 'on a server', twin_of: 'toy' };
const TOY_RESULT = { ...SLICE_RESULT, engine: { name: 'toy', version: '0' }, toy: { levels_walked: 7 } } as SimResult;

let units: Units;
let core: EngineDescription[];
beforeAll(async () => {
  core = enginesOf(await configSchema());
  setEngines([...core, TOY, TOY_TWIN]);
  units = await coreUnits();
});
const render = (el: ReactElement) => renderToStaticMarkup(<UnitsContext.Provider value={units}>{el}</UnitsContext.Provider>);

describe('engine panels', () => {
  it('has a panel for every engine the core describes', () => {
    expect(core.map((e) => e.name).length).toBeGreaterThan(0);
    for (const e of core) expect(panelOf(e.name).Summary.name, e.name).not.toBe('GenericResult');
  });

  it('shows an engine without a panel through the generic view of its headline numbers', () => {
    const html = render(<ResultPanel title="Toy" source="test" prefix="t" config={{ ...SLICE_CONFIG, engine: 'toy' as Config['engine'] }} result={TOY_RESULT} />);
    expect(html).toContain('data-testid="t-generic-result"');
    expect(html).toContain('Engine toy: a made-up engine');
    expect(html).toMatch(/<th scope="row">toy\.levels_walked<\/th><td>7<\/td>/);
    // A registered engine's panels are not drawn for it: no route-walk hit rate, no port-class chart.
    expect(html).not.toContain('data-testid="t-hit-rate"');
    const walk = render(<ResultPanel title="Walk" source="test" prefix="w" config={SLICE_CONFIG} result={SLICE_RESULT} />);
    expect(walk).toContain('data-testid="w-hit-rate"');
    expect(walk).not.toContain('generic-result');
  });

  it('finds the engine that simulates an engine\'s system elsewhere from the description', () => {
    expect(simulatedBy('toy')).toBe('toy_twin');
    expect(simulatedBy('toy_twin')).toBeUndefined();
    expect(simulatedBy('')).toBeUndefined();
    // The core's own twins: each names an engine it describes.
    for (const e of core.filter((d) => d.twin_of !== '')) expect(simulatedBy(e.twin_of)).toBe(e.name);
    expect(core.some((d) => d.twin_of !== '')).toBe(true);
  });

  it('takes its headline, agreement and work from the description', () => {
    expect(describeEngine('toy')).toEqual(TOY);
    // (Its result has no summary.nodes: the headline keys it has.)
    expect(runHeadline(TOY_RESULT, (p) => units.unitOf(p))).toBe('toy.levels_walked 7');
    expect(agreementKey(TOY_RESULT)).not.toBe(agreementKey({ ...TOY_RESULT, toy: { levels_walked: 8 } } as SimResult));
    expect(workOf({ engine: 'toy' }).key).toBe('flit_hops');
    expect(engineResults('toy').searchesLoad).toBeUndefined();
  });
});
