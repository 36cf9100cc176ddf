// Sign-in with the administrator key (checked with GET /api/me before it is kept), or a note that
// the SSO proxy signs people in on its own; a key that is not an administrator's is refused here,
// since the dashboard's pages need the administration API.
import { useQueryClient } from '@tanstack/react-query';
import { ErrorText, ProblemError } from '@platform/web-ui';
import { type FormEvent, useState } from 'react';
import { setAdminKey } from '../api/credential';
import type { Me } from '../api/types';
import { ME_KEY } from './session';

export function SignInPage(props: { readonly notAdministrator?: Me }) {
  const client = useQueryClient();
  const [key, setKey] = useState('');
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = key.trim();
    setBusy(true);
    setError(null);
    try {
      const response = await fetch(new URL('api/me', window.location.origin + '/'), {
        headers: { Authorization: `Bearer ${trimmed}` },
      });
      const body: unknown = await response.json().catch(() => null);
      if (!response.ok) throw ProblemError.from(response.status, body);
      if ((body as Me).isAdministrator !== true) {
        throw new Error(
          'This key is not an administrator key. Use the key the gateway printed at first start.',
        );
      }
      setAdminKey(trimmed);
      setKey('');
      await client.invalidateQueries({ queryKey: ME_KEY });
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };
  return (
    <main className="sign-in">
      <h1>MCP Gateway</h1>
      {props.notAdministrator === undefined ? null : (
        <p className="error" role="alert">
          You are signed in as {props.notAdministrator.username}, who is not an administrator of this gateway.
          Sign in with the administrator key instead.
        </p>
      )}
      <form className="stack" onSubmit={(event) => void submit(event)}>
        <label className="field">
          <span>Administrator key</span>
          <input
            type="password"
            autoComplete="off"
            spellCheck={false}
            required
            value={key}
            placeholder="mcp-adm-…"
            onChange={(event) => setKey(event.target.value)}
          />
        </label>
        <button type="submit" className="primary" disabled={busy}>
          Sign in
        </button>
        <ErrorText error={error} />
      </form>
      <p className="muted">
        The key is kept for this browser tab only and forgotten when the tab closes. Behind the SSO proxy you
        are signed in already: administrators of the proxy's admin group see the dashboard at once.
      </p>
    </main>
  );
}
