import { useCallback, useMemo, useState } from 'react';
import { UnitsContext, useCoreSchemas } from './hooks/useCoreSchemas';
import { NO_UNITS, Units } from './lib/units';
import { COMPARE_URL, NEW_SWEEP_URL, parseRoute, SERVER_RUNS_URL } from './lib/share';
import { ExploreView } from './views/ExploreView';
import { ExperimentView } from './views/ExperimentView';
import { NewSweepView } from './views/NewSweepView';
import { SweepView } from './views/SweepView';
import { CompareView } from './views/CompareView';
import { ServerRunsView } from './views/ServerRunsView';
import { AccessToken } from './components/AccessToken';

export function App() {
  const route = parseRoute(window.location.pathname, window.location.search);
  const [engine, setEngine] = useState<string | null>(null);
  const onEngineVersion = useCallback((v: string | null) => setEngine(v), []);
  // Every result number below takes its unit from the core's results schema.
  const { schemas } = useCoreSchemas();
  const units = useMemo(() => (schemas ? new Units(schemas.results) : NO_UNITS), [schemas]);
  return (
    <UnitsContext.Provider value={units}>
    <div className="app">
      <header>
        <h1><a href="/">SwitchLab</a></h1>
        <p className="tagline">routing-table cache explorer for interconnection-network switches</p>
        <nav aria-label="Views">
          <a href="/" aria-current={route.view === 'explore' ? 'page' : undefined}>Explore</a>
          <a href={NEW_SWEEP_URL} aria-current={route.view === 'new-sweep' || route.view === 'sweep' ? 'page' : undefined}>Sweeps</a>
          <a href={COMPARE_URL} aria-current={route.view === 'compare' ? 'page' : undefined}>Compare</a>
          <a href={SERVER_RUNS_URL} aria-current={route.view === 'runs' ? 'page' : undefined}>Server runs</a>
        </nav>
        {engine && <span className="engine" data-testid="engine-version">core {engine}</span>}
        <AccessToken />
      </header>
      {route.view === 'experiment' && <ExperimentView id={route.id} />}
      {route.view === 'sweep' && <SweepView id={route.id} />}
      {route.view === 'new-sweep' && <NewSweepView />}
      {route.view === 'compare' && <CompareView />}
      {route.view === 'runs' && <ServerRunsView />}
      {route.view === 'explore' && <ExploreView onEngineVersion={onEngineVersion} />}
    </div>
    </UnitsContext.Provider>
  );
}
