// Every backend with its state and why (the last error, or the detail for an idle stdio server),
// transport, categories and where it is defined; search, sort and group; enable, disable,
// reconnect, and add or edit the servers the API owns (file servers are changed in the file).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ErrorText, formatRelative } from '@platform/web-ui';
import { useState } from 'react';
import { api, call } from '../api/client';
import type { CatalogCounts, Server } from '../api/types';
import { readOnBench } from '../bench/item-sections';
import { ServerDialog } from './server-dialog';
import { type GroupKey, groupServers, matches, type SortKey, sortServers } from './server-order';

export const SERVERS_KEY = ['servers'] as const;

/** The gateway's servers, as every page that names them reads them. */
export function useServers() {
  return useQuery({
    queryKey: SERVERS_KEY,
    queryFn: ({ signal }) => call(api.GET('/api/servers', { signal })),
  });
}

export function OverviewPage() {
  const servers = useQuery({
    queryKey: SERVERS_KEY,
    queryFn: ({ signal }) => call(api.GET('/api/servers', { signal })),
    // States change on their own (a backend dies, a retry succeeds): keep the page current.
    refetchInterval: 5000,
  });
  const counts = useQuery({
    queryKey: [...SERVERS_KEY, 'counts'],
    queryFn: ({ signal }) => call(api.GET('/api/catalog/counts', { signal })),
    refetchInterval: 15_000,
  });
  const countsOf = new Map((counts.data ?? []).map((entry) => [entry.serverId, entry]));
  const [query, setQuery] = useState('');
  const [sort, setSort] = useState<SortKey>('status');
  const [group, setGroup] = useState<GroupKey>('none');
  const [editing, setEditing] = useState<Server | 'new' | null>(null);
  const all = servers.data ?? [];
  const shown = sortServers(
    all.filter((server) => matches(server, query)),
    sort,
  );
  const count = (state: string) => all.filter((server) => server.status.state === state).length;
  return (
    <main className="page">
      <div className="page-title">
        <h1>Servers</h1>
        <button type="button" className="primary" onClick={() => setEditing('new')}>
          Add server
        </button>
      </div>
      <dl className="stats" aria-label="Totals">
        <div>
          <dt>Total</dt>
          <dd>{all.length}</dd>
        </div>
        <div>
          <dt>Connected</dt>
          <dd>{count('Connected')}</dd>
        </div>
        <div>
          <dt>Failed</dt>
          <dd>{count('Failed') + count('Retrying')}</dd>
        </div>
        <div>
          <dt>Disabled</dt>
          <dd>{count('Disabled')}</dd>
        </div>
      </dl>
      <div className="inline-form toolbar">
        <label className="field grow">
          <span>Search</span>
          <input
            type="search"
            value={query}
            placeholder="Name, id, URL, command or category"
            onChange={(event) => setQuery(event.target.value)}
          />
        </label>
        <label className="field">
          <span>Sort</span>
          <select value={sort} onChange={(event) => setSort(event.target.value as SortKey)}>
            <option value="status">Status (trouble first)</option>
            <option value="name">Name</option>
            <option value="transport">Transport</option>
          </select>
        </label>
        <label className="field">
          <span>Group</span>
          <select value={group} onChange={(event) => setGroup(event.target.value as GroupKey)}>
            <option value="none">None</option>
            <option value="status">Status</option>
            <option value="category">Category</option>
            <option value="transport">Transport</option>
          </select>
        </label>
      </div>
      <ErrorText error={servers.error} />
      {servers.isPending ? <p role="status">Loading servers…</p> : null}
      {servers.isSuccess && shown.length === 0 ? (
        <p className="muted">
          {all.length === 0
            ? 'No servers yet. Add one, or list them in GATEWAY_SERVERS_FILE.'
            : 'No server matches the search.'}
        </p>
      ) : null}
      {groupServers(shown, group).map(([name, members]) => (
        <section key={name} aria-label={name} className="server-group">
          {group === 'none' ? null : (
            <h2>
              {name} <span className="muted">({members.length})</span>
            </h2>
          )}
          <ul className="server-list">
            {members.map((server) => (
              <ServerCard
                key={server.id}
                server={server}
                counts={countsOf.get(server.id)}
                onEdit={() => setEditing(server)}
              />
            ))}
          </ul>
        </section>
      ))}
      <ServerDialog server={editing} onClose={() => setEditing(null)} />
    </main>
  );
}

