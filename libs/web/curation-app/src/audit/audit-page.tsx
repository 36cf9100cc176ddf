// The audit ledger (Admins): what was done, by whom, when, and what pruning has freed in all.
// Filters map one to one onto the API's query parameters; rows load a page at a time.
import { useInfiniteQuery } from '@tanstack/react-query';
import { formatBytes, ScrollBox, ErrorText, nextOffset } from '@platform/web-ui';
import { useState } from 'react';
import { api, call } from '../api/client';
import type { paths } from '../api/curation-api';

const PAGE_SIZE = 100;

type AuditQuery = NonNullable<paths['/api/v1/audit']['get']['parameters']['query']>;
type Action = NonNullable<AuditQuery['action']>;

/** Every action the ledger records, in words; a record, so the compiler flags one the API added. */
const ACTIONS: Readonly<Record<Action, string>> = {
  prune: 'Prune',
  protect: 'Protect',
  unprotect: 'Lift protection',
  'protection-request.created': 'Protection asked',
  'protection-request.approved': 'Request approved',
  'protection-request.denied': 'Request denied',
  'protection-request.withdrawn': 'Request withdrawn',
  'user.role-changed': 'Role changed',
  'user.removed': 'User removed',
  'api-key.created': 'API key created',
  'api-key.revoked': 'API key revoked',
  'mediaserver.bound': 'Server bound',
  'connection.created': 'Connection added',
  'connection.updated': 'Connection changed',
  'connection.deleted': 'Connection deleted',
  'settings.updated': 'Settings changed',
  'sync.started': 'Sync started',
};

interface AuditFilters {
  readonly action?: Action;
  readonly actor?: string;
  readonly from?: string;
  readonly to?: string;
}

export function AuditPage() {
  const [filters, setFilters] = useState<AuditFilters>({});
  const ledger = useInfiniteQuery({
    queryKey: ['audit', filters],
    queryFn: ({ pageParam, signal }) =>
      call(
        api.GET('/api/v1/audit', {
          params: { query: { ...filters, limit: PAGE_SIZE, offset: pageParam } },
          signal,
        }),
      ),
    initialPageParam: 0,
    getNextPageParam: (_last, pages) => nextOffset(pages, (page) => page.logs),
  });
  const rows = ledger.data?.pages.flatMap((page) => page.logs) ?? [];
  const first = ledger.data?.pages[0];
  const set = (patch: Partial<AuditFilters>) => {
    const next: Record<string, unknown> = { ...filters, ...patch };
    for (const key of Object.keys(next)) if (next[key] === '' || next[key] === undefined) delete next[key];
    setFilters(next as AuditFilters);
  };
  return (
    <main className="page">
      <h1>Audit ledger</h1>
      {first === undefined ? null : (
        <p className="headline">
          Pruning has freed <strong>{formatBytes(first.totalBytesFreed)}</strong> in all.{' '}
          <span className="muted">{first.total.toLocaleString()} entries match.</span>
        </p>
      )}
      <form className="filter-bar" role="search" onSubmit={(event) => event.preventDefault()}>
        <label className="field">
          <span>Action</span>
          <select
            value={filters.action ?? ''}
            onChange={(event) => set({ action: event.target.value as Action })}
          >
            <option value="">All</option>
            {(Object.keys(ACTIONS) as Action[]).map((action) => (
              <option key={action} value={action}>
                {ACTIONS[action]}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>Actor</span>
          <input
            defaultValue={filters.actor ?? ''}
            maxLength={200}
            onBlur={(event) => set({ actor: event.target.value.trim() })}
            onKeyDown={(event) => {
              if (event.key === 'Enter') set({ actor: event.currentTarget.value.trim() });
            }}
          />
        </label>
        <label className="field">
          <span>From</span>
          <input
            type="date"
            value={filters.from ?? ''}
            onChange={(event) => set({ from: event.target.value })}
          />
        </label>
        <label className="field">
          <span>Before</span>
          <input type="date" value={filters.to ?? ''} onChange={(event) => set({ to: event.target.value })} />
        </label>
      </form>
      <ErrorText error={ledger.error} />
      <ScrollBox label="Ledger entries">
        <table className="audit">
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Action</th>
              <th scope="col">Subject</th>
              <th scope="col">Actor</th>
              <th scope="col">Freed</th>
              <th scope="col">Outcome</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id}>
                <td>{new Date(row.executedAt).toLocaleString()}</td>
                <td>{ACTIONS[row.action as Action] ?? row.action}</td>
                <td>{row.title}</td>
                <td>{row.actor}</td>
                <td>{row.bytesFreed > 0 ? formatBytes(row.bytesFreed) : ''}</td>
                <td>
                  <span className={`badge ${row.outcome === 'completed' ? 'approved' : 'pending'}`}>
                    {row.outcome}
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollBox>
      {ledger.hasNextPage ? (
        <button
          type="button"
          disabled={ledger.isFetchingNextPage}
          onClick={() => void ledger.fetchNextPage()}
        >
          {ledger.isFetchingNextPage ? 'Loading…' : 'Show more'}
        </button>
      ) : null}
    </main>
  );
}
