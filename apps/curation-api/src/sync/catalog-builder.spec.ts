// Matching and derivation by hand-made snapshots: ids across systems, then title and year; files
// once per item by path; best copy; watch state per plex.tv account; requests on their items.
import type {
  OverseerrRequest,
  PlexEpisode,
  PlexHistoryRow,
  PlexMedia,
  PlexMovie,
  PlexShow,
  RadarrMovie,
  SonarrEpisodeFile,
  SonarrSeries,
} from '@platform/curation-media-clients';
import { buildCatalog } from './catalog-builder';
import type { SourceSnapshot } from './source-snapshot';

const GB = 1_000_000_000;
const PROFILES = [{ id: 4, name: 'HD-1080p', upgradeAllowed: true, cutoff: 7, items: [] }];
const quality = (resolution: number) => ({
  quality: { id: 1, name: `q${resolution}`, source: 'bluray', resolution },
});

function media(id: number, videoResolution: string | undefined, ...parts: [string, number][]): PlexMedia {
  return {
    id,
    width: 1920,
    height: 1080,
    videoResolution,
    videoCodec: 'h264',
    container: 'mkv',
    Part: parts.map(([file, size], index) => ({ id: id * 10 + index, file, size })),
  };
}

function plexMovie(
  ratingKey: string,
  title: string,
  year: number,
  guids: string[],
  versions: PlexMedia[],
): PlexMovie {
  return {
    type: 'movie',
    ratingKey,
    guid: `plex://movie/${ratingKey}`,
    title,
    year,
    addedAt: 1_700_000_000,
    updatedAt: 1_700_000_000,
    Guid: guids.map((id) => ({ id })),
    Media: versions,
  };
}

function radarrMovie(
  id: number,
  tmdbId: number,
  title: string,
  file?: { path: string; size: number; lines: number; cutoffNotMet: boolean },
  year = 1999,
): RadarrMovie {
  return {
    id,
    title,
    year,
    tmdbId,
    hasFile: file !== undefined,
    monitored: true,
    qualityProfileId: 4,
    added: '2023-01-01T00:00:00Z',
    path: `/movies/${title}`,
    sizeOnDisk: file?.size ?? 0,
    ...(file === undefined
      ? {}
      : {
          movieFile: {
            id,
            movieId: id,
            path: file.path,
            size: file.size,
            dateAdded: '2023-01-02T00:00:00Z',
            quality: quality(file.lines),
            qualityCutoffNotMet: file.cutoffNotMet,
          },
        }),
  };
}

const statistics = (files: number, episodes: number) => ({
  episodeFileCount: files,
  episodeCount: episodes,
  totalEpisodeCount: episodes,
  sizeOnDisk: 0,
});

const series: SonarrSeries = {
  id: 7,
  title: 'The Office',
  year: 2005,
  tvdbId: 73244,
  tmdbId: 2316,
  status: 'ended',
  monitored: true,
  qualityProfileId: 4,
  added: '2020-05-01T00:00:00Z',
  path: '/tv/The Office',
  seasons: [{ seasonNumber: 1, monitored: true, statistics: statistics(2, 6) }],
  statistics: { ...statistics(2, 6), seasonCount: 1 },
};

const episodeFile = (id: number, path: string, size: number, cutoffNotMet: boolean): SonarrEpisodeFile => ({
  id,
  seriesId: 7,
  seasonNumber: 1,
  path,
  size,
  dateAdded: '2020-05-02T00:00:00Z',
  quality: quality(720),
  qualityCutoffNotMet: cutoffNotMet,
});

const show: PlexShow = {
  type: 'show',
  ratingKey: '500',
  guid: 'plex://show/500',
  title: 'The Office (US)',
  year: 2005,
  addedAt: 1_600_000_000,
  updatedAt: 1_600_000_000,
  leafCount: 3,
  viewedLeafCount: 0,
  childCount: 1,
  Guid: [{ id: 'tvdb://73244' }],
};

function episode(ratingKey: string, index: number, part: [string, number]): PlexEpisode {
  return {
    type: 'episode',
    ratingKey,
    guid: `plex://episode/${ratingKey}`,
    title: `Episode ${index}`,
    addedAt: 1_600_000_100,
    updatedAt: 1_600_000_100,
    index,
    parentIndex: 1,
    parentRatingKey: '501',
    grandparentRatingKey: '500',
    Media: [media(Number(ratingKey), '720', part)],
  };
}

