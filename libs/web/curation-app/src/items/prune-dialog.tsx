// Pruning, said plainly before it happens: which copies on which instances go, how many bytes,
// whether the item is also excluded from re-import. The API's dry run states what it would do; the
// real prune then shows each instance's outcome, partial failures included, and the ledger entry.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Dialog, formatBytes, ErrorText } from '@platform/web-ui';
import { useState } from 'react';
import { api, call } from '../api/client';
import type { CatalogDetails, PruneResult } from '../api/types';

export interface PruneScope {
  readonly item: CatalogDetails;
  /** null: the whole item. */
  readonly seasonNumber: number | null;
}

const OUTCOMES: Record<string, string> = {
  deleted: 'Deleted',
  already_gone: 'Already gone',
  failed: 'Failed',
  skipped: 'Not run (preview)',
};

export function PruneDialog(props: { readonly scope: PruneScope; readonly onClose: () => void }) {
  const { item, seasonNumber } = props.scope;
  const client = useQueryClient();
  const copies = item.instances.filter(
    (instance): instance is typeof instance & { connectionId: string } => instance.connectionId !== null,
  );
  const [targets, setTargets] = useState<ReadonlySet<string>>(
    () => new Set(copies.map((copy) => copy.connectionId)),
  );
  const [exclude, setExclude] = useState(false);
  const season =
    seasonNumber === null ? undefined : item.seasons.find((entry) => entry.seasonNumber === seasonNumber);
  const chosen = copies.filter((copy) => targets.has(copy.connectionId));
  const bytes =
    season === undefined ? chosen.reduce((sum, copy) => sum + copy.sizeBytes, 0) : season.sizeBytes;

  const prune = useMutation({
    mutationFn: (dryRun: boolean) =>
      call(
        api.POST('/api/v1/prune', {
          body: {
            mediaItemId: item.id,
            seasonNumber,
            targetConnectionIds: chosen.map((copy) => copy.connectionId),
            addToImportExclusion: seasonNumber === null && exclude,
            dryRun,
          },
        }),
      ),
    onSuccess: async (result) => {
      if (result.dryRun) return;
      await Promise.all(
        [['catalog'], ['categories'], ['item', item.id], ['audit']].map((queryKey) =>
          client.invalidateQueries({ queryKey }),
        ),
      );
    },
  });
  const result = prune.data;
  const done = result !== undefined && !result.dryRun;
  const what = seasonNumber === null ? item.title : `${item.title}, season ${seasonNumber}`;

  return (
    <Dialog
      open
      title={`Prune ${what}`}
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
              disabled={chosen.length === 0 || prune.isPending}
              onClick={() => prune.mutate(true)}
            >
              Preview
            </button>
            <button
              type="button"
              className="danger"
              disabled={chosen.length === 0 || prune.isPending}
              onClick={() => prune.mutate(false)}
            >
              Delete {formatBytes(bytes)}
            </button>
          </>
        )
      }
    >
      {done ? null : (
        <fieldset className="targets">
          <legend>Delete the files on</legend>
          {copies.map((copy) => (
            <label key={copy.connectionId} className="field check">
              <input
                type="checkbox"
                checked={targets.has(copy.connectionId)}
                onChange={(event) => {
                  const next = new Set(targets);
                  if (event.target.checked) next.add(copy.connectionId);
                  else next.delete(copy.connectionId);
                  setTargets(next);
                }}
              />
              <span>
                {copy.connectionName ?? copy.connectionId} {copy.is4k ? '(4K)' : ''}:{' '}
                {copy.resolution ?? 'no file'}, {formatBytes(copy.sizeBytes)}
                {copy.path === null ? '' : ` in ${copy.path}`}
              </span>
            </label>
          ))}
          {seasonNumber === null ? (
            <label className="field check">
              <input
                type="checkbox"
                checked={exclude}
                onChange={(event) => setExclude(event.target.checked)}
              />
              <span>Also exclude it from import lists, so it is not downloaded again</span>
            </label>
          ) : (
            <p className="muted">
              The season is unmonitored first, then its files are deleted; import exclusions apply only to
              whole series.
            </p>
          )}
        </fieldset>
      )}
      {prune.isPending ? <p role="status">Working…</p> : null}
      <ErrorText error={prune.error} />
      {result === undefined ? null : (
        <PruneOutcome
          result={result}
          names={new Map(copies.map((copy) => [copy.connectionId, copy.connectionName]))}
        />
      )}
    </Dialog>
  );
}

export function PruneOutcome(props: {
  readonly result: PruneResult;
  readonly names: ReadonlyMap<string, string | null>;
}) {
  const { result } = props;
  return (
    <section aria-label="Outcome" role="status">
      <p className={result.dryRun ? '' : result.success ? 'success' : 'error'}>{result.message}</p>
      <ul className="plain">
        {result.results.map((target) => (
          <li key={target.connectionId}>
            <strong>{props.names.get(target.connectionId) ?? target.connectionId}</strong>:{' '}
            {OUTCOMES[target.status] ?? target.status}
            {target.bytesFreed > 0 ? `, ${formatBytes(target.bytesFreed)} freed` : ''}
            {target.error === undefined ? '' : `: ${target.error}`}
          </li>
        ))}
      </ul>
      {result.auditId === null ? null : (
        <p className="muted">Recorded in the audit ledger as entry {result.auditId}.</p>
      )}
    </section>
  );
}
