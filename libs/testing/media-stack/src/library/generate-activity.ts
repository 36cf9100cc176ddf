// Who watched and who requested what: Plex history rows (one per play, any account, spanning years)
// and Overseerr requests by the users Overseerr imported.
import { DAY } from './generation-context';
import type { GenerationContext } from './generation-context';
import type {
  LibraryMovie,
  LibraryRequest,
  LibrarySeries,
  LibraryUser,
  PlayRecord,
} from './media-library.types';

/** Episodes one viewer plays of one series at most: keeps 100,000-item histories in memory bounds. */
const MAX_EPISODES_PER_VIEWER = 40;

export function generateHistory(
  context: GenerationContext,
  users: readonly LibraryUser[],
  movies: readonly LibraryMovie[],
  series: readonly LibrarySeries[],
): PlayRecord[] {
  const { random } = context;
  const viewers = users.filter((user) => user.hasServerAccess);
  const plays: Omit<PlayRecord, 'historyId'>[] = [];
  const pickViewer = (): LibraryUser =>
    random.chance(0.3) ? (viewers[0] as LibraryUser) : random.pick(viewers);
  for (const movie of movies) {
    if (movie.plex === null || !random.chance(0.55)) continue;
    const watchers = new Set(Array.from({ length: random.int(1, 3) }, pickViewer));
    for (const viewer of watchers) {
      const first = context.timeBetween(Math.max(movie.plex.addedAt, viewer.joinedAt));
      const playCount = random.chance(0.15) ? 2 : 1;
      for (let play = 0; play < playCount; play += 1) {
        const viewedAt = play === 0 ? first : context.timeBetween(first);
        plays.push({
          localAccountId: viewer.localAccountId,
          ratingKey: movie.plex.ratingKey,
          viewedAt,
          deviceId: random.int(1, 12),
        });
      }
    }
  }
  for (const show of series) {
    if (show.plex === null || !random.chance(0.5)) continue;
    const episodes = show.seasons.flatMap((season) =>
      season.episodes.flatMap((episode) => (episode.plex === null ? [] : [episode.plex])),
    );
    const watchers = new Set(Array.from({ length: random.int(1, 3) }, pickViewer));
    for (const viewer of watchers) {
      const watched = Math.min(MAX_EPISODES_PER_VIEWER, random.int(1, episodes.length));
      let viewedAt = context.timeBetween(Math.max(show.plex.addedAt, viewer.joinedAt));
      for (const episode of episodes.slice(0, watched)) {
        viewedAt = Math.min(context.now, Math.max(viewedAt, episode.addedAt) + random.int(3600, 3 * DAY));
        plays.push({
          localAccountId: viewer.localAccountId,
          ratingKey: episode.ratingKey,
          viewedAt,
          deviceId: random.int(1, 12),
        });
      }
    }
  }
  plays.sort((left, right) => left.viewedAt - right.viewedAt || left.ratingKey - right.ratingKey);
  return plays.map((play, index) => ({ historyId: index + 1, ...play }));
}

export function generateRequests(
  context: GenerationContext,
  users: readonly LibraryUser[],
  movies: readonly LibraryMovie[],
  series: readonly LibrarySeries[],
): LibraryRequest[] {
  const { random, now } = context;
  const requesters = users.filter((user) => user.overseerrUserId !== null);
  const requests: LibraryRequest[] = [];
  let mediaId = 0;
  const add = (
    target: LibraryRequest['target'],
    addedAt: number,
    available: boolean,
    has4k: boolean,
  ): void => {
    mediaId += 1;
    const requester = random.chance(0.15) ? (requesters[0] as LibraryUser) : random.pick(requesters);
    const createdAt = available
      ? Math.max(0, addedAt - random.int(DAY / 12, 20 * DAY))
      : context.timeBetween(now - 120 * DAY);
    const status = available
      ? 2
      : random.weighted([
          [1, 6],
          [2, 3],
          [3, 1],
        ] as const);
    requests.push({
      requestId: requests.length + 1,
      mediaId,
      requesterPlexId: requester.plexId,
      target,
      is4k: has4k && random.chance(0.4),
      status,
      createdAt,
      updatedAt: context.timeBetween(createdAt),
    });
  };
  movies.forEach((movie, movieIndex) => {
    if (!random.chance(0.12)) return;
    const addedAt = movie.plex?.addedAt ?? movie.radarr[0]?.addedAt ?? now;
    add(
      { kind: 'movie', movieIndex },
      addedAt,
      movie.plex !== null,
      movie.radarr.some((copy) => copy.instance === '4k'),
    );
  });
  series.forEach((show, seriesIndex) => {
    if (!random.chance(0.12)) return;
    const seasons = show.seasons.map((season) => season.seasonNumber).filter(() => random.chance(0.7));
    const requested = seasons.length === 0 ? [1] : seasons;
    const addedAt = show.plex?.addedAt ?? show.sonarr[0]?.addedAt ?? now;
    add(
      { kind: 'series', seriesIndex, seasons: requested },
      addedAt,
      show.plex !== null,
      show.sonarr.some((copy) => copy.instance === '4k'),
    );
  });
  return requests;
}
