import { scaleLinear, scaleSequential, type ScaleSequential } from 'd3-scale';
import { interpolateOranges } from 'd3-scale-chromatic';
import type { SimResult } from '../../config/types';
import { formatPercent } from '../numbers/format';
import { outputUtilisation } from './ports';
import { hitRateDomain, type Edge } from './topology';

// Per-link utilisation on the drawing (cycle engine). A link is two channels, one per direction;
// each direction's utilisation is that of the output port it leaves by (utilization.by_output_port:
// the share of the measured cycles the channel carries a flit). A line stands for both directions,
// so it is coloured and widened by the larger one and its tooltip gives both.
export interface LoadedEdge extends Edge {
  there: number | undefined; // a → b, a's output port
  back: number | undefined; // b → a, b's output port
  utilisation: number | undefined; // the larger of the two: what the line shows
  stroke: string | undefined;
}

interface LinkLoads {
  edges: LoadedEdge[];
  color: ScaleSequential<string>;
}

// Null when the result has no per-port utilisation or no drawn line is a single link (bundles,
// Dragonfly group lines): those drawings keep the grey lines and the switch colouring only.
export function linkLoads(edges: Edge[], result: SimResult | undefined): LinkLoads | null {
  const u = outputUtilisation(result);
  if (!u || !edges.some((e) => e.link)) return null;
  const loads = edges.map((e) => {
    if (!e.link) return { e, there: undefined, back: undefined, utilisation: undefined };
    const [a, pa, b, pb] = e.link;
    const there = u.at(a, pa);
    const back = u.at(b, pb);
    const both = [there, back].filter((v): v is number => v !== undefined);
    return { e, there, back, utilisation: both.length ? Math.max(...both) : undefined };
  });
  // The domain spans the lines' values, as the switches' does theirs (hitRateDomain). Its own hue
  // (oranges, light to dark; readable with the common colour-vision deficiencies) so a line is not
  // read on the switches' cividis scale, whose domain differs; its palest end stays visible on white.
  const domain = hitRateDomain(loads.flatMap((l) => (l.utilisation === undefined ? [] : [l.utilisation])));
  const color = scaleSequential((t: number) => interpolateOranges(0.3 + 0.7 * t)).domain(domain).clamp(true);
  // Width grows with the share of cycles from 0, so an idle link stays a hairline.
  const width = scaleLinear().domain([0, 1]).range([0.75, 4]).clamp(true);
  return {
    color,
    edges: loads.map(({ e, there, back, utilisation }) => (e.link && utilisation !== undefined
      ? { ...e, there, back, utilisation, stroke: color(utilisation), width: width(utilisation), title: linkTitle(e.link, there, back) }
      : { ...e, there, back, utilisation, stroke: undefined })),
  };
}

const share = (v: number | undefined) => (v === undefined ? 'no data' : `${formatPercent(v)} of cycles`);

function linkTitle([a, pa, b, pb]: [number, number, number, number], there: number | undefined, back: number | undefined): string {
  return `switch ${a} port ${pa} → switch ${b}: ${share(there)}; back (switch ${b} port ${pb} → switch ${a}): ${share(back)}`;
}
