import type { RefObject } from 'react';
import type { Config, SimResult } from '../config/types';
import { resultRows } from '../lib/charts/charts';
import { download, svgMarkup, svgToPng, toCsv } from '../lib/runs/exporting';
import { useUnits } from '../hooks/useCoreSchemas';

interface Props {
  config: Config;
  result: SimResult;
  svgRef: RefObject<SVGSVGElement | null>;
}

export function ExportButtons({ config, result, svgRef }: Props) {
  const base = `switchlab-${result.config_hash.slice(0, 12)}`;
  const units = useUnits();
  return (
    <div className="export" role="group" aria-label="Export">
      <button type="button" onClick={() => download(`${base}.json`, JSON.stringify({ config, result }, null, 2), 'application/json')}>
        Result JSON
      </button>
      <button type="button" onClick={() => download(`${base}-metrics.csv`, toCsv(resultRows(result, (p) => units.unitOf(p))), 'text/csv')}>
        Metrics CSV
      </button>
      <button type="button" onClick={() => svgRef.current && download(`${base}-topology.svg`, svgMarkup(svgRef.current), 'image/svg+xml')}>
        Topology SVG
      </button>
      <button type="button"
        onClick={async () => svgRef.current && download(`${base}-topology.png`, await svgToPng(svgRef.current))}>
        Topology PNG
      </button>
    </div>
  );
}
