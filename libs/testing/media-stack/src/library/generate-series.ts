// Series with seasons and episodes across Plex and the Sonarr instances: episode files (a few
// multi-episode files under one id), seasons left without files while monitored, unmonitored
// seasons, series held by both the HD and the 4K instance, series only in Plex or only in Sonarr.
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
  LibraryEpisode,
  LibrarySeason,
  LibrarySeries,
  MediaFile,
  SonarrCopy,
  SonarrEpisodeFile,
} from './media-library.types';
import { folderName, makeNetwork, makeTitle } from './names';
import { HD_PROFILES, UHD_PROFILES, qualityById } from './qualities';

type SeriesPresence = 'plex-hd' | 'plex-hd-4k' | 'plex-only' | 'wanted';

const PRESENCE: readonly (readonly [SeriesPresence, number])[] = [
  ['plex-hd', 0.84],
  ['plex-hd-4k', 0.05],
  ['plex-only', 0.06],
  ['wanted', 0.05],
];

interface EpisodeSlot {
  readonly seasonNumber: number;
  readonly episodeNumber: number;
}

export function generateSeries(context: GenerationContext, index: number): LibrarySeries {
  const { random, now } = context;
  const nowYear = new Date(now * 1000).getUTCFullYear();
  const year = nowYear - Math.floor(random.next() ** 2 * 40);
  const firstAired = Date.UTC(year, random.int(0, 11), random.int(1, 28)) / 1000;
  const addedAt = context.timeBetween(Math.max(firstAired, now - 9 * YEAR));
  const title = makeTitle(random);
  const presence = random.weighted(PRESENCE);
  const seasonCount = random.weighted([
    [1, 35],
    [2, 25],
    [3, 15],
    [4, 10],
    [5, 8],
    [6, 4],
    [8, 3],
  ] as const);
  const slots: EpisodeSlot[][] = [];
  for (let seasonNumber = 1; seasonNumber <= seasonCount; seasonNumber += 1) {
    const episodes = random.int(6, 13);
    slots.push(
      Array.from({ length: episodes }, (_, offset) => ({ seasonNumber, episodeNumber: offset + 1 })),
    );
  }
  // Recent seasons of a running series often have no files yet (aired, not grabbed).
  const missingFromSeason = random.chance(0.12) ? random.int(1, seasonCount) : seasonCount + 1;
  const folder = folderName(title, year);
  const sonarr: SonarrCopy[] = [];
  if (presence !== 'plex-only') {
    sonarr.push(
      sonarrCopy(context, 'hd', folder, slots, presence === 'wanted' ? 1 : missingFromSeason, addedAt),
    );
  }
  if (presence === 'plex-hd-4k')
    sonarr.push(sonarrCopy(context, '4k', folder, slots, missingFromSeason, addedAt));
  const seasons = buildSeasons(context, slots, sonarr, presence === 'plex-only', folder, addedAt, firstAired);
  const inPlex = seasons.some((season) => season.plex !== null);
  return {
    title,
    year,
    tvdbId: 70_000 + index * 3 + random.int(0, 2),
    tmdbId: 500_000 + index * 3 + random.int(0, 2),
    imdbId: random.chance(0.9)
      ? `tt${String(5_000_000 + index * 7 + random.int(0, 6)).padStart(7, '0')}`
      : null,
    status: year >= nowYear - 3 && random.chance(0.6) ? 'continuing' : 'ended',
    network: makeNetwork(random),
    plex: inPlex
      ? { ratingKey: context.nextRatingKey(), addedAt, updatedAt: context.timeBetween(addedAt) }
      : null,
    seasons,
    sonarr,
  };
}

