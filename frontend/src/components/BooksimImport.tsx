import { useState } from 'react';
import type { Config, FieldError } from '../config/types';
import { sharedCore } from '../core/client';
import { fieldErrorText } from '../lib/form/fieldError';

// What the core's BookSim importer answers (docs/engines.md, "BookSim configs in").
interface Imported {
  config: Config;
  unmodelled: { key: string; value: string; line: number; reason: string }[];
  defaults: { key: string; value: string }[];
  notes: string[];
}

// "Import BookSim config": a BookSim 2.0 config file (chosen or pasted) turned into a cycle-engine
// config by the core in this page's worker (the same importer as `switchlab-sim import booksim` and
// POST /api/import/booksim). The config goes into the editor; the keys SwitchLab does not model stay
// listed here, with their lines.
export function BooksimImport({ onImport }: { onImport: (config: Config) => void }) {
  const [text, setText] = useState('');
  const [answer, setAnswer] = useState<Imported | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async (source: string) => {
    setBusy(true);
    setError(null);
    setAnswer(null);
    try {
      const { outcome } = await sharedCore().callWithText('importBooksim', source);
      if (outcome.kind === 'invalid') setError(fieldErrorText(outcome.error as FieldError));
      else if (outcome.kind === 'value') {
        const imported = outcome.value as Imported;
        setAnswer(imported);
        onImport(imported.config);
      }
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <details className="booksim-import" data-testid="booksim-import">
      <summary>Import BookSim config</summary>
      <p className="note small">
        A BookSim 2.0 config file (<code>key = value;</code>) becomes a cycle-engine config in the editor. Keys SwitchLab
        does not model are listed below, never dropped silently.
      </p>
      <label>
        BookSim config file{' '}
        <input type="file" onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) void file.text().then((t) => {
            setText(t);
            void run(t);
          });
        }} />
      </label>
      <label className="booksim-text">
        or paste it
        <textarea rows={6} spellCheck={false} value={text} onChange={(e) => setText(e.target.value)}
          placeholder={'topology = mesh;\nk = 8;\nn = 2;\nrouting_function = dim_order;'} />
      </label>
      <button type="button" disabled={busy || text.trim() === ''} onClick={() => void run(text)}>
        Import
      </button>
      {error && <p className="error" role="alert" data-testid="booksim-error">{error}</p>}
      {answer && (
        <div data-testid="booksim-answer">
          <p className="note">Loaded into the editor as a cycle-engine config.</p>
          {answer.unmodelled.length === 0 ? (
            <p className="note small">Every key of the file is modelled.</p>
          ) : (
            <table data-testid="booksim-unmodelled">
              <caption>Not modelled by SwitchLab ({answer.unmodelled.length})</caption>
              <thead>
                <tr>
                  <th scope="col">line</th>
                  <th scope="col">key</th>
                  <th scope="col">value</th>
                  <th scope="col">what SwitchLab does</th>
                </tr>
              </thead>
              <tbody>
                {answer.unmodelled.map((u) => (
                  <tr key={u.key}>
                    <td>{u.line || 'default'}</td>
                    <td><code>{u.key}</code></td>
                    <td><code>{u.value}</code></td>
                    <td>{u.reason}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {answer.defaults.length > 0 && (
            <p className="note small" data-testid="booksim-defaults">
              BookSim's defaults used: {answer.defaults.map((d) => `${d.key} = ${d.value}`).join(', ')}.
            </p>
          )}
          {answer.notes.length > 0 && (
            <ul className="note small">
              {answer.notes.map((n) => <li key={n}>{n}</li>)}
            </ul>
          )}
        </div>
      )}
    </details>
  );
}
