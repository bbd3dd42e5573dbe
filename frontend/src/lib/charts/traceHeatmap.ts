import { scaleBand, scaleSequential } from 'd3-scale';
import { interpolateBlues } from 'd3-scale-chromatic';

// Geometry of a trace's rank-to-rank heat map (components/TracePanel.tsx): D3 places the cells and
// picks their colours, React draws them. Row = sending rank, column = receiving rank, colour = the
// bytes sent (linear from 0 to the largest pair's); a pair with nothing sent is left white, so a
// sparse pattern reads at a glance.
interface HeatCell {
  src: number;
  dst: number;
  bytes: number;
  x: number;
  y: number;
  size: number;
  fill: string;
}

interface HeatLayout {
  cells: HeatCell[];
  color: ((v: number) => string) & { domain(): number[] };
  ticks: { rank: number; at: number }[];
  side: number;
}

// At most this many rank labels per axis; 1,024 ranks get every 128th.
const MAX_TICKS = 8;

export function heatLayout(matrix: number[][], side: number): HeatLayout {
  const n = matrix.length;
  const band = scaleBand<number>().domain([...Array(n).keys()]).range([0, side]);
  const max = Math.max(0, ...matrix.map((row) => Math.max(0, ...row)));
  const color = scaleSequential(interpolateBlues).domain([0, max || 1]);
  const cells: HeatCell[] = [];
  matrix.forEach((row, src) => row.forEach((bytes, dst) => {
    if (bytes > 0) cells.push({ src, dst, bytes, x: band(dst)!, y: band(src)!, size: band.bandwidth(), fill: color(bytes) });
  }));
  const every = Math.max(1, Math.ceil(n / MAX_TICKS));
  const ticks = [...Array(n).keys()].filter((r) => r % every === 0).map((rank) => ({ rank, at: band(rank)! + band.bandwidth() / 2 }));
  return { cells, color, ticks, side };
}
