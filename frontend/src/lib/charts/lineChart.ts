// Hover geometry of the line chart (components/LineChart.tsx): which tooltips a pointer at a spot
// must give when shapes overlap there, so that no series' tooltip is hidden under another's.

interface Band {
  x0: number;
  x1: number;
  label: string;
}

// The x intervals between consecutive band edges that some band covers, each with the labels of
// every band covering it, in the bands' order: overlapping (or equal) bands, such as two
// bisections ending in the same load bracket, give one hover target naming all of them instead
// of the last drawn hiding the others.
export function bandSegments(bands: Band[]): Band[] {
  const edges = [...new Set(bands.flatMap((b) => [b.x0, b.x1]))].sort((a, b) => a - b);
  return edges.slice(1).flatMap((x1, i) => {
    const x0 = edges[i];
    const labels = bands.filter((b) => b.x0 <= x0 && b.x1 >= x1).map((b) => b.label);
    return labels.length > 0 ? [{ x0, x1, label: labels.join('\n') }] : [];
  });
}

interface Marker {
  cx: number; // px
  cy: number; // px
  label: string;
}

// Each marker's tooltip when markers are drawn in the given order with radius `r` px: its own
// label, then the labels of the markers drawn before it whose centres it covers (points of other
// series at nearly the same spot), so the point underneath still has its value shown.
export function markerTitles(markers: Marker[], r: number): string[] {
  return markers.map((m, i) => [
    m.label,
    ...markers.slice(0, i).filter((e) => Math.hypot(e.cx - m.cx, e.cy - m.cy) <= r).map((e) => e.label),
  ].join('\n'));
}

// A log axis's ticks: 1, 2 and 5 times the powers of ten inside [lo, hi] (every integer of a decade
// would crowd the axis).
export function logTicks([lo, hi]: [number, number]): number[] {
  const ticks: number[] = [];
  for (let p = 10 ** Math.floor(Math.log10(lo)); p <= hi; p *= 10)
    for (const m of [1, 2, 5]) if (m * p >= lo * (1 - 1e-9) && m * p <= hi * (1 + 1e-9)) ticks.push(m * p);
  return ticks;
}
