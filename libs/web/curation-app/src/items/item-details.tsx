// One item in full: its copies on each instance, its seasons, who watched it, who requested it,
// and its protection; with the actions the reader's role allows (the API refuses the rest anyway).
import { useQuery } from '@tanstack/react-query';
import { Dialog, formatBytes, formatDate, formatRelative, ScrollBox, ErrorText } from '@platform/web-ui';
import { useState } from 'react';
import { api, call } from '../api/client';
import type { CatalogDetails } from '../api/types';
import { ProtectionPanel } from '../protection/protection-panel';
import { useCategories } from '../triage/use-catalog';
import { PruneDialog, type PruneScope } from './prune-dialog';

export function ItemDetails(props: {
  readonly id: string;
  readonly admin: boolean;
  readonly onClose: () => void;
}) {
  const details = useQuery({
    queryKey: ['item', props.id],
    queryFn: ({ signal }) =>
      call(api.GET('/api/v1/catalog/{id}', { params: { path: { id: props.id } }, signal })),
  });
  const [prune, setPrune] = useState<PruneScope | null>(null);
  const item = details.data;
  // A protected item, or one someone asked to protect, is not offered for pruning (the API refuses it).
  const prunable = props.admin && item !== undefined && !item.isProtected && !item.protectionRequested;
  return (
    <Dialog open title={item?.title ?? 'Item'} onClose={props.onClose} wide>
      {details.isPending ? <p role="status">Loading…</p> : null}
      <ErrorText error={details.error} />
      {item === undefined ? null : (
        <>
          <Summary item={item} />
          {props.admin && !prunable ? (
            <p className="muted">
              {item.isProtected ? 'Protected' : 'Someone asked to protect it'}: it cannot be pruned until that
              is settled.
            </p>
          ) : null}
          <Instances item={item} admin={prunable} onPrune={() => setPrune({ item, seasonNumber: null })} />
          {item.seasons.length > 0 ? (
            <Seasons
              item={item}
              admin={prunable}
              onPrune={(seasonNumber) => setPrune({ item, seasonNumber })}
            />
          ) : null}
          <WatchHistory item={item} />
          <Requests item={item} />
          <ProtectionPanel item={item} admin={props.admin} />
          {prune === null ? null : <PruneDialog scope={prune} onClose={() => setPrune(null)} />}
        </>
      )}
    </Dialog>
  );
}

function Summary(props: { readonly item: CatalogDetails }) {
  const { item } = props;
  const categories = useCategories(undefined);
  const names = new Map((categories.data ?? []).map((category) => [category.id as string, category.name]));
  const memberOf = item.categories.map((id) => names.get(id) ?? id);
  return (
    <dl className="facts">
      <Fact term="Year" value={item.year ?? '—'} />
      <Fact term="Type" value={item.mediaType === 'movie' ? 'Movie' : 'Series'} />
      <Fact term="On disk" value={formatBytes(item.sizeBytes)} />
      <Fact term="Best quality" value={item.resolution ?? 'no file'} />
      <Fact term="Plays" value={item.plays} />
      <Fact term="Last watched" value={formatRelative(item.lastWatchedAt)} />
      <Fact term="Added" value={formatDate(item.addedAt)} />
      <Fact term="Categories" value={memberOf.length === 0 ? 'none' : memberOf.join(', ')} />
    </dl>
  );
}

function Fact(props: { readonly term: string; readonly value: string | number }) {
  return (
    <div>
      <dt>{props.term}</dt>
      <dd>{props.value}</dd>
    </div>
  );
}

