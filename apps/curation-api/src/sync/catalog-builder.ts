// Turns one sync's snapshot of every source into the catalog rows: matches records into items,
// then derives copies, files, seasons, watch state, requests and the per-item values list queries
// read (size, best resolution, plays, cutoff). Pure: no I/O, so unit tests feed it by hand.
import type {
  OverseerrRequest,
  PlexMovie,
  PlexShow,
  RadarrMovie,
  SonarrEpisodeFile,
  SonarrSeries,
} from '@platform/curation-media-clients';
import { requestRowsOf, watchStateOf } from './activity-builder';
import type { PlayTarget } from './activity-builder';
import type {
  CatalogCopyRow,
  CatalogFileRow,
  CatalogItemRow,
  CatalogRows,
  CatalogSeasonRow,
} from './catalog-rows';
import { CopyBuilder, CopyIds, itemTotalsOf, seasonsOf } from './copy-builder';
import { idsOfPlexGuids, ItemMatcher, itemIdOf } from './item-matcher';
import type { ItemDraft } from './item-matcher';
import { titleKey } from '../catalog/title-key';
import type { ManagerInstance, SourceSnapshot } from './source-snapshot';

interface ItemRecords {
  readonly plexMovies: PlexMovie[];
  readonly plexShows: PlexShow[];
  readonly radarr: { readonly instance: ManagerInstance; readonly movie: RadarrMovie }[];
  readonly sonarr: {
    readonly instance: ManagerInstance;
    readonly series: SonarrSeries;
    readonly files: readonly SonarrEpisodeFile[];
  }[];
}

export function buildCatalog(snapshot: SourceSnapshot): CatalogRows {
  const matcher = new ItemMatcher<ItemRecords>(() => ({
    plexMovies: [],
    plexShows: [],
    radarr: [],
    sonarr: [],
  }));
  // Managers first: they always carry TMDB/TVDB ids, so Plex items join them by id where Plex has one.
  for (const instance of snapshot.radarr) {
    for (const movie of instance.movies) {
      matcher.match('movie', movie).records.radarr.push({ instance, movie });
    }
  }
  for (const instance of snapshot.sonarr) {
    const filesBySeries = groupBy(instance.files, (file) => file.seriesId);
    for (const series of instance.series) {
      const draft = matcher.match('series', {
        ...series,
        tmdbId: series.tmdbId === 0 ? null : series.tmdbId,
      });
      draft.records.sonarr.push({ instance, series, files: filesBySeries.get(series.id) ?? [] });
    }
  }
  const { plex } = snapshot;
  for (const movie of plex.movies) {
    const identity = { ...idsOfPlexGuids(movie.Guid), title: movie.title, year: movie.year ?? null };
    matcher.match('movie', identity, true).records.plexMovies.push(movie);
  }
  for (const show of plex.shows) {
    const identity = { ...idsOfPlexGuids(show.Guid), title: show.title, year: show.year ?? null };
    matcher.match('series', identity, true).records.plexShows.push(show);
  }

  const episodesByShow = groupBy(plex.episodes, (episode) => episode.grandparentRatingKey);
  const ids = new Set<string>();
  const copyIds = new CopyIds();
  const playTargets = new Map<string, PlayTarget>();
  const drafts = matcher.all().map((draft) => ({ draft, id: itemIdOf(draft, ids) }));
  const copies: CatalogCopyRow[] = [];
  const files: CatalogFileRow[] = [];
  const seasons: CatalogSeasonRow[] = [];
  const partial: Omit<CatalogItemRow, 'plays' | 'lastWatchedAt' | 'playedEpisodeCount'>[] = [];
  for (const { draft, id } of drafts) {
    const { records } = draft;
    const episodes = records.plexShows.flatMap((show) => episodesByShow.get(show.ratingKey) ?? []);
    for (const movie of records.plexMovies)
      playTargets.set(movie.ratingKey, { itemId: id, episodeKey: null });
    for (const show of records.plexShows) playTargets.set(show.ratingKey, { itemId: id, episodeKey: null });
    for (const episode of episodes)
      playTargets.set(episode.ratingKey, { itemId: id, episodeKey: episode.ratingKey });

    const builder = new CopyBuilder(id, copyIds);
    for (const movie of records.plexMovies) builder.notePlexMedia(movie.Media);
    for (const episode of episodes) builder.notePlexMedia(episode.Media);
    for (const { instance, movie } of records.radarr) builder.addRadarr(instance, movie);
    for (const { instance, series, files: seriesFiles } of records.sonarr)
      builder.addSonarr(instance, series, seriesFiles);
    for (const movie of records.plexMovies) builder.addPlexMovie(movie);
    if (episodes.length > 0) builder.addPlexEpisodes(episodes, records.plexShows[0]?.addedAt ?? 0);
    const built = builder.build();
    copies.push(...built.copies);
    files.push(...built.files);
    if (draft.mediaType === 'series') {
      seasons.push(
        ...seasonsOf(
          id,
          built.files,
          episodes,
          records.sonarr.map((record) => record.series),
        ),
      );
    }
    partial.push(itemRowOf(draft, id, built.copies, built.files, episodes.length));
  }

  const watch = watchStateOf(plex.history, playTargets, plex.ownerAccountId);
  const items = partial.map((item): CatalogItemRow => {
    const totals = watch.totals.get(item.id);
    return {
      ...item,
      plays: totals?.plays ?? 0,
      lastWatchedAt: totals?.lastWatchedAt ?? null,
      playedEpisodeCount: totals?.playedEpisodeCount ?? 0,
    };
  });
  const idOfDraft = new Map(drafts.map(({ draft, id }) => [draft, id]));
  const requests = requestRowsOf(snapshot.overseerrRequests, (request) => {
    const draft = requestedDraft(matcher, request);
    if (draft !== undefined) return idOfDraft.get(draft);
    // A title Plex holds without external ids: Overseerr's ratingKey still names it.
    const ratingKey = request.media?.ratingKey ?? request.media?.ratingKey4k ?? null;
    return ratingKey === null ? undefined : playTargets.get(ratingKey)?.itemId;
  });
  return { items, copies, files, seasons, watch: watch.rows, requests };
}

