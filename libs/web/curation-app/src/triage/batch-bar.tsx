// What the selection adds up to, and what can be done to all of it at once. Admins protect or
// unprotect; the selection stays after an action, so its outcome can be checked and acted on.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { formatBytes, problemMessage } from '@platform/web-ui';
import { useState } from 'react';
import { api, call } from '../api/client';
import type { CatalogItem } from '../api/types';
import { BATCH_PRUNE_LIMIT, BatchPruneDialog } from './batch-prune-dialog';

export function BatchBar(props: {
  readonly selected: readonly CatalogItem[];
  readonly admin: boolean;
  readonly onClear: () => void;
}) {
  const client = useQueryClient();
  const [message, setMessage] = useState<string | null>(null);
  const [pruning, setPruning] = useState(false);
  const protect = useMutation({
    mutationFn: (isProtected: boolean) =>
      call(
        api.POST('/api/v1/catalog/protect', {
          body: {
            ids: props.selected.map((item) => item.id),
            isProtected,
            ...(isProtected ? { reason: 'Protected from the triage view' } : {}),
          },
        }),
      ),
    onSuccess: async (result, isProtected) => {
      setMessage(
        `${result.changed} of ${props.selected.length} ${isProtected ? 'protected' : 'unprotected'}.`,
      );
      await client.invalidateQueries({ queryKey: ['catalog'] });
      await client.invalidateQueries({ queryKey: ['categories'] });
    },
    onError: (error) => setMessage(problemMessage(error)),
  });
  if (props.selected.length === 0) return null;
  const bytes = props.selected.reduce((sum, item) => sum + item.sizeBytes, 0);
  return (
    <section className="batch-bar" aria-label="Selection">
      <span>
        {props.selected.length.toLocaleString()} selected · {formatBytes(bytes)}
      </span>
      {props.admin ? (
        <>
          <button type="button" disabled={protect.isPending} onClick={() => protect.mutate(true)}>
            Protect
          </button>
          <button type="button" disabled={protect.isPending} onClick={() => protect.mutate(false)}>
            Unprotect
          </button>
          <button
            type="button"
            className="danger"
            disabled={props.selected.length > BATCH_PRUNE_LIMIT}
            title={
              props.selected.length > BATCH_PRUNE_LIMIT
                ? `At most ${BATCH_PRUNE_LIMIT} items are pruned at once`
                : undefined
            }
            onClick={() => setPruning(true)}
          >
            Prune…
          </button>
        </>
      ) : null}
      <button type="button" className="link" onClick={props.onClear}>
        Clear selection
      </button>
      {message === null ? null : (
        <span role="status" className="muted">
          {message}
        </span>
      )}
      {pruning ? <BatchPruneDialog items={props.selected} onClose={() => setPruning(false)} /> : null}
    </section>
  );
}
