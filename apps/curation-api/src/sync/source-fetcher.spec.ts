// The fetch phase with fake clients: a complete snapshot when every source answers, and when one
// fails, no snapshot at all but that source named (so nothing gets written).
import { MediaClientError } from '@platform/curation-media-clients';
import type {
  OverseerrApi,
  PlexServerApi,
  PlexTvApi,
  RadarrApi,
  SonarrApi,
} from '@platform/curation-media-clients';
import type { Connection } from '../connections/connection.repository';
import type { MediaServerBinding } from '../mediaserver/media-server-binding.repository';
import { SourceFetcher } from './source-fetcher';
import type { SyncSourceFactory } from './sync-sources';

const binding: MediaServerBinding = {
  machineIdentifier: 'm',
  name: 'Server',
  baseUrl: 'http://plex.invalid',
  token: 'token',
  ownerAccountId: null,
  boundBy: 'test',
  boundAt: new Date(0),
};

const connection = (type: Connection['type'], name: string): Connection => ({
  id: `id-${name}`,
  type,
  name,
  baseUrl: `http://${name}.invalid`,
  apiKey: 'key',
  is4k: false,
  createdAt: new Date(0),
  updatedAt: new Date(0),
});

function fakes(historyFails: boolean) {
  const episodeFileCalls: number[][] = [];
  const plex = {
    requestCount: 5,
    getSections: () => Promise.resolve([{ key: '1', type: 'movie', title: 'Movies', uuid: 'u' }]),
    getSectionItems: () => Promise.resolve([]),
    getSectionEpisodes: () => Promise.resolve([]),
    getWatchHistory: () =>
      historyFails
        ? Promise.reject(
            new MediaClientError('bad-status', 'plex', 'GET /status/sessions/history/all answered 500', 500),
          )
        : Promise.resolve([]),
  } as unknown as PlexServerApi;
  const plexTv = { requestCount: 1, getAccount: () => Promise.resolve({ id: 4242 }) } as unknown as PlexTvApi;
  const series = [
    { id: 1, path: '/tv/a', qualityProfileId: 1, seasons: [], statistics: { episodeFileCount: 3 } },
    { id: 2, path: '/tv/b', qualityProfileId: 1, seasons: [], statistics: { episodeFileCount: 0 } },
  ];
  const sonarr = {
    requestCount: 3,
    getQualityProfiles: () => Promise.resolve([]),
    getSeries: () => Promise.resolve(series),
    getEpisodeFilesOfSeries: (ids: number[]) => {
      episodeFileCalls.push(ids);
      return Promise.resolve([]);
    },
  } as unknown as SonarrApi;
  const radarr = {
    requestCount: 2,
    getQualityProfiles: () => Promise.resolve([]),
    getMovies: () => Promise.resolve([]),
  } as unknown as RadarrApi;
  const overseerr = { requestCount: 1, getRequests: () => Promise.resolve([]) } as unknown as OverseerrApi;
  const factory: SyncSourceFactory = {
    plexServer: () => plex,
    plexTv: () => plexTv,
    sonarr: () => sonarr,
    radarr: () => radarr,
    overseerr: () => overseerr,
  };
  return { factory, episodeFileCalls };
}

const connections = [
  connection('sonarr', 'Sonarr'),
  connection('radarr', 'Radarr'),
  connection('overseerr', 'Seerr'),
];

describe('SourceFetcher', () => {
  it('reads every source, asks plex.tv for the owner when the binding lacks it, and counts requests', async () => {
    const { factory, episodeFileCalls } = fakes(false);
    const progress: [number, number][] = [];
    const fetcher = new SourceFetcher(factory, (done, total) => progress.push([done, total]));
    const outcome = await fetcher.fetch(binding, connections);
    expect(outcome.ok).toBe(true);
    if (outcome.ok) expect(outcome.snapshot.plex.ownerAccountId).toBe('4242');
    // Only series with files are asked for their files.
    expect(episodeFileCalls).toEqual([[1]]);
    expect(fetcher.httpRequests).toBe(5 + 1 + 3 + 2 + 1);
    expect(progress[0]).toEqual([0, 6]);
    expect(progress.at(-1)).toEqual([6, 6]);
  });

  it('returns no snapshot when the watch history fails, naming it', async () => {
    const outcome = await new SourceFetcher(fakes(true).factory, () => undefined).fetch(binding, connections);
    expect(outcome).toEqual({
      ok: false,
      errors: [{ source: 'plex history', message: 'plex: GET /status/sessions/history/all answered 500' }],
    });
  });
});
