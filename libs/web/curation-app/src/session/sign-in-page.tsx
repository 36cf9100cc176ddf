// The page everyone sees first: one button, Plex's PIN sign-in in a popup, and plain words when
// something goes wrong (the popup was blocked, the PIN expired, this account has no access).
import { useQueryClient } from '@tanstack/react-query';
import { problemMessage } from '@platform/web-ui';
import { useEffect, useRef, useState } from 'react';
import { type PinProgress, signInWithPlex } from './plex-pin-sign-in';
import { SESSION_KEY } from './session';

export function SignInPage() {
  const client = useQueryClient();
  const [pending, setPending] = useState(false);
  const [pin, setPin] = useState<PinProgress | null>(null);
  const [error, setError] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const start = () => {
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setPending(true);
    setError(null);
    setPin(null);
    signInWithPlex(setPin, controller.signal)
      .then(() => client.invalidateQueries({ queryKey: SESSION_KEY }))
      .catch((failure: unknown) => {
        if (!controller.signal.aborted) setError(problemMessage(failure));
      })
      .finally(() => {
        if (abort.current === controller) setPending(false);
      });
  };

  return (
    <main className="sign-in">
      <h1>Media curation</h1>
      <p>See what fills your Plex server, keep what matters, and free the rest.</p>
      <button type="button" className="primary" onClick={start} disabled={pending}>
        {pending ? 'Waiting for Plex…' : 'Sign in with Plex'}
      </button>
      {pending && pin !== null ? (
        <p className="muted" role="status">
          Approve the sign-in in the Plex window. No window? Open{' '}
          <a href={pin.authUrl} target="_blank" rel="noreferrer">
            plex.tv
          </a>{' '}
          and enter the code <strong className="code">{pin.code}</strong>.
        </p>
      ) : null}
      {pending ? (
        <button type="button" className="link" onClick={() => abort.current?.abort()}>
          Cancel
        </button>
      ) : null}
      {error === null ? null : (
        <p className="error" role="alert">
          {error}
        </p>
      )}
    </main>
  );
}
