import type { Config, SimResult } from '../config/types';
import { seedFigureFor } from '../config/seedFigures';

// For a "reproduce seed figure" preset run unchanged: the published numbers beside the model's.
export function SeedFigurePanel({ config, result }: { config: Config; result: SimResult }) {
  const fig = seedFigureFor(config);
  if (!fig) return null;
  return (
    <table className="seed-figure" data-testid="seed-figure-table">
      <caption>Reproducing {fig.source}</caption>
      <thead>
        <tr><th scope="col">quantity</th><th scope="col">as published</th><th scope="col">model (this run)</th></tr>
      </thead>
      <tbody>
        {fig.compare(result).map((c) => (
          <tr key={c.what}><th scope="row">{c.what}</th><td>{c.published}</td><td>{c.model}</td></tr>
        ))}
      </tbody>
    </table>
  );
}
