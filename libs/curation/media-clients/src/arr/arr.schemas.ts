// Sonarr v3 and Radarr v3 answers as the curation API reads them (from the vendors' OpenAPI
// documents). Optional only where the *arr applications leave a field out: `imdbId` when unknown,
// `movieFile` on a movie without a file, a quality group's `quality` in a profile.
import { z } from 'zod';

const integer = z.number().int();
const isoTime = z.string().refine((value) => !Number.isNaN(Date.parse(value)), 'expected an ISO 8601 time');

export const arrSystemStatusSchema = z.object({
  appName: z.string(),
  instanceName: z.string(),
  version: z.string(),
});
export type ArrSystemStatus = z.output<typeof arrSystemStatusSchema>;

const qualityModelSchema = z.object({
  quality: z.object({ id: integer, name: z.string(), source: z.string(), resolution: integer }),
});

const profileQualitySchema = z.object({ id: integer, name: z.string() });
const profileItemSchema = z.object({
  allowed: z.boolean(),
  /** Absent on a quality group, which lists its qualities in `items` instead. */
  quality: profileQualitySchema.optional(),
  items: z.array(z.object({ allowed: z.boolean(), quality: profileQualitySchema })),
});
const qualityProfileSchema = z.object({
  id: integer,
  name: z.string(),
  upgradeAllowed: z.boolean(),
  /** The quality (or group) id files must reach. */
  cutoff: integer,
  items: z.array(profileItemSchema),
});
export const arrQualityProfilesSchema = z.array(qualityProfileSchema);
export type ArrQualityProfile = z.output<typeof qualityProfileSchema>;

const statisticsSchema = z.object({
  episodeFileCount: integer,
  episodeCount: integer,
  totalEpisodeCount: integer,
  sizeOnDisk: integer,
});
const seasonSchema = z.object({
  seasonNumber: integer,
  monitored: z.boolean(),
  statistics: statisticsSchema,
});
const seriesSchema = z.object({
  id: integer,
  title: z.string(),
  year: integer,
  tvdbId: integer,
  tmdbId: integer,
  imdbId: z.string().optional(),
  status: z.string(),
  monitored: z.boolean(),
  qualityProfileId: integer,
  added: isoTime,
  path: z.string(),
  seasons: z.array(seasonSchema),
  statistics: statisticsSchema.extend({ seasonCount: integer }),
});
export const sonarrSeriesListSchema = z.array(seriesSchema);
export type SonarrSeries = z.output<typeof seriesSchema>;

/**
 * A series as Sonarr sent it, every field kept (unknown ones too): `PUT /series/{id}` replaces the
 * whole resource, so what goes back must be what came, with only the intended change.
 */
export const sonarrSeriesResourceSchema = seriesSchema
  .extend({ seasons: z.array(seasonSchema.loose()) })
  .loose();
export const sonarrSeriesResourceListSchema = z.array(sonarrSeriesResourceSchema);
export type SonarrSeriesResource = z.output<typeof sonarrSeriesResourceSchema>;

/** The FluentValidation failure *arr answers a 400 with: one entry per refused property. */
export const arrValidationFailureSchema = z.array(
  z.object({ propertyName: z.string(), errorMessage: z.string() }).loose(),
);

const episodeFileSchema = z.object({
  id: integer,
  seriesId: integer,
  seasonNumber: integer,
  path: z.string(),
  size: integer,
  dateAdded: isoTime,
  quality: qualityModelSchema,
  qualityCutoffNotMet: z.boolean(),
});
export const sonarrEpisodeFilesSchema = z.array(episodeFileSchema);
export type SonarrEpisodeFile = z.output<typeof episodeFileSchema>;

const movieFileSchema = z.object({
  id: integer,
  movieId: integer,
  path: z.string(),
  size: integer,
  dateAdded: isoTime,
  quality: qualityModelSchema,
  qualityCutoffNotMet: z.boolean(),
});
export const radarrMovieFilesSchema = z.array(movieFileSchema);
export type RadarrMovieFile = z.output<typeof movieFileSchema>;

const movieSchema = z
  .object({
    id: integer,
    title: z.string(),
    year: integer,
    tmdbId: integer,
    imdbId: z.string().optional(),
    hasFile: z.boolean(),
    monitored: z.boolean(),
    qualityProfileId: integer,
    added: isoTime,
    path: z.string(),
    sizeOnDisk: integer,
    movieFile: movieFileSchema.optional(),
  })
  .refine((movie) => movie.hasFile === (movie.movieFile !== undefined), {
    message: 'hasFile disagrees with movieFile',
    path: ['movieFile'],
  });
export const radarrMoviesSchema = z.array(movieSchema);
export type RadarrMovie = z.output<typeof movieSchema>;
