// AppKeys and machine clients: created with scopes picked from the gateway's servers and categories
// and an expiry; the plaintext shown once with a copy button and client snippets (and a way to try
// it on the test bench); listed without secrets; revoked or rotated (the new secret, again, shown
// once); and the key quotas.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Dialog, ErrorText, formatDate, formatRelative, navigate } from '@platform/web-ui';
import { type FormEvent, useState } from 'react';
import { api, call } from '../api/client';
import type { CreatedAppKey, Me } from '../api/types';
import { setBenchKey } from '../bench/bench-key';
import { useServers } from '../overview/overview-page';
import { PAGES } from '../shell/pages';
import { CopyButton } from './copy-button';
import { ScopesPicker } from './scopes-picker';
import { clientSnippets } from './snippets';
import { KEYS_KEY, type MachineKeyKind, revokeKey, rotateKey, useMachineKeys } from './machine-keys';
import { QuotaSection } from './quota-section';

const EXPIRIES: readonly (readonly [string, string])[] = [
  ['', 'Never'],
  ['7', '7 days'],
  ['30', '30 days'],
  ['90', '90 days'],
  ['365', '1 year'],
];

export function KeysPage(props: { readonly me: Me }) {
  const client = useQueryClient();
  const keys = useMachineKeys();
  const limits = useQuery({
    queryKey: [...KEYS_KEY, 'limits'],
    queryFn: ({ signal }) => call(api.GET('/api/appkeys/limits', { signal })),
  });
  const servers = useServers();
  const [kind, setKind] = useState<MachineKeyKind>('app_key');
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<string[]>([]);
  const [expiry, setExpiry] = useState('');
  const [shown, setShown] = useState<CreatedAppKey | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: KEYS_KEY });
  const create = useMutation({
    mutationFn: () => {
      const body = { name: name.trim(), scopes, ...(expiry === '' ? {} : { expiresInDays: Number(expiry) }) };
      return call(
        kind === 'client' ? api.POST('/api/clients', { body }) : api.POST('/api/appkeys', { body }),
      );
    },
    onSuccess: (key) => {
      setShown(key);
      setName('');
      setScopes([]);
    },
    onSettled: refresh,
  });
  const revoke = useMutation({
    mutationFn: revokeKey,
    onSettled: refresh,
  });
  const rotate = useMutation({
    mutationFn: rotateKey,
    onSuccess: setShown,
    onSettled: refresh,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate();
  };
  // Closing the dialog drops every copy of the secret the page held (the mutations keep their answers).
  const forget = () => {
    setShown(null);
    create.reset();
    rotate.reset();
  };
  return (
    <main className="page">
      <h1>Keys</h1>
      <section aria-labelledby="new-key-heading" className="panel">
        <h2 id="new-key-heading">New key</h2>
        <form className="stack" onSubmit={submit}>
          <div className="segmented" role="group" aria-label="Kind of key">
            <button type="button" aria-pressed={kind === 'app_key'} onClick={() => setKind('app_key')}>
              AppKey
            </button>
            <button type="button" aria-pressed={kind === 'client'} onClick={() => setKind('client')}>
              Machine client
            </button>
          </div>
          <div className="inline-form">
            <label className="field grow">
              <span>Name</span>
              <input
                value={name}
                required
                maxLength={100}
                placeholder="CI pipeline"
                onChange={(event) => setName(event.target.value)}
              />
            </label>
            <label className="field">
              <span>Expires</span>
              <select value={expiry} onChange={(event) => setExpiry(event.target.value)}>
                {EXPIRIES.map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </select>
            </label>
          </div>
          <ScopesPicker servers={servers.data ?? []} scopes={scopes} onChange={setScopes} />
          <ErrorText error={create.error} />
          <div className="form-actions">
            <button type="submit" className="primary" disabled={create.isPending || scopes.length === 0}>
              Create key
            </button>
          </div>
        </form>
      </section>
      <section aria-labelledby="keys-heading">
        <h2 id="keys-heading">Active keys</h2>
        <ErrorText error={keys.error ?? revoke.error ?? rotate.error} />
        {keys.data?.length === 0 ? <p className="muted">No active keys.</p> : null}
        <ul className="plain">
          {(keys.data ?? []).map((key) => (
            <li key={key.id} className="key-row" data-testid="key-row">
              <div>
                <strong>{key.name}</strong> <code className="muted">{key.keyPrefix}…</code>
                {key.kind === 'client' ? <span className="badge">client</span> : null}
                <p className="muted">
                  {key.username === props.me.username ? 'yours' : `for ${key.username}`} ({key.identitySource}
                  ) · created {formatDate(key.createdAt)} · used {formatRelative(key.lastUsedAt)} ·{' '}
                  {key.expiresAt === null || key.expiresAt === undefined
                    ? 'no expiry'
                    : `expires ${formatDate(key.expiresAt)}`}
                </p>
                <p className="badges">
                  {key.scopes.map((scope) => (
                    <code key={scope} className="badge">
                      {scope}
                    </code>
                  ))}
                </p>
              </div>
              <div className="row-actions">
                <button
                  type="button"
                  className="small"
                  disabled={rotate.isPending}
                  onClick={() => {
                    if (window.confirm(`Rotate ${key.name}? The current secret stops working at once.`))
                      rotate.mutate(key);
                  }}
                >
                  Rotate
                </button>
                <button
                  type="button"
                  className="small danger"
                  disabled={revoke.isPending}
                  onClick={() => {
                    if (window.confirm(`Revoke ${key.name}? Clients using it are refused at once.`))
                      revoke.mutate(key);
                  }}
                >
                  Revoke
                </button>
              </div>
            </li>
          ))}
        </ul>
      </section>
      <QuotaSection limits={limits.data} />
      <Dialog open={shown !== null} title={`Key "${shown?.name ?? ''}"`} wide onClose={forget}>
        {shown === null ? null : <NewKey created={shown} onTry={forget} />}
      </Dialog>
    </main>
  );
}

function NewKey(props: { readonly created: CreatedAppKey; readonly onTry: () => void }) {
  const key = props.created.plaintextKey;
  return (
    <>
      <p>
        <strong>Copy it now: it is shown only this once.</strong> The gateway keeps only its digest.
      </p>
      <div className="secret-row">
        <code className="secret" data-testid="new-key">
          {key}
        </code>
        <CopyButton text={key} label="Copy the key" />
      </div>
      <p>
        <button
          type="button"
          onClick={() => {
            setBenchKey(key);
            props.onTry();
            navigate(PAGES.bench);
          }}
        >
          Try it on the test bench
        </button>
      </p>
      {clientSnippets(window.location.origin, key).map((snippet) => (
        <details key={snippet.label} className="snippet">
          <summary>{snippet.label}</summary>
          <pre>{snippet.text}</pre>
          <CopyButton text={snippet.text} label={`Copy the ${snippet.label} snippet`} />
        </details>
      ))}
    </>
  );
}
