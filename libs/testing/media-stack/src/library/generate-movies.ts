// Movies as they end up across Plex and the Radarr instances: most in Plex with an HD copy, some
// also in the 4K instance, some in Plex only, some monitored in Radarr with no file yet, some with a
// file Plex has not scanned, and a few with several Plex versions (an extra cut next to the managed file).
import {
  DAY,
  GenerationContext,
  YEAR,
  makeMediaFile,
  pickQuality,
  resolutionForQuality,
} from './generation-context';
import type {
  ArrInstanceKind,
  LibraryMovie,
  MediaFile,
  PlexVersion,
  RadarrCopy,
} from './media-library.types';
import { folderName, makeStudio, makeTitle } from './names';
import { HD_PROFILES, UHD_PROFILES, qualityById } from './qualities';

type MoviePresence = 'plex-hd' | 'plex-hd-4k' | 'plex-4k' | 'plex-only' | 'wanted' | 'unscanned';

const PRESENCE: readonly (readonly [MoviePresence, number])[] = [
  ['plex-hd', 0.77],
  ['plex-hd-4k', 0.08],
  ['plex-4k', 0.02],
  ['plex-only', 0.06],
  ['wanted', 0.05],
  ['unscanned', 0.02],
];

const HD_PROFILE_WEIGHTS = [
  [HD_PROFILES[3], 0.5],
  [HD_PROFILES[4], 0.25],
  [HD_PROFILES[2], 0.1],
  [HD_PROFILES[0], 0.1],
  [HD_PROFILES[1], 0.05],
] as const;

export function generateMovie(context: GenerationContext, index: number): LibraryMovie {
  const { random, now } = context;
  const nowYear = new Date(now * 1000).getUTCFullYear();
  const year = nowYear - Math.floor(random.next() ** 2 * 70);
  const releasedAt = Date.UTC(year, random.int(0, 11), random.int(1, 28)) / 1000;
  const addedAt = context.timeBetween(Math.max(releasedAt, now - 9 * YEAR));
  const title = makeTitle(random);
  const presence = random.weighted(PRESENCE);
  const folder = folderName(title, year);
  const radarr: RadarrCopy[] = [];
  const wantsHd =
    presence === 'plex-hd' || presence === 'plex-hd-4k' || presence === 'wanted' || presence === 'unscanned';
  if (wantsHd) radarr.push(radarrCopy(context, 'hd', folder, addedAt, presence !== 'wanted'));
  if (presence === 'plex-hd-4k' || presence === 'plex-4k')
    radarr.push(radarrCopy(context, '4k', folder, addedAt, true));
  const inPlex = presence !== 'wanted' && presence !== 'unscanned';
  return {
    title,
    year,
    tmdbId: 100 + index * 3 + random.int(0, 2),
    imdbId: random.chance(0.95)
      ? `tt${String(1_000_000 + index * 7 + random.int(0, 6)).padStart(7, '0')}`
      : null,
    originallyAvailableAt: new Date(releasedAt * 1000).toISOString().slice(0, 10),
    studio: makeStudio(random),
    plex: inPlex ? plexMovie(context, radarr, folder, addedAt) : null,
    radarr,
  };
}

function radarrCopy(
  context: GenerationContext,
  instance: ArrInstanceKind,
  folder: string,
  plexAddedAt: number,
  hasFile: boolean,
): RadarrCopy {
  const { random } = context;
  const profile = instance === '4k' ? UHD_PROFILES[0] : random.weighted(HD_PROFILE_WEIGHTS);
  if (profile === undefined) throw new Error('no quality profile');
  const addedAt = Math.max(0, plexAddedAt - random.int(DAY / 24, 20 * DAY));
  const movieId = context.nextRadarrMovieId(instance);
  if (!hasFile) {
    return { instance, movieId, monitored: true, qualityProfileId: profile.id, addedAt, file: null };
  }
  const qualityId = pickQuality(context, profile.qualityIds);
  const root = instance === '4k' ? '/data/movies-4k' : '/data/movies';
  const file = makeMediaFile(context, {
    path: `${root}/${folder}/${folder} [${qualityById(qualityId).name}].mkv`,
    resolution: resolutionForQuality(context, qualityId),
    qualityId,
    addedAt: Math.min(context.now, addedAt + random.int(60, DAY)),
    episode: false,
  });
  return {
    instance,
    movieId,
    monitored: random.chance(0.85),
    qualityProfileId: profile.id,
    addedAt,
    file: { fileId: context.nextRadarrFileId(instance), file },
  };
}

function plexMovie(
  context: GenerationContext,
  radarr: readonly RadarrCopy[],
  folder: string,
  addedAt: number,
): NonNullable<LibraryMovie['plex']> {
  const { random } = context;
  const files: MediaFile[] = radarr.flatMap((copy) => (copy.file === null ? [] : [copy.file.file]));
  const extraVersions = files.length === 0 ? 1 : random.chance(0.03) ? random.int(1, 2) : 0;
  for (let extra = 0; extra < extraVersions; extra += 1) {
    const resolution = random.weighted([
      ['720', 3],
      ['1080', 4],
      ['2k', 1],
      ['sd', 1],
      [null, 1],
    ] as const);
    const qualityId =
      resolution === null || resolution === '2k' || resolution === '1080' ? 3 : resolution === '720' ? 5 : 1;
    files.push(
      makeMediaFile(context, {
        path: `/data/plex-only/movies/${folder}/${folder} - version ${extra + 1}.mkv`,
        resolution,
        qualityId,
        addedAt,
        episode: false,
      }),
    );
  }
  const versions: PlexVersion[] = files.map((file) => ({ ...context.nextPlexVersionIds(), file }));
  return {
    ratingKey: context.nextRatingKey(),
    addedAt,
    updatedAt: context.timeBetween(addedAt),
    versions,
  };
}
