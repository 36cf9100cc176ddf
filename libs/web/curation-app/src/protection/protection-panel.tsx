// An item's protection, in its details: Admins protect or lift it with a reason; everyone else asks
// for it with a reason and sees their request's state. The API decides; this only offers what the
// reader's role may do.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { formatDate, ErrorText } from '@platform/web-ui';
import { useState } from 'react';
import { api, call } from '../api/client';
import type { CatalogDetails } from '../api/types';

export function ProtectionPanel(props: { readonly item: CatalogDetails; readonly admin: boolean }) {
  const { item } = props;
  const client = useQueryClient();
  const [reason, setReason] = useState('');
  const [notice, setNotice] = useState<string | null>(null);
  const refresh = () =>
    Promise.all(
      [['item', item.id], ['catalog'], ['categories'], ['protection-requests']].map((queryKey) =>
        client.invalidateQueries({ queryKey }),
      ),
    );
  const protect = useMutation({
    mutationFn: (isProtected: boolean) =>
      call(
        api.POST('/api/v1/catalog/{id}/protect', {
          params: { path: { id: item.id } },
          body: { isProtected, ...(reason.trim() === '' ? {} : { reason: reason.trim() }) },
        }),
      ),
    onSuccess: async (state) => {
      setReason('');
      setNotice(state.isProtected ? 'Protected.' : 'Protection lifted.');
      await refresh();
    },
  });
  const ask = useMutation({
    mutationFn: () =>
      call(
        api.POST('/api/v1/catalog/{id}/request-protect', {
          params: { path: { id: item.id } },
          body: { reason: reason.trim() },
        }),
      ),
    onSuccess: async () => {
      setReason('');
      setNotice('Asked. An admin will review it; its state shows under Requests.');
      await refresh();
    },
  });
  const failure = protect.error ?? ask.error;
  const protection = item.protection;
  return (
    <section aria-labelledby="protection-heading">
      <h3 id="protection-heading">Protection</h3>
      {protection.isProtected ? (
        <p>
          Protected{protection.protectedBy === null ? '' : ` by ${protection.protectedBy}`}
          {protection.protectedAt === null ? '' : ` on ${formatDate(protection.protectedAt)}`}
          {protection.reason === null ? '' : `: “${protection.reason}”`}
        </p>
      ) : (
        <p className="muted">Not protected: pruning may delete it.</p>
      )}
      {protection.pendingRequests.length > 0 ? (
        <ul className="plain">
          {protection.pendingRequests.map((request) => (
            <li key={request.id}>
              {request.requestedBy ?? 'Someone'} asked on {formatDate(request.createdAt)}: “{request.reason}”
            </li>
          ))}
        </ul>
      ) : null}
      <form
        className="inline-form"
        onSubmit={(event) => {
          event.preventDefault();
          setNotice(null);
          if (props.admin) protect.mutate(!protection.isProtected);
          else ask.mutate();
        }}
      >
        <label className="field grow">
          <span>Reason{props.admin ? ' (optional)' : ''}</span>
          <input
            value={reason}
            maxLength={500}
            required={!props.admin}
            onChange={(event) => setReason(event.target.value)}
          />
        </label>
        {props.admin ? (
          <button type="submit" disabled={protect.isPending}>
            {protection.isProtected ? 'Lift protection' : 'Protect'}
          </button>
        ) : protection.isProtected ? null : (
          <button type="submit" disabled={ask.isPending}>
            Ask to protect
          </button>
        )}
      </form>
      {notice === null ? null : <p role="status">{notice}</p>}
      <ErrorText error={failure} />
    </section>
  );
}
