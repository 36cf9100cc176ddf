// API keys for machines (Home Assistant, scripts, the MCP gateway): created with a role, shown
// once with a copy button, listed without their secret, revoked at once.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Dialog, formatRelative, ErrorText } from '@platform/web-ui';
import { type FormEvent, useState } from 'react';
import { api, call } from '../api/client';

export function ApiKeysSection() {
  const client = useQueryClient();
  const keys = useQuery({
    queryKey: ['api-keys'],
    queryFn: ({ signal }) => call(api.GET('/api/v1/auth/api-keys', { signal })),
  });
  const [name, setName] = useState('');
  const [role, setRole] = useState<'Admin' | 'Guest'>('Guest');
  const [created, setCreated] = useState<{ name: string; key: string } | null>(null);
  const [copied, setCopied] = useState(false);
  const refresh = () => client.invalidateQueries({ queryKey: ['api-keys'] });
  const create = useMutation({
    mutationFn: () => call(api.POST('/api/v1/auth/api-keys', { body: { name: name.trim(), role } })),
    onSuccess: (key) => {
      setCreated({ name: key.name, key: key.key });
      setCopied(false);
      setName('');
    },
    onSettled: refresh,
  });
  const revoke = useMutation({
    mutationFn: (id: string) => call(api.DELETE('/api/v1/auth/api-keys/{id}', { params: { path: { id } } })),
    onSettled: refresh,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate();
  };
  const failure = create.error ?? revoke.error;
  return (
    <section aria-labelledby="keys-heading">
      <h2 id="keys-heading">API keys</h2>
      <form className="inline-form" onSubmit={submit}>
        <label className="field grow">
          <span>Name</span>
          <input value={name} required maxLength={100} onChange={(event) => setName(event.target.value)} />
        </label>
        <label className="field">
          <span>Role</span>
          <select value={role} onChange={(event) => setRole(event.target.value as 'Admin' | 'Guest')}>
            <option value="Guest">Guest</option>
            <option value="Admin">Admin</option>
          </select>
        </label>
        <button type="submit" disabled={create.isPending}>
          Create key
        </button>
      </form>
      <ErrorText error={failure} />
      <ul className="plain">
        {(keys.data ?? []).map((key) => (
          <li key={key.id} className="key-row">
            <span>
              <strong>{key.name}</strong> <span className="badge">{key.role}</span>{' '}
              <span className="muted">
                by {key.createdBy}, used {formatRelative(key.lastUsedAt)}
              </span>
            </span>
            <button
              type="button"
              className="small"
              disabled={revoke.isPending}
              onClick={() => {
                if (window.confirm(`Revoke ${key.name}? Clients using it are refused at once.`))
                  revoke.mutate(key.id);
              }}
            >
              Revoke
            </button>
          </li>
        ))}
      </ul>
      <Dialog
        open={created !== null}
        title={`Key "${created?.name ?? ''}" created`}
        onClose={() => setCreated(null)}
      >
        <p>Copy it now: it is shown only this once.</p>
        <p>
          <code className="secret" data-testid="new-api-key">
            {created?.key}
          </code>
        </p>
        <button
          type="button"
          onClick={() => {
            if (created === null) return;
            navigator.clipboard.writeText(created.key).then(
              () => setCopied(true),
              () => setCopied(false),
            );
          }}
        >
          {copied ? 'Copied' : 'Copy'}
        </button>
        <p className="muted">
          Send it as the X-Api-Key header, e.g. curl -H "X-Api-Key: …" {window.location.origin}/api/v1/catalog
        </p>
      </Dialog>
    </section>
  );
}