const play = (ratingKey: string, accountID: number, viewedAt: number): PlexHistoryRow => ({
  historyKey: `/status/sessions/history/${ratingKey}-${accountID}-${viewedAt}`,
  ratingKey,
  type: 'episode',
  viewedAt,
  accountID,
  librarySectionID: 2,
});

const request: OverseerrRequest = {
  id: 31,
  status: 2,
  type: 'tv',
  is4k: false,
  createdAt: '2024-03-01T10:00:00.000Z',
  updatedAt: '2024-03-01T10:00:00.000Z',
  requestedBy: {
    id: 3,
    email: 'f@example.com',
    plexId: 555,
    plexUsername: 'friend',
    displayName: 'Friend',
    userType: 1,
  },
  media: {
    id: 9,
    mediaType: 'tv',
    tmdbId: 2316,
    tvdbId: 73244,
    status: 5,
    status4k: 1,
    ratingKey: '500',
    ratingKey4k: null,
    externalServiceId: 7,
    externalServiceId4k: null,
  },
  seasons: [{ seasonNumber: 1, status: 2 }],
};

function snapshot(): SourceSnapshot {
  return {
    plex: {
      movies: [
        plexMovie(
          '100',
          'The Matrix',
          1999,
          ['tmdb://603', 'imdb://tt0133093'],
          [
            media(1, '1080', ['/movies/matrix-1080.mkv', 10 * GB]),
            media(2, '2k', ['/plex/matrix-cut.mkv', 5 * GB]),
          ],
        ),
        plexMovie('101', 'Amélie', 2001, [], [media(3, 'sd', ['/movies/amelie.mkv', 2 * GB])]),
        plexMovie('102', 'Home Video', 2001, [], [media(4, undefined, ['/plex/home.mkv', 1 * GB])]),
      ],
      shows: [show],
      episodes: [
        episode('510', 1, ['/tv/office/s01e01.mkv', GB]),
        episode('511', 2, ['/tv/office/s01e02.mkv', GB]),
        episode('512', 3, ['/plex/office-s01e03.mkv', GB]),
      ],
      history: [
        play('510', 1, 1_700_000_000),
        play('510', 1, 1_700_100_000),
        play('512', 555, 1_700_050_000),
        play('999', 555, 1_700_060_000),
      ],
      ownerAccountId: '42',
    },
    radarr: [
      {
        connectionId: '00000000-0000-4000-8000-000000000001',
        is4k: false,
        profiles: PROFILES,
        movies: [
          radarrMovie(1, 603, 'The Matrix', {
            path: '/movies/matrix-1080.mkv',
            size: 10 * GB,
            lines: 1080,
            cutoffNotMet: false,
          }),
          radarrMovie(
            2,
            194,
            'Amelie',
            {
              path: '/movies/amelie.mkv',
              size: 2 * GB,
              lines: 480,
              cutoffNotMet: true,
            },
            2001,
          ),
          radarrMovie(3, 900, 'Wanted'),
        ],
      },
      {
        connectionId: '00000000-0000-4000-8000-000000000002',
        is4k: true,
        profiles: PROFILES,
        movies: [
          radarrMovie(11, 603, 'The Matrix', {
            path: '/movies-4k/matrix.mkv',
            size: 40 * GB,
            lines: 2160,
            cutoffNotMet: false,
          }),
        ],
      },
    ],
    sonarr: [
      {
        connectionId: '00000000-0000-4000-8000-000000000003',
        is4k: false,
        profiles: PROFILES,
        series: [series],
        files: [
          episodeFile(1, '/tv/office/s01e01.mkv', GB, false),
          episodeFile(2, '/tv/office/s01e02.mkv', GB, true),
        ],
      },
    ],
    overseerrRequests: [request],
  };
}

