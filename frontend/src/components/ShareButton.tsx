import { useState } from 'react';

// Copies a link; falls back to showing it when the clipboard is not available (plain http).
export function ShareButton({ url, label = 'Copy link' }: { url: string; label?: string }) {
  const [shown, setShown] = useState<string | null>(null);
  return (
    <span className="share">
      <button type="button" onClick={async () => {
        try {
          await navigator.clipboard.writeText(url);
          setShown('copied');
        } catch {
          setShown(url);
        }
      }}>{label}</button>
      {shown === 'copied' && <span className="note" role="status"> copied</span>}
      {shown && shown !== 'copied' && <input className="share-url" readOnly value={shown} aria-label="link" onFocus={(e) => e.target.select()} />}
    </span>
  );
}