function ServerCard(props: {
  readonly server: Server;
  readonly counts: CatalogCounts | undefined;
  readonly onEdit: () => void;
}) {
  const client = useQueryClient();
  const { server } = props;
  const action = useMutation({
    mutationFn: (verb: 'enable' | 'disable' | 'reconnect') =>
      call(api.POST(`/api/servers/{id}/${verb}`, { params: { path: { id: server.id } } })),
    onSettled: () => client.invalidateQueries({ queryKey: SERVERS_KEY }),
  });
  const remove = useMutation({
    mutationFn: () => call(api.DELETE('/api/servers/{id}', { params: { path: { id: server.id } } })),
    onSettled: () => client.invalidateQueries({ queryKey: SERVERS_KEY }),
  });
  const state = server.status.state;
  const why = server.status.lastError ?? server.status.detail;
  const owned = server.source === 'api';
  return (
    <li className="server-card" data-testid={`server-${server.id}`}>
      <div className="server-heading">
        <span className={`state-dot state-${state.toLowerCase()}`} aria-hidden="true" />
        <h3>{server.displayName}</h3>
        <span className="badge">{server.type}</span>
        {server.alias === undefined ? null : <span className="badge">as {server.alias}</span>}
      </div>
      <p className="server-state" data-testid="server-state">
        <strong>{state}</strong>
        {server.status.attempts > 0 ? ` after ${server.status.attempts} attempts` : ''}{' '}
        <span className="muted">since {formatRelative(server.status.since)}</span>
      </p>
      {why === undefined ? null : <p className="server-why">{why}</p>}
      <ItemCounts counts={props.counts} />
      <p className="server-url muted">
        <code>{server.id}</code> · {server.url}
      </p>
      <p className="badges">
        {server.categories.map((category) => (
          <span key={category} className="badge">
            {category}
          </span>
        ))}
        {server.hasSecret ? <span className="badge">secret: {server.secretProvider}</span> : null}
        <span className="badge muted-badge">{sourceLabel(server.source)}</span>
      </p>
      <div className="row-actions">
        {!owned ? null : server.enabled ? (
          <button
            type="button"
            className="small"
            disabled={action.isPending}
            onClick={() => action.mutate('disable')}
          >
            Disable
          </button>
        ) : (
          <button
            type="button"
            className="small"
            disabled={action.isPending}
            onClick={() => action.mutate('enable')}
          >
            Enable
          </button>
        )}
        {server.enabled ? (
          <button
            type="button"
            className="small"
            disabled={action.isPending}
            onClick={() => action.mutate('reconnect')}
          >
            Reconnect
          </button>
        ) : null}
        <button
          type="button"
          className="small"
          aria-label={`Log of ${server.id} on the test bench`}
          onClick={() => readOnBench(`logs://${server.id}/recent`)}
        >
          Log
        </button>
        {owned ? (
          <>
            <button type="button" className="small" onClick={props.onEdit}>
              Edit
            </button>
            <button
              type="button"
              className="small danger"
              disabled={remove.isPending}
              onClick={() => {
                if (
                  window.confirm(
                    `Remove ${server.displayName}? Its tools disappear from every client at once.`,
                  )
                )
                  remove.mutate();
              }}
            >
              Remove
            </button>
          </>
        ) : null}
      </div>
      <ErrorText error={action.error ?? remove.error} />
    </li>
  );
}

/** What the server offers; nothing for servers the catalog does not list (disabled, hidden). */
function ItemCounts(props: { readonly counts: CatalogCounts | undefined }) {
  const { counts } = props;
  if (counts === undefined) return null;
  if (counts.tools === null && counts.prompts === null && counts.resources === null) {
    return <p className="muted">Tools, prompts and resources are counted once it is connected.</p>;
  }
  const part = (value: number | null, one: string, many: string) =>
    value === null ? null : `${value} ${value === 1 ? one : many}`;
  return (
    <p data-testid="server-counts">
      {[
        part(counts.tools, 'tool', 'tools'),
        part(counts.prompts, 'prompt', 'prompts'),
        part(counts.resources, 'resource', 'resources'),
      ]
        .filter((text) => text !== null)
        .join(' · ')}
    </p>
  );
}

function sourceLabel(source: string): string {
  if (source === 'file') return 'from the servers file (read-only here)';
  if (source === 'builtin') return 'built in';
  return 'added here';
}
