// Builds a consistent media library from a seed: same seed and options, same library, byte for byte.
import { GenerationContext } from './generation-context';
import { generateHistory, generateRequests } from './generate-activity';
import { generateMovie } from './generate-movies';
import { generateSeries } from './generate-series';
import { generateUsers, userCountFor } from './generate-users';
import type { LibraryMovie, LibrarySeries, MediaLibrary } from './media-library.types';
import { HD_PROFILES, UHD_PROFILES } from './qualities';
import { SeededRandom } from './seeded-random';

export interface GenerateMediaLibraryOptions {
  readonly seed: number | string;
  /** Movies plus series, 10 to 100,000. */
  readonly items: number;
  /** Share of the items that are series (episodes come on top); 0.2 by default. */
  readonly seriesShare?: number;
  /** Users including the owner (at least 4); grows with the library by default (6 to 56). */
  readonly users?: number;
  /** Reference time; a fixed date by default so the same seed gives the same library any day. */
  readonly now?: Date;
}

export const MIN_ITEMS = 10;
export const MAX_ITEMS = 100_000;
const DEFAULT_NOW = new Date('2026-01-01T00:00:00Z');

export function generateMediaLibrary(options: GenerateMediaLibraryOptions): MediaLibrary {
  if (!Number.isInteger(options.items) || options.items < MIN_ITEMS || options.items > MAX_ITEMS) {
    throw new RangeError(`items must be an integer from ${MIN_ITEMS} to ${MAX_ITEMS}, got ${options.items}`);
  }
  const seriesShare = options.seriesShare ?? 0.2;
  if (!(seriesShare >= 0 && seriesShare <= 1))
    throw new RangeError(`seriesShare must be from 0 to 1, got ${seriesShare}`);
  if (options.users !== undefined && (!Number.isInteger(options.users) || options.users < 4)) {
    throw new RangeError(
      `users must be an integer of at least 4 (owner, friend, home member, outsider), got ${options.users}`,
    );
  }
  const random = new SeededRandom(options.seed);
  const now = Math.floor((options.now ?? DEFAULT_NOW).getTime() / 1000);
  const context = new GenerationContext(random, now);
  const server = {
    machineIdentifier: random.hex(40),
    name: 'Media Stack Simulator',
    version: '1.41.3.9314-a0bfb8370',
  };
  const otherServer = {
    machineIdentifier: random.hex(40),
    name: 'Friends Server',
    version: '1.40.5.8854-f36c552fd',
  };
  const users = generateUsers(context, options.users ?? userCountFor(options.items));
  const seriesCount = seriesShare === 0 ? 0 : Math.max(1, Math.round(options.items * seriesShare));
  const movies: LibraryMovie[] = [];
  const series: LibrarySeries[] = [];
  // Interleaved so Plex rating keys and *arr ids follow the order items were added in, not their kind.
  for (let index = 0; index < options.items; index += 1) {
    const wantsSeries = series.length < seriesCount && (index * seriesCount) / options.items >= series.length;
    if (wantsSeries) series.push(generateSeries(context, series.length));
    else movies.push(generateMovie(context, movies.length));
  }
  const history = generateHistory(context, users, movies, series);
  const requests = generateRequests(context, users, movies, series);
  return {
    seed: options.seed,
    now,
    server,
    otherServer,
    users,
    movies,
    series,
    history,
    requests,
    radarrInstances: [
      { kind: 'hd', name: 'Radarr', apiKey: random.hex(32), qualityProfiles: HD_PROFILES },
      { kind: '4k', name: 'Radarr 4K', apiKey: random.hex(32), qualityProfiles: UHD_PROFILES },
    ],
    sonarrInstances: [
      { kind: 'hd', name: 'Sonarr', apiKey: random.hex(32), qualityProfiles: HD_PROFILES },
      { kind: '4k', name: 'Sonarr 4K', apiKey: random.hex(32), qualityProfiles: UHD_PROFILES },
    ],
    overseerrApiKey: random.token(44),
    tautulliApiKey: random.hex(32),
  };
}
