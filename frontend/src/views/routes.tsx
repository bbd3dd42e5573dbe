import type { ReactNode } from 'react';
import { COMPARE_URL, NEW_SWEEP_URL, SERVER_RUNS_URL } from '../lib/runs/share';
import { CompareView } from './CompareView';
import { ExperimentView } from './ExperimentView';
import { ExploreView } from './ExploreView';
import { NewSweepView } from './NewSweepView';
import { ServerRunsView } from './ServerRunsView';
import { SweepView } from './SweepView';

// The explorer's views, one row each: which URLs select the view, its entry in the header's
// navigation, and what it renders. A new view is its component plus one row here; App and the
// links derive everything else from this table.
//
// URLs: "/" explore, "/e/{id}" a stored experiment, "/s/{id}" a sweep, "/?view=sweeps" a new
// sweep, "/?view=compare" runs side by side (ids in the fragment), "/?view=runs" the server's
// history. The last three live under "/" so that any server that serves index.html for "/",
// "/e/*" and "/s/*" serves them too; "/sweeps" and "/compare" are understood as well. The first
// row that matches wins; a URL no row matches shows the explorer. Rows are in the header's order.

export interface ViewContext {
  onEngineVersion: (version: string | null) => void;
}

type Params = Record<string, string>;

interface ViewRoute {
  view: string;
  // The view's parameters when the URL selects it, else null (none: the view of every other URL).
  match?: (pathname: string, query: URLSearchParams) => Params | null;
  // Its own entry in the header, or the entry it belongs under (a sweep under "Sweeps").
  nav?: { label: string; href: string } | { under: string };
  render: (params: Params, ctx: ViewContext) => ReactNode;
}

const byQuery = (view: string, ...paths: RegExp[]) => (pathname: string, query: URLSearchParams) =>
  query.get('view') === view || paths.some((p) => p.test(pathname)) ? {} : null;
const byId = (prefix: string) => (pathname: string) => {
  const m = new RegExp(`^/${prefix}/([0-9a-zA-Z_-]+)/?$`).exec(pathname);
  return m ? { id: m[1] } : null;
};

export const ROUTES: readonly ViewRoute[] = [
  { view: 'explore', nav: { label: 'Explore', href: '/' },
    render: (_p, ctx) => <ExploreView onEngineVersion={ctx.onEngineVersion} /> },
  { view: 'new-sweep', match: byQuery('sweeps', /^\/sweeps\/?$/), nav: { label: 'Sweeps', href: NEW_SWEEP_URL },
    render: () => <NewSweepView /> },
  { view: 'sweep', match: byId('s'), nav: { under: 'new-sweep' }, render: (p) => <SweepView id={p.id} /> },
  { view: 'compare', match: byQuery('compare', /^\/compare\/?$/), nav: { label: 'Compare', href: COMPARE_URL },
    render: () => <CompareView /> },
  { view: 'runs', match: byQuery('runs'), nav: { label: 'Server runs', href: SERVER_RUNS_URL },
    render: () => <ServerRunsView /> },
  { view: 'experiment', match: byId('e'), render: (p) => <ExperimentView id={p.id} /> },
];
const FALLBACK = ROUTES.find((r) => !r.match)!;

export type Route = { view: string } & Params;

export function parseRoute(pathname: string, search = ''): Route {
  const query = new URLSearchParams(search);
  for (const r of ROUTES) {
    const params = r.match?.(pathname, query);
    if (params) return { ...params, view: r.view };
  }
  return { view: FALLBACK.view };
}

export function renderRoute(route: Route, ctx: ViewContext): ReactNode {
  const { view, ...params } = route;
  return (ROUTES.find((r) => r.view === view) ?? FALLBACK).render(params, ctx);
}

// The header's entries, each marked current when its view, or a view under it, is shown.
export function navEntries(route: Route): { label: string; href: string; current: boolean }[] {
  const shown = ROUTES.find((r) => r.view === route.view) ?? FALLBACK;
  const current = shown.nav && 'under' in shown.nav ? shown.nav.under : shown.view;
  return ROUTES.flatMap((r) =>
    r.nav && 'label' in r.nav ? [{ label: r.nav.label, href: r.nav.href, current: r.view === current }] : []);
}