function sonarrCopy(
  context: GenerationContext,
  instance: ArrInstanceKind,
  folder: string,
  slots: readonly (readonly EpisodeSlot[])[],
  missingFromSeason: number,
  addedAt: number,
): SonarrCopy {
  const { random } = context;
  const profile =
    instance === '4k'
      ? UHD_PROFILES[0]
      : random.pick([HD_PROFILES[3], HD_PROFILES[4], HD_PROFILES[2], HD_PROFILES[0]]);
  if (profile === undefined) throw new Error('no quality profile');
  const root = instance === '4k' ? '/data/tv-4k' : '/data/tv';
  const files: SonarrEpisodeFile[] = [];
  let fileTime = Math.min(context.now, addedAt + random.int(60, DAY));
  for (const season of slots) {
    const seasonQuality = pickQuality(context, profile.qualityIds);
    for (let position = 0; position < season.length; position += 1) {
      const slot = season[position];
      if (slot === undefined || slot.seasonNumber >= missingFromSeason) continue;
      const next = season[position + 1];
      const numbers =
        next !== undefined && random.chance(0.02)
          ? [slot.episodeNumber, next.episodeNumber]
          : [slot.episodeNumber];
      if (numbers.length === 2) position += 1;
      const code = `S${pad(slot.seasonNumber)}${numbers.map((number) => `E${pad(number)}`).join('')}`;
      fileTime = Math.min(context.now, fileTime + random.int(0, 3 * DAY));
      files.push({
        fileId: context.nextSonarrFileId(instance),
        seasonNumber: slot.seasonNumber,
        episodeNumbers: numbers,
        file: makeMediaFile(context, {
          path: `${root}/${folder}/Season ${pad(slot.seasonNumber)}/${folder} - ${code} [${qualityById(seasonQuality).name}].mkv`,
          resolution: resolutionForQuality(context, seasonQuality),
          qualityId: seasonQuality,
          addedAt: fileTime,
          episode: true,
        }),
      });
    }
  }
  const unmonitoredSeasons = slots.length > 1 && random.chance(0.1) ? [1] : [];
  return {
    instance,
    seriesId: context.nextSonarrSeriesId(instance),
    monitored: random.chance(0.9),
    qualityProfileId: profile.id,
    addedAt: Math.max(0, addedAt - random.int(DAY / 24, 5 * DAY)),
    unmonitoredSeasons,
    files,
  };
}

function buildSeasons(
  context: GenerationContext,
  slots: readonly (readonly EpisodeSlot[])[],
  sonarr: readonly SonarrCopy[],
  plexOnly: boolean,
  folder: string,
  addedAt: number,
  firstAired: number,
): LibrarySeason[] {
  const { random } = context;
  const filesByEpisode = new Map<number, MediaFile[]>();
  for (const copy of sonarr) {
    for (const file of copy.files) {
      for (const number of file.episodeNumbers) {
        const key = episodeKey(file.seasonNumber, number);
        const known = filesByEpisode.get(key);
        if (known === undefined) filesByEpisode.set(key, [file.file]);
        else known.push(file.file);
      }
    }
  }
  let airDate = firstAired;
  return slots.map((season) => {
    const seasonNumber = season[0]?.seasonNumber ?? 0;
    const episodes: LibraryEpisode[] = season.map((slot) => {
      airDate += random.int(6, 8) * DAY;
      let files = filesByEpisode.get(episodeKey(slot.seasonNumber, slot.episodeNumber)) ?? [];
      if (plexOnly) {
        const resolution = random.pick(['720', '1080', '1080', 'sd'] as const);
        const path = `/data/plex-only/tv/${folder}/Season ${pad(slot.seasonNumber)}/E${pad(slot.episodeNumber)}.mkv`;
        files = [
          makeMediaFile(context, {
            path,
            resolution,
            qualityId: resolution === 'sd' ? 1 : 3,
            addedAt,
            episode: true,
          }),
        ];
      }
      const episodeAdded = files.reduce((earliest, file) => Math.min(earliest, file.addedAt), context.now);
      return {
        seasonNumber: slot.seasonNumber,
        episodeNumber: slot.episodeNumber,
        airedAt: Math.min(airDate, context.now),
        plex:
          files.length === 0
            ? null
            : {
                ratingKey: context.nextRatingKey(),
                addedAt: Math.max(addedAt, episodeAdded),
                updatedAt: context.timeBetween(Math.max(addedAt, episodeAdded)),
                versions: files.map((file) => ({ ...context.nextPlexVersionIds(), file })),
              },
      };
    });
    const inPlex = episodes.some((episode) => episode.plex !== null);
    return {
      seasonNumber,
      plex: inPlex ? { ratingKey: context.nextRatingKey(), addedAt, updatedAt: addedAt } : null,
      episodes,
    };
  });
}

function episodeKey(seasonNumber: number, episodeNumber: number): number {
  return seasonNumber * 10_000 + episodeNumber;
}

function pad(value: number): string {
  return String(value).padStart(2, '0');
}
