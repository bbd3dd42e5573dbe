import { useState } from 'react';
import type { Config } from '../config/types';
import { updateHistory, useHistory } from '../hooks/useHistory';
import { remove, rename, runHeadline, setBaseline, type HistoryEntry } from '../lib/runs/history';
import { useUnits } from '../hooks/useCoreSchemas';
import { COMPARE_URL } from '../lib/runs/share';

const time = (iso: string) => new Date(iso).toLocaleString('en-GB', { dateStyle: 'short', timeStyle: 'short' });

// The runs of this browser (localStorage): rename, load back into the form, set as baseline
// (every result then shows its Δ to it), pick 2-4 to compare, delete.
export function HistoryPanel({ onLoad }: { onLoad: (cfg: Config) => void }) {
  const { entries, baseline } = useHistory();
  const [picked, setPicked] = useState<string[]>([]);
  const live = picked.filter((id) => entries.some((e) => e.id === id));
  const toggle = (id: string) => setPicked(live.includes(id) ? live.filter((x) => x !== id) : [...live, id].slice(-4));
  return (
    <section className="history" aria-labelledby="history-title" data-testid="history">
      <h2 id="history-title">Run history <span className="small">(this browser)</span></h2>
      {entries.length === 0 ? (
        <p className="note">Runs you make appear here, kept across reloads.</p>
      ) : (
        <>
          <ul className="history-list">
            {entries.map((e, i) => (
              <HistoryRow key={e.id} entry={e} index={i} isBaseline={e.id === baseline} picked={live.includes(e.id)}
                onPick={() => toggle(e.id)} onLoad={() => onLoad(structuredClone(e.config))} />
            ))}
          </ul>
          <p className="history-actions">
            {live.length >= 2
              ? <a href={`${COMPARE_URL}#h=${live.join(',')}`} data-testid="compare-picked">Compare the {live.length} ticked runs</a>
              : <span className="note">Tick 2–4 runs to compare them.</span>}
            {baseline && <button type="button" onClick={() => updateHistory((s) => setBaseline(s, null))}>Clear baseline</button>}
          </p>
        </>
      )}
    </section>
  );
}

interface RowProps {
  entry: HistoryEntry;
  index: number;
  isBaseline: boolean;
  picked: boolean;
  onPick: () => void;
  onLoad: () => void;
}

function HistoryRow({ entry: e, index, isBaseline, picked, onPick, onLoad }: RowProps) {
  const units = useUnits();
  return (
    <li className={isBaseline ? 'is-baseline' : undefined} data-history={e.id}>
      <div className="history-name">
        <input type="checkbox" checked={picked} onChange={onPick} aria-label={`compare “${e.name}”`} />
        {/* The whole name as a tooltip: the input clips a long one. */}
        <input type="text" value={e.name} title={e.name} aria-label={`name of run ${index + 1}`} data-testid={`history-name-${index}`}
          onChange={(ev) => updateHistory((s) => rename(s, e.id, ev.target.value))} />
      </div>
      <div className="history-meta small">
        {runHeadline(e.result, (p) => units.unitOf(p))} · {e.where} · {time(e.at)}
        {isBaseline && <strong> · baseline</strong>}
      </div>
      <div className="history-buttons">
        <button type="button" onClick={onLoad}>Load</button>
        <button type="button" aria-pressed={isBaseline} data-testid={`history-baseline-${index}`}
          onClick={() => updateHistory((s) => setBaseline(s, isBaseline ? null : e.id))}>
          {isBaseline ? 'Baseline ✓' : 'Set as baseline'}
        </button>
        <button type="button" onClick={() => updateHistory((s) => remove(s, e.id))} aria-label={`delete “${e.name}”`}>Delete</button>
      </div>
    </li>
  );
}
