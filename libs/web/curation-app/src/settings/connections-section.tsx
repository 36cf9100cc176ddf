// Sonarr, Radarr, Overseerr and Tautulli: each connection is tested by the API before it is stored,
// its key is never shown again, and a stored one can be tested at any time.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ErrorText } from '@platform/web-ui';
import { type FormEvent, useState } from 'react';
import { api, call } from '../api/client';
import type { BodyOf } from '../api/types';

type NewConnection = BodyOf<'/api/v1/connections', 'post'>;
type ConnectionType = NewConnection['type'];

const TYPES: Readonly<Record<ConnectionType, string>> = {
  sonarr: 'Sonarr',
  radarr: 'Radarr',
  overseerr: 'Overseerr / Jellyseerr',
  tautulli: 'Tautulli',
};

export function ConnectionsSection() {
  const client = useQueryClient();
  const connections = useQuery({
    queryKey: ['connections'],
    queryFn: ({ signal }) => call(api.GET('/api/v1/connections', { signal })),
  });
  const [draft, setDraft] = useState({
    type: 'sonarr' as ConnectionType,
    name: '',
    baseUrl: '',
    apiKey: '',
    is4k: false,
  });
  const [tested, setTested] = useState<Record<string, string>>({});
  const refresh = () => client.invalidateQueries({ queryKey: ['connections'] });
  const add = useMutation({
    mutationFn: () =>
      call(
        api.POST('/api/v1/connections', {
          body: {
            type: draft.type,
            name: draft.name.trim(),
            baseUrl: draft.baseUrl.trim(),
            apiKey: draft.apiKey,
            is4k: draft.is4k,
          },
        }),
      ),
    onSuccess: () => setDraft({ ...draft, name: '', baseUrl: '', apiKey: '', is4k: false }),
    onSettled: refresh,
  });
  const test = useMutation({
    mutationFn: (id: string) => call(api.POST('/api/v1/connections/{id}/test', { params: { path: { id } } })),
    onSuccess: (result, id) =>
      setTested({
        ...tested,
        [id]: result.ok
          ? `Works: ${result.appName ?? ''} ${result.version ?? ''}`.trim()
          : `Fails: ${result.error ?? result.reason ?? ''}`,
      }),
  });
  const remove = useMutation({
    mutationFn: (id: string) => call(api.DELETE('/api/v1/connections/{id}', { params: { path: { id } } })),
    onSettled: refresh,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate();
  };
  const failure = add.error ?? test.error ?? remove.error;
  return (
    <section aria-labelledby="connections-heading">
      <h2 id="connections-heading">Connections</h2>
      <ul className="plain" aria-label="Connections">
        {(connections.data ?? []).map((connection) => (
          <li key={connection.id} className="key-row">
            <span>
              <strong>{connection.name}</strong>{' '}
              <span className="badge">{TYPES[connection.type as ConnectionType] ?? connection.type}</span>
              {connection.is4k ? <span className="badge">4K</span> : null}{' '}
              <span className="muted path">{connection.baseUrl}</span>
              {tested[connection.id] === undefined ? null : (
                <span role="status" className="muted">
                  {' '}
                  {tested[connection.id]}
                </span>
              )}
            </span>
            <span className="row-actions">
              <button
                type="button"
                className="small"
                disabled={test.isPending}
                onClick={() => test.mutate(connection.id)}
              >
                Test
              </button>
              <button
                type="button"
                className="small"
                disabled={remove.isPending}
                onClick={() => {
                  if (window.confirm(`Delete the connection ${connection.name}?`))
                    remove.mutate(connection.id);
                }}
              >
                Delete
              </button>
            </span>
          </li>
        ))}
      </ul>
      <form className="inline-form" onSubmit={submit} aria-label="Add a connection">
        <label className="field">
          <span>Type</span>
          <select
            value={draft.type}
            onChange={(event) => setDraft({ ...draft, type: event.target.value as ConnectionType })}
          >
            {(Object.keys(TYPES) as ConnectionType[]).map((type) => (
              <option key={type} value={type}>
                {TYPES[type]}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>Name</span>
          <input
            value={draft.name}
            required
            maxLength={100}
            onChange={(event) => setDraft({ ...draft, name: event.target.value })}
          />
        </label>
        <label className="field grow">
          <span>URL</span>
          <input
            type="url"
            value={draft.baseUrl}
            required
            placeholder="http://192.168.1.20:8989"
            onChange={(event) => setDraft({ ...draft, baseUrl: event.target.value })}
          />
        </label>
        <label className="field">
          <span>API key</span>
          <input
            type="password"
            autoComplete="off"
            value={draft.apiKey}
            required
            onChange={(event) => setDraft({ ...draft, apiKey: event.target.value })}
          />
        </label>
        {draft.type === 'sonarr' || draft.type === 'radarr' ? (
          <label className="field check">
            <input
              type="checkbox"
              checked={draft.is4k}
              onChange={(event) => setDraft({ ...draft, is4k: event.target.checked })}
            />
            <span>4K instance</span>
          </label>
        ) : null}
        <button type="submit" disabled={add.isPending}>
          {add.isPending ? 'Testing…' : 'Test and add'}
        </button>
      </form>
      <ErrorText error={failure} />
    </section>
  );
}