function itemRowOf(
  draft: ItemDraft<ItemRecords>,
  id: string,
  copies: readonly CatalogCopyRow[],
  files: readonly CatalogFileRow[],
  plexEpisodeCount: number,
): Omit<CatalogItemRow, 'plays' | 'lastWatchedAt' | 'playedEpisodeCount'> {
  const { records } = draft;
  return {
    id,
    mediaType: draft.mediaType,
    title: draft.title,
    titleKey: titleKey(draft.title),
    year: draft.year,
    tmdbId: draft.tmdbId,
    tvdbId: draft.tvdbId,
    imdbId: draft.imdbId,
    plexRatingKey: records.plexMovies[0]?.ratingKey ?? records.plexShows[0]?.ratingKey ?? null,
    thumb: records.plexMovies[0]?.thumb ?? records.plexShows[0]?.thumb ?? null,
    addedAt: addedAtOf(records),
    episodeCount: plexEpisodeCount,
    plexVersionCount: records.plexMovies.reduce((sum, movie) => sum + movie.Media.length, 0),
    ...itemTotalsOf(copies, files),
  };
}

/** Earliest Plex addedAt (a series': the show's own), else the earliest a manager added it. */
function addedAtOf(records: ItemRecords): Date | null {
  const plexTimes = [...records.plexMovies, ...records.plexShows].map((item) => item.addedAt * 1000);
  if (plexTimes.length > 0) return new Date(Math.min(...plexTimes));
  const managerTimes = [
    ...records.radarr.map(({ movie }) => Date.parse(movie.added)),
    ...records.sonarr.map(({ series }) => Date.parse(series.added)),
  ];
  return managerTimes.length > 0 ? new Date(Math.min(...managerTimes)) : null;
}

function requestedDraft(
  matcher: ItemMatcher<ItemRecords>,
  request: OverseerrRequest,
): ItemDraft<ItemRecords> | undefined {
  const media = request.media;
  if (media === null) return undefined;
  if (request.type === 'movie') return matcher.find('movie', { tmdbId: media.tmdbId });
  return matcher.find('series', { tvdbId: media.tvdbId }) ?? matcher.find('series', { tmdbId: media.tmdbId });
}

function groupBy<T, K>(values: readonly T[], keyOf: (value: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const value of values) {
    const key = keyOf(value);
    const group = groups.get(key);
    if (group === undefined) groups.set(key, [value]);
    else group.push(value);
  }
  return groups;
}
