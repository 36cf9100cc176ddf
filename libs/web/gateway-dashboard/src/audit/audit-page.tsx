// The gateway's audit log, newest first: tool calls through the gateway, refused sign-ins, key and
// policy changes; filtered as `GET /api/audit` filters, paged, and following new events as they
// come ("Follow" re-reads the newest page every few seconds).
import { useInfiniteQuery } from '@tanstack/react-query';
import { ErrorText, nextOffset, ScrollBox } from '@platform/web-ui';
import { useState } from 'react';
import { api, call } from '../api/client';
import type { paths } from '../api/gateway-api';

const PAGE_SIZE = 100;
const FOLLOW_MS = 3000;

type AuditQuery = NonNullable<paths['/api/audit']['get']['parameters']['query']>;
type Filters = Pick<AuditQuery, 'user' | 'server' | 'kind' | 'status' | 'from' | 'to'>;

export function AuditPage() {
  const [filters, setFilters] = useState<Filters>({});
  const [follow, setFollow] = useState(true);
  const log = useInfiniteQuery({
    queryKey: ['gateway-audit', filters],
    queryFn: ({ pageParam, signal }) =>
      call(
        api.GET('/api/audit', {
          params: { query: { ...filters, limit: PAGE_SIZE, offset: pageParam } },
          signal,
        }),
      ),
    initialPageParam: 0,
    getNextPageParam: (_last, pages) => nextOffset(pages, (page) => page.events),
    // Following re-reads only while a single page is shown: deeper pages would shift under the reader.
    refetchInterval: (query) => (follow && (query.state.data?.pages.length ?? 0) <= 1 ? FOLLOW_MS : false),
  });
  const events = log.data?.pages.flatMap((page) => page.events) ?? [];
  const total = log.data?.pages[0]?.total;
  const set = (patch: Partial<Filters>) => {
    const next: Record<string, unknown> = { ...filters, ...patch };
    for (const key of Object.keys(next)) if (next[key] === '' || next[key] === undefined) delete next[key];
    setFilters(next as Filters);
  };
  const text = (name: 'user' | 'server' | 'kind', label: string, placeholder: string) => (
    <label className="field">
      <span>{label}</span>
      <input
        defaultValue={filters[name] ?? ''}
        placeholder={placeholder}
        maxLength={256}
        onBlur={(event) => set({ [name]: event.target.value.trim() })}
        onKeyDown={(event) => {
          if (event.key === 'Enter') set({ [name]: event.currentTarget.value.trim() });
        }}
      />
    </label>
  );
  return (
    <main className="page">
      <h1>Audit</h1>
      <form className="filter-bar" role="search" onSubmit={(event) => event.preventDefault()}>
        {text('user', 'User', 'exact name')}
        {text('server', 'Server', 'server id')}
        {text('kind', 'Kind', 'mcp.invocation')}
        <label className="field">
          <span>Status</span>
          <input
            type="number"
            min={100}
            max={599}
            defaultValue={filters.status ?? ''}
            onBlur={(event) =>
              set({ status: event.target.value === '' ? undefined : Number(event.target.value) })
            }
          />
        </label>
        <label className="field">
          <span>From</span>
          <input
            type="datetime-local"
            onChange={(event) =>
              set({
                from: event.target.value === '' ? undefined : new Date(event.target.value).toISOString(),
              })
            }
          />
        </label>
        <label className="field">
          <span>Before</span>
          <input
            type="datetime-local"
            onChange={(event) =>
              set({ to: event.target.value === '' ? undefined : new Date(event.target.value).toISOString() })
            }
          />
        </label>
        <label className="field check">
          <input type="checkbox" checked={follow} onChange={(event) => setFollow(event.target.checked)} />
          <span>Follow new events</span>
        </label>
      </form>
      <ErrorText error={log.error} />
      {total === undefined ? null : (
        <p className="muted" role="status">
          {total.toLocaleString()} events match.
        </p>
      )}
      <ScrollBox label="Audit events">
        <table>
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Kind</th>
              <th scope="col">User</th>
              <th scope="col">Server</th>
              <th scope="col">Method</th>
              <th scope="col">Status</th>
              <th scope="col">ms</th>
            </tr>
          </thead>
          <tbody>
            {events.map((event) => (
              <tr key={event.id} data-testid="audit-row">
                <td>{new Date(event.occurredAt).toLocaleString()}</td>
                <td>{event.eventKind}</td>
                <td>{event.username ?? '—'}</td>
                <td>{event.serverId ?? '—'}</td>
                <td>{event.method ?? '—'}</td>
                <td>{event.statusCode ?? '—'}</td>
                <td>{event.durationMs ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollBox>
      {log.hasNextPage ? (
        <button type="button" disabled={log.isFetchingNextPage} onClick={() => void log.fetchNextPage()}>
          {log.isFetchingNextPage ? 'Loading…' : 'Show more'}
        </button>
      ) : null}
    </main>
  );
}
