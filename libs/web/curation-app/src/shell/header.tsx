// The bar on every page: where to go, the pending-requests badge for Admins, the sync state with a
// button to start one (Admins), and who is signed in.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatRelative, Link, problemMessage, useLocation } from '@platform/web-ui';
import { api, call } from '../api/client';
import type { SessionUser } from '../api/types';
import { usePendingRequestCount } from '../protection/requests-page';
import { useSignOut } from '../session/session';

export function Header(props: { readonly user: SessionUser; readonly admin: boolean }) {
  const { pathname } = useLocation();
  const pending = usePendingRequestCount(props.admin);
  const signOut = useSignOut();
  const current = (path: string) => (pathname === path ? 'page' : undefined);
  return (
    <header className="app-header">
      <nav aria-label="Main">
        <Link href="/" aria-current={current('/')}>
          Triage
        </Link>
        <Link href="/requests" aria-current={current('/requests')}>
          Requests
          {pending.data !== undefined && pending.data > 0 ? (
            <span className="count-badge" aria-label={`${pending.data} pending`}>
              {pending.data}
            </span>
          ) : null}
        </Link>
        {props.admin ? (
          <>
            <Link href="/audit" aria-current={current('/audit')}>
              Audit
            </Link>
            <Link href="/settings" aria-current={current('/settings')}>
              Settings
            </Link>
          </>
        ) : null}
      </nav>
      {props.admin ? <SyncControl /> : null}
      <div className="identity">
        <span>
          {props.user.username} <span className="muted">({props.user.role})</span>
        </span>
        <button type="button" className="link" onClick={() => void signOut()}>
          Sign out
        </button>
      </div>
    </header>
  );
}

function SyncControl() {
  const client = useQueryClient();
  const status = useQuery({
    queryKey: ['sync-status'],
    queryFn: ({ signal }) => call(api.GET('/api/v1/sync/status', { signal })),
    refetchInterval: (query) => (query.state.data?.state === 'running' ? 2000 : 30_000),
  });
  const start = useMutation({
    mutationFn: () => call(api.POST('/api/v1/sync')),
    onSettled: () => client.invalidateQueries({ queryKey: ['sync-status'] }),
  });
  const state = status.data;
  const running = state?.state === 'running';
  const text = running
    ? `Syncing: ${state.phase ?? ''} ${state.total > 0 ? `${state.processed}/${state.total}` : ''}`
    : state?.state === 'failed'
      ? `Last sync failed ${formatRelative(state.finishedAt)}`
      : state?.finishedAt === null || state === undefined
        ? 'Never synced'
        : `Synced ${formatRelative(state.finishedAt)}`;
  return (
    <div className="sync">
      <span role="status" className="muted">
        {text}
      </span>
      <button type="button" disabled={running || start.isPending} onClick={() => start.mutate()}>
        Sync now
      </button>
      {start.isError ? (
        <span className="error" role="alert">
          {problemMessage(start.error)}
        </span>
      ) : null}
    </div>
  );
}