function Instances(props: {
  readonly item: CatalogDetails;
  readonly admin: boolean;
  readonly onPrune: () => void;
}) {
  const prunable = props.item.instances.some((instance) => instance.connectionId !== null);
  return (
    <section aria-labelledby="instances-heading">
      <div className="section-heading">
        <h3 id="instances-heading">Copies</h3>
        {props.admin && prunable ? (
          <button type="button" className="danger" onClick={props.onPrune}>
            Prune…
          </button>
        ) : null}
      </div>
      {props.item.instances.length === 0 ? (
        <p className="muted">No media manager holds this item.</p>
      ) : (
        <ScrollBox label="Copies">
          <table>
            <thead>
              <tr>
                <th scope="col">Instance</th>
                <th scope="col">Quality</th>
                <th scope="col">Size</th>
                <th scope="col">Files</th>
                <th scope="col">Path</th>
              </tr>
            </thead>
            <tbody>
              {props.item.instances.map((instance, index) => (
                <tr key={`${instance.connectionId ?? 'plex'}-${index}`}>
                  <td>
                    {instance.connectionName ?? 'Plex only'}
                    {instance.is4k ? <span className="badge">4K</span> : null}
                    {instance.isBest ? <span className="badge">best</span> : null}
                  </td>
                  <td>
                    {instance.resolution ?? '—'}{' '}
                    {instance.qualityProfile === null ? '' : `(${instance.qualityProfile})`}
                    {instance.cutoffUnmet ? <span className="badge warn">below cutoff</span> : null}
                  </td>
                  <td>{formatBytes(instance.sizeBytes)}</td>
                  <td>{instance.fileCount}</td>
                  <td className="path">{instance.path ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollBox>
      )}
    </section>
  );
}

function Seasons(props: {
  readonly item: CatalogDetails;
  readonly admin: boolean;
  readonly onPrune: (seasonNumber: number) => void;
}) {
  return (
    <section aria-labelledby="seasons-heading">
      <h3 id="seasons-heading">Seasons</h3>
      <ScrollBox label="Seasons">
        <table>
          <thead>
            <tr>
              <th scope="col">Season</th>
              <th scope="col">Episodes</th>
              <th scope="col">Files</th>
              <th scope="col">Size</th>
              <th scope="col">Monitored</th>
              {props.admin ? (
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {props.item.seasons.map((season) => (
              <tr key={season.seasonNumber}>
                <td>{season.seasonNumber === 0 ? 'Specials' : season.seasonNumber}</td>
                <td>{season.episodeCount}</td>
                <td>{season.fileCount}</td>
                <td>{formatBytes(season.sizeBytes)}</td>
                <td>{season.monitored ? 'yes' : 'no'}</td>
                {props.admin ? (
                  <td>
                    <button
                      type="button"
                      className="danger small"
                      disabled={season.fileCount === 0}
                      onClick={() => props.onPrune(season.seasonNumber)}
                    >
                      Prune season…
                    </button>
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollBox>
    </section>
  );
}

function WatchHistory(props: { readonly item: CatalogDetails }) {
  return (
    <section aria-labelledby="watch-heading">
      <h3 id="watch-heading">Watched by</h3>
      {props.item.watchStats.length === 0 ? (
        <p className="muted">Nobody has played it.</p>
      ) : (
        <ul className="plain">
          {props.item.watchStats.map((watch) => (
            <li key={watch.userId}>
              <strong>{watch.username ?? `account ${watch.userId}`}</strong>: {watch.plays}{' '}
              {watch.plays === 1 ? 'play' : 'plays'}, last {formatRelative(watch.lastWatchedAt)}
              {props.item.mediaType === 'series' ? `, ${watch.playedEpisodeCount} episodes` : ''}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Requests(props: { readonly item: CatalogDetails }) {
  if (props.item.requests.length === 0) return null;
  return (
    <section aria-labelledby="requests-heading">
      <h3 id="requests-heading">Requests</h3>
      <ul className="plain">
        {props.item.requests.map((request) => (
          <li key={request.requestId}>
            {request.username ?? 'Unknown user'} asked on {formatDate(request.requestedAt)} ({request.status}
            {request.is4k ? ', 4K' : ''}
            {request.seasons.length > 0 ? `, seasons ${request.seasons.join(', ')}` : ''})
          </li>
        ))}
      </ul>
    </section>
  );
}
