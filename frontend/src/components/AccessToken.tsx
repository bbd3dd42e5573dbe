import { useState } from 'react';
import { accessToken, setAccessToken } from '../api/client';

// For private servers (a read and/or write token, docs/security.md): the token is kept in this
// browser and sent with every API request.
export function AccessToken() {
  const [saved, setSaved] = useState(accessToken() !== '');
  const [draft, setDraft] = useState('');
  return (
    <details className="access-token">
      <summary>{saved ? 'Access token: set' : 'Access token'}</summary>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          setAccessToken(draft.trim());
          setSaved(draft.trim() !== '');
          setDraft('');
        }}
      >
        <label>
          Token for this server
          <input type="password" autoComplete="off" value={draft} onChange={(e) => setDraft(e.target.value)} />
        </label>
        <button type="submit">{draft.trim() ? 'Save' : 'Clear'}</button>
      </form>
    </details>
  );
}