describe('buildCatalog', () => {
  const rows = buildCatalog(snapshot());
  const item = (id: string) => rows.items.find((candidate) => candidate.id === id);

  it('matches by external ids across Plex and both Radarr instances, counting each file once', () => {
    expect(item('movie-tmdb-603')).toMatchObject({
      title: 'The Matrix',
      imdbId: 'tt0133093',
      plexRatingKey: '100',
      plexVersionCount: 2,
      sizeBytes: 55 * GB,
      resolution: '4K',
      cutoffUnmet: false,
      addedAt: new Date(1_700_000_000_000),
    });
    const files = rows.files.filter((file) => file.itemId === 'movie-tmdb-603').map((file) => file.fileKey);
    expect(files.sort()).toEqual([
      '/movies-4k/matrix.mkv',
      '/movies/matrix-1080.mkv',
      '/plex/matrix-cut.mkv',
    ]);
    const copies = rows.copies.filter((copy) => copy.itemId === 'movie-tmdb-603');
    expect(
      copies.map((copy) => [
        copy.connectionId?.slice(-1) ?? 'plex',
        copy.resolution,
        copy.sizeBytes,
        copy.isBest,
      ]),
    ).toEqual([
      ['1', '1080p', 10 * GB, false],
      ['2', '4K', 40 * GB, true],
      // Plex's 2k counts as 1080p.
      ['plex', '1080p', 5 * GB, false],
    ]);
  });

  it('joins a Plex item without ids to a manager item by folded title and year, keeping Plex’s title', () => {
    expect(item('movie-tmdb-194')).toMatchObject({ title: 'Amélie', resolution: 'SD', cutoffUnmet: true });
    expect(item('movie-tmdb-194')?.titleKey).toBe('amelie');
  });

  it('names an item no system knows an id of by its title and year, and keeps a wanted movie with no file', () => {
    expect(item('movie-title-home-video-2001')).toMatchObject({
      sizeBytes: GB,
      resolution: null,
      plexVersionCount: 1,
    });
    expect(item('movie-tmdb-900')).toMatchObject({
      sizeBytes: 0,
      resolution: null,
      addedAt: new Date('2023-01-01T00:00:00Z'),
    });
    expect(rows.copies.filter((copy) => copy.itemId === 'movie-tmdb-900').map((copy) => copy.isBest)).toEqual(
      [false],
    );
    expect(rows.items).toHaveLength(5);
  });

  it('derives a series from Sonarr and Plex: files by path, seasons, Plex-only episodes as one copy', () => {
    expect(item('series-tvdb-73244')).toMatchObject({
      title: 'The Office (US)',
      tmdbId: 2316,
      episodeCount: 3,
      sizeBytes: 3 * GB,
      cutoffUnmet: true,
      addedAt: new Date(1_600_000_000_000),
      plays: 3,
      playedEpisodeCount: 2,
      lastWatchedAt: new Date(1_700_100_000_000),
    });
    expect(rows.seasons).toEqual([
      {
        itemId: 'series-tvdb-73244',
        seasonNumber: 1,
        episodeCount: 6,
        fileCount: 3,
        sizeBytes: 3 * GB,
        monitored: true,
      },
    ]);
    const copies = rows.copies.filter((copy) => copy.itemId === 'series-tvdb-73244');
    expect(copies.map((copy) => [copy.externalId, copy.fileCount, copy.cutoffUnmet])).toEqual([
      [7, 2, true],
      [null, 1, false],
    ]);
  });

  it('keeps watch state per plex.tv account, the owner’s local account 1 as their plex.tv id', () => {
    expect(rows.watch).toEqual([
      {
        itemId: 'series-tvdb-73244',
        accountId: '42',
        plays: 2,
        lastWatchedAt: new Date(1_700_100_000_000),
        playedEpisodeCount: 1,
      },
      {
        itemId: 'series-tvdb-73244',
        accountId: '555',
        plays: 1,
        lastWatchedAt: new Date(1_700_050_000_000),
        playedEpisodeCount: 1,
      },
    ]);
  });

  it('attaches requests to their item with the requester’s plex.tv id', () => {
    expect(rows.requests).toEqual([
      {
        itemId: 'series-tvdb-73244',
        requestId: 31,
        requestedByAccountId: '555',
        requestedByName: 'friend',
        requestedAt: new Date('2024-03-01T10:00:00.000Z'),
        status: 'approved',
        is4k: false,
        seasons: [1],
      },
    ]);
  });

  it('keeps two films of one title and year apart when their TMDB ids differ', () => {
    const base = snapshot();
    const twins = buildCatalog({
      ...base,
      radarr: [
        {
          ...(base.radarr[0] as SourceSnapshot['radarr'][number]),
          movies: [radarrMovie(1, 1, 'Twin'), radarrMovie(2, 2, 'Twin')],
        },
      ],
    });
    expect(
      twins.items
        .filter((candidate) => candidate.title === 'Twin')
        .map((candidate) => candidate.id)
        .sort(),
    ).toEqual(['movie-tmdb-1', 'movie-tmdb-2']);
  });
});
