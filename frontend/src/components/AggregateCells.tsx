import { forwardRef } from 'react';
import type { AggregateLayout, AggCell } from '../lib/drawing/cubeAggregate';

// The aggregated k-ary n-cube (lib/drawing/cubeAggregate.ts): one cell per (dimension pair, coordinate
// pair), dimension labels on the margins. Hovering or focusing a cell reports its text.
export const AggregateCells = forwardRef<SVGSVGElement, {
  layout: AggregateLayout;
  word: string;
  show: (v: number) => string;
  testid: string;
  onPick: (text: string) => void;
}>(function AggregateCells({ layout, word, show, testid, onPick }, ref) {
  const pad = 4;
  const text = (c: AggCell) => {
    const where = `dim${c.dims[0]}=${c.coords[0]}, dim${c.dims[1]}=${c.coords[1]}`;
    if (c.mean === undefined) return `${where}: ${c.count} switches, no ${word}`;
    return `${where}: mean ${word} ${show(c.mean)} over ${c.count} switches (min ${show(c.min)}, max ${show(c.max)})`;
  };
  return (
    <svg ref={ref} data-testid={testid} width={layout.width + 2 * pad} height={layout.height + 2 * pad}
      viewBox={`${-pad} ${-pad} ${layout.width + 2 * pad} ${layout.height + 2 * pad}`} role="img"
      aria-label={`mean ${word} for every pair of dimensions`}>
      {layout.labels.map((l) => (
        <text key={l.key} className="tick dim-label" x={l.x} y={l.y} textAnchor={l.anchor}>{l.text}</text>
      ))}
      {layout.cells.map((c) => (
        <rect key={c.key} x={c.x} y={c.y} width={c.size - 1} height={c.size - 1} fill={c.fill} data-cell={c.key}
          tabIndex={layout.cells.length <= 256 ? 0 : undefined} onMouseEnter={() => onPick(text(c))} onFocus={() => onPick(text(c))}>
          <title>{text(c)}</title>
        </rect>
      ))}
    </svg>
  );
});
