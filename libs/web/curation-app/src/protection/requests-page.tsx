// Protection requests: Admins review the pending ones (approve protects the item; both take a
// note), everyone sees the fate of their own and may withdraw one still pending.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatDate, Link, ErrorText } from '@platform/web-ui';
import { useState } from 'react';
import { api, call } from '../api/client';
import type { ProtectionRequest } from '../api/types';

const STATUSES = ['pending', 'approved', 'denied', 'withdrawn'] as const;
type Status = (typeof STATUSES)[number];

export function usePendingRequestCount(enabled: boolean) {
  return useQuery({
    queryKey: ['protection-requests', 'pending', 'count'],
    queryFn: ({ signal }) =>
      call(
        api.GET('/api/v1/protection-requests', {
          params: { query: { status: 'pending', limit: 1 } },
          signal,
        }),
      ),
    select: (page) => page.total,
    enabled,
    refetchInterval: 60_000,
  });
}

export function RequestsPage(props: { readonly admin: boolean }) {
  const [status, setStatus] = useState<Status>('pending');
  const requests = useQuery({
    queryKey: ['protection-requests', status],
    queryFn: ({ signal }) =>
      call(api.GET('/api/v1/protection-requests', { params: { query: { status, limit: 500 } }, signal })),
  });
  return (
    <main className="page">
      <h1>Protection requests</h1>
      <div className="segmented" role="group" aria-label="Status">
        {STATUSES.map((value) => (
          <button key={value} type="button" aria-pressed={status === value} onClick={() => setStatus(value)}>
            {value[0]?.toUpperCase()}
            {value.slice(1)}
          </button>
        ))}
      </div>
      <ErrorText error={requests.error} />
      {requests.data?.requests.length === 0 ? <p className="muted">No {status} requests.</p> : null}
      <ul className="request-list">
        {requests.data?.requests.map((request) => (
          <RequestCard key={request.id} request={request} admin={props.admin} />
        ))}
      </ul>
    </main>
  );
}

function RequestCard(props: { readonly request: ProtectionRequest; readonly admin: boolean }) {
  const { request } = props;
  const client = useQueryClient();
  const [note, setNote] = useState('');
  const decide = useMutation({
    mutationFn: (action: 'approve' | 'deny' | 'withdraw') => {
      const body = note.trim() === '' ? {} : { note: note.trim() };
      const path = { params: { path: { id: request.id } }, body };
      if (action === 'approve') return call(api.POST('/api/v1/protection-requests/{id}/approve', path));
      if (action === 'deny') return call(api.POST('/api/v1/protection-requests/{id}/deny', path));
      return call(api.POST('/api/v1/protection-requests/{id}/withdraw', path));
    },
    onSuccess: () =>
      Promise.all(
        [['protection-requests'], ['catalog'], ['categories'], ['item', request.mediaItemId]].map(
          (queryKey) => client.invalidateQueries({ queryKey }),
        ),
      ),
  });
  return (
    <li className="request-card">
      <p>
        <Link href={`/?item=${encodeURIComponent(request.mediaItemId)}`} className="item-link">
          {request.title ?? request.mediaItemId}
        </Link>{' '}
        <span className={`badge ${request.status}`}>{request.status}</span>
      </p>
      <p>
        {request.requestedBy} asked on {formatDate(request.requestedAt)}: “{request.reason}”
      </p>
      {request.decidedAt === null ? null : (
        <p className="muted">
          {request.status} by {request.decidedBy ?? 'someone'} on {formatDate(request.decidedAt)}
          {request.note === null ? '' : `: “${request.note}”`}
        </p>
      )}
      {request.status === 'pending' ? (
        <form className="inline-form" onSubmit={(event) => event.preventDefault()}>
          <label className="field grow">
            <span>Note (optional)</span>
            <input value={note} maxLength={500} onChange={(event) => setNote(event.target.value)} />
          </label>
          {props.admin ? (
            <>
              <button type="button" disabled={decide.isPending} onClick={() => decide.mutate('approve')}>
                Approve and protect
              </button>
              <button type="button" disabled={decide.isPending} onClick={() => decide.mutate('deny')}>
                Deny
              </button>
            </>
          ) : (
            <button type="button" disabled={decide.isPending} onClick={() => decide.mutate('withdraw')}>
              Withdraw
            </button>
          )}
        </form>
      ) : null}
      <ErrorText error={decide.error} />
    </li>
  );
}
