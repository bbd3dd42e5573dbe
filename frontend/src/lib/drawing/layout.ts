import { forceLayout } from './forceLayout';
import type { LayoutHint, TopologyDrawing } from './description';
import { bundledEdgesFor, edgesFor, gridLayout, gridLinkLayout, groupEdgesFor, groupLayout, layeredLayout, MAX_SINGLE_EDGES, MIN_LINK_CELL, type Edge, type GridLayout } from './topology';

// Geometry of any network from the core's drawing description, chosen by its layout hint alone
// (never by topology kind): a grid per dimension pair, rows of levels, groups on a circle, or a
// seeded force layout, which is also what a hint this frontend does not know gets, so that every
// topology the core adds is drawn.

type Hint<T extends LayoutHint['type']> = Extract<LayoutHint, { type: T }>;

export interface Drawn {
  layout: GridLayout;
  edges: Edge[];
}

// perPort: the result has per-port utilisation, so a grid leaves room between its cells for links
// to carry it. Null when the network is too big to draw switch by switch (the core's max_switches),
// except a grid, which needs only its dims to draw its first slices up to that many switches.
export function drawnLayout(d: TopologyDrawing, bySwitch: number[] | undefined, color: (v: number) => string, perPort: boolean): Drawn | null {
  if (d.layout.type === 'grid') {
    const { dims } = d.layout as Hint<'grid'>;
    const linked = perPort && d.links ? gridLinkLayout(dims, d.links, bySwitch, { color }) : null;
    const layout = linked ?? gridLayout(dims, bySwitch, { color, maxCells: d.max_switches });
    return layout.shownSlices > 0 ? { layout, edges: linked?.edges ?? [] } : null;
  }
  if (!d.drawn) return null;
  if (d.layout.type === 'levels') {
    const h = d.layout as Hint<'levels'>;
    // Links too many to draw one by one (or to list: the core's bundles) are drawn as bundles.
    const bundled = !d.links || d.links.length > MAX_SINGLE_EDGES;
    const layout = layeredLayout(h.levels, h.per_level, bySwitch, { color, word: h.word, bottom: h.bottom ?? undefined, top: h.top ?? undefined, bundled });
    return { layout, edges: !d.links ? bundledEdgesFor(layout, null, d.link_bundles) : bundled ? bundledEdgesFor(layout, d.links) : edgesFor(layout, d.links) };
  }
  if (d.layout.type === 'groups') {
    const h = d.layout as Hint<'groups'>;
    const layout = groupLayout(h.per_group, h.groups, bySwitch, { color });
    return { layout, edges: groupEdgesFor(layout, d.links, h.every_pair) };
  }
  const force = forceLayout(d.switches, d.links ?? [], bySwitch, { color });
  return { layout: force, edges: force.edges };
}

// How to read the drawing, per layout hint.
export function layoutNote(hint: TopologyDrawing['layout']): string {
  if (hint.type === 'grid') {
    const { dims } = hint as Hint<'grid'>;
    return `columns: dim0 · rows: dim1${dims.length > 2 ? ' · one grid per (dim2, …) slice' : ''}`;
  }
  if (hint.type === 'levels') {
    const h = hint as Hint<'levels'>;
    return `one row per ${h.word}, ${h.word} 0${h.bottom ? ` (${h.bottom})` : ''} at the bottom${h.top ? `, ${h.top} on top` : ''}; lines are links`;
  }
  if (hint.type === 'groups') return 'groups on a circle, the switches of a group on a small ring; a line joins every two groups with a link between them';
  return 'force-directed layout of the switch graph (d3-force, fixed start, so the same graph is always drawn the same way); lines are links';
}

// What the lines of a cycle-engine run show, and where they show nothing.
export function linkNote(hint: TopologyDrawing['layout'], loaded: boolean, drawn: boolean): string {
  const nodes = 'Node (injection/ejection) links are not drawn; their utilisation is in the switch\'s port table.';
  const grid = hint.type === 'grid' ? (hint as Hint<'grid'>) : null;
  const gridLinks = grid
    ? ` Links of dim0 and dim1 only${grid.wrap.some(Boolean) ? '; a torus ring\'s wrap-around link is the short stub at each end of its row or column' : ''}.${grid.dims.length > 2 ? ' Links of dim2 and up join different slices and cannot be drawn.' : ''}`
    : '';
  if (loaded) return `Lines are coloured and widened by link utilisation: the share of the measured cycles a link carries a flit (% of cycles), the larger of its two directions; hover a line for both.${gridLinks} ${nodes}`;
  const why = hint.type === 'groups' ? 'a line joins groups, not single links'
    : grid ? `links are drawn only while every cell is at least ${MIN_LINK_CELL} px`
      : drawn ? 'lines are bundles of links' : 'links are not drawn for this network';
  return `Link utilisation is shown per switch only (${why}); click a switch for its output ports' utilisation. ${nodes}`;
}
