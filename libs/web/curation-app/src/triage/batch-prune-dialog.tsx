// Pruning a selection: every selected item's copies, each with its instance and size, all chosen
// at first; protected items and items someone asked to protect are listed as left alone. "Preview"
// asks the API for a dry run of each item, "Delete" prunes them one after another, and each item
// shows its own outcome, so a failure on one never hides what happened to the others.
import { useMutation, useQueries, useQueryClient } from '@tanstack/react-query';
import { Dialog, ErrorText, formatBytes, ProblemError, problemMessage } from '@platform/web-ui';
import { useState } from 'react';
import { api, call } from '../api/client';
import type { CatalogDetails, CatalogItem, PruneResult } from '../api/types';
import { PruneOutcome } from '../items/prune-dialog';

/** Items one batch prune takes; more would load as many details before anything is shown. */
export const BATCH_PRUNE_LIMIT = 100;

/** An item's outcome, with its instances' names as they were before the prune changed its details. */
type Outcome =
  | { readonly result: PruneResult; readonly names: ReadonlyMap<string, string | null> }
  | { readonly error: string };

export function BatchPruneDialog(props: {
  readonly items: readonly CatalogItem[];
  readonly onClose: () => void;
}) {
  const client = useQueryClient();
  // The selection as it was when the dialog opened: pruned items may leave the catalog meanwhile.
  const [items] = useState(props.items);
  const details = useQueries({
    queries: items.map((item) => ({
      queryKey: ['item', item.id],
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        call(api.GET('/api/v1/catalog/{id}', { params: { path: { id: item.id } }, signal })),
    })),
  });
  const loaded = details.flatMap((query) => (query.data === undefined ? [] : [query.data]));
  const failedToLoad = details.find((query) => query.isError)?.error;
  const prunable = loaded.filter((item) => !item.isProtected && !item.protectionRequested);
  const leftAlone = loaded.filter((item) => item.isProtected || item.protectionRequested);
  const [unchosen, setUnchosen] = useState<ReadonlySet<string>>(new Set());
  const [exclude, setExclude] = useState(false);
  const [outcomes, setOutcomes] = useState<ReadonlyMap<string, Outcome>>(new Map());
  const key = (itemId: string, connectionId: string) => `${itemId} ${connectionId}`;
  const targetsOf = (item: CatalogDetails) =>
    managedCopies(item).filter((copy) => !unchosen.has(key(item.id, copy.connectionId)));
  const chosenBytes = prunable.reduce(
    (sum, item) => sum + targetsOf(item).reduce((bytes, copy) => bytes + copy.sizeBytes, 0),
    0,
  );
  const chosenCopies = prunable.reduce((sum, item) => sum + targetsOf(item).length, 0);

  const run = useMutation({
    mutationFn: async (dryRun: boolean) => {
      const results = new Map<string, Outcome>();
      for (const item of prunable) {
        const targets = targetsOf(item);
        if (targets.length === 0) continue;
        try {
          const result = await call(
            api.POST('/api/v1/prune', {
              body: {
                mediaItemId: item.id,
                seasonNumber: null,
                targetConnectionIds: targets.map((copy) => copy.connectionId),
                addToImportExclusion: exclude,
                dryRun,
              },
            }),
          );
          const names = new Map(managedCopies(item).map((copy) => [copy.connectionId, copy.connectionName]));
          results.set(item.id, { result, names });
        } catch (error) {
          // A refusal (protected since, say) or a lost answer: said for this item, the next goes on.
          if (!(error instanceof ProblemError) && !(error instanceof TypeError)) throw error;
          results.set(item.id, { error: problemMessage(error) });
        }
        setOutcomes(new Map(results));
      }
      return { dryRun, results };
    },
    onSuccess: async ({ dryRun }) => {
      if (dryRun) return;
      await Promise.all(
        [['catalog'], ['categories'], ['audit'], ...prunable.map((item) => ['item', item.id])].map(
          (queryKey) => client.invalidateQueries({ queryKey }),
        ),
      );
    },
  });
  const done = run.data !== undefined && !run.data.dryRun;

  return (
    <Dialog
      open
      wide
      title={`Prune ${items.length} selected`}
      onClose={props.onClose}
      footer={
        done ? (
          <button type="button" onClick={props.onClose}>
            Close
          </button>
        ) : (
          <>
            <button type="button" onClick={props.onClose}>
              Cancel
            </button>
            <button
              type="button"
              disabled={chosenCopies === 0 || run.isPending}
              onClick={() => run.mutate(true)}
            >
              Preview
            </button>
            <button
              type="button"
              className="danger"
              disabled={chosenCopies === 0 || run.isPending}
              onClick={() => run.mutate(false)}
            >
              Delete {chosenCopies} {chosenCopies === 1 ? 'copy' : 'copies'}, {formatBytes(chosenBytes)}
            </button>
          </>
        )
      }
    >
      {loaded.length < items.length && failedToLoad === undefined ? (
        <p role="status">
          Loading {loaded.length} of {items.length}…
        </p>
      ) : null}
      <ErrorText error={failedToLoad} />
      {leftAlone.length === 0 ? null : (
        <p className="muted">
          Left alone, protected or asked to be: {leftAlone.map((item) => item.title).join(', ')}.
        </p>
      )}
      {done ? null : (
        <label className="field check">
          <input type="checkbox" checked={exclude} onChange={(event) => setExclude(event.target.checked)} />
          <span>Also exclude them from import lists, so they are not downloaded again</span>
        </label>
      )}
      <ul className="plain batch-prune">
        {prunable.map((item) => {
          const outcome = outcomes.get(item.id);
          return (
            <li key={item.id}>
              <fieldset className="targets">
                <legend>{item.title}</legend>
                {done
                  ? null
                  : managedCopies(item).map((copy) => (
                      <label key={copy.connectionId} className="field check">
                        <input
                          type="checkbox"
                          checked={!unchosen.has(key(item.id, copy.connectionId))}
                          onChange={(event) => {
                            const next = new Set(unchosen);
                            if (event.target.checked) next.delete(key(item.id, copy.connectionId));
                            else next.add(key(item.id, copy.connectionId));
                            setUnchosen(next);
                          }}
                        />
                        <span>
                          {copy.connectionName ?? copy.connectionId}
                          {copy.is4k ? ' (4K)' : ''}: {copy.resolution ?? 'no file'},{' '}
                          {formatBytes(copy.sizeBytes)}
                        </span>
                      </label>
                    ))}
                {outcome === undefined ? null : 'result' in outcome ? (
                  <PruneOutcome result={outcome.result} names={outcome.names} />
                ) : (
                  <p className="error" role="alert">
                    {outcome.error}
                  </p>
                )}
              </fieldset>
            </li>
          );
        })}
      </ul>
      <ErrorText error={run.error} />
    </Dialog>
  );
}

function managedCopies(item: CatalogDetails) {
  return item.instances.filter(
    (instance): instance is typeof instance & { connectionId: string } => instance.connectionId !== null,
  );
}
