import { useCallback, useMemo, useState } from 'react';
import { UnitsContext, useCoreSchemas } from './hooks/useCoreSchemas';
import { NO_UNITS, Units } from './lib/numbers/units';
import { navEntries, parseRoute, renderRoute } from './views/routes';
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
          {navEntries(route).map((e) => (
            <a key={e.href} href={e.href} aria-current={e.current ? 'page' : undefined}>{e.label}</a>
          ))}
        </nav>
        {engine && <span className="engine" data-testid="engine-version">core {engine}</span>}
        <AccessToken />
      </header>
      {renderRoute(route, { onEngineVersion })}
    </div>
    </UnitsContext.Provider>
  );
}
