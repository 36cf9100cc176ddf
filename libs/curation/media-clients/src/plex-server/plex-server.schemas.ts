// Plex Media Server's JSON answers (`Accept: application/json`) as the curation API reads them.
// Optional only where Plex really leaves a field out: `viewCount`/`lastViewedAt` for items the
// token's account never played (absent is "no plays by the owner", never read as 0 here), `Guid`
// for unmatched items, `Media` on shows and seasons, `videoResolution` when Plex could not tell,
// `year` on items Plex has no release date for, and `Metadata` in an empty container.
import { z } from 'zod';

const integer = z.number().int();
/** Plex writes some ids as numbers in one answer and as numeric strings in another. */
const numericId = z.union([
  integer,
  z
    .string()
    .regex(/^[0-9]{1,15}$/, 'expected a numeric id')
    .transform(Number),
]);

export const plexIdentitySchema = z.object({
  MediaContainer: z.object({ machineIdentifier: z.string().min(1), version: z.string() }),
});

const sectionSchema = z.object({
  key: z.string(),
  type: z.string(),
  title: z.string(),
  uuid: z.string(),
  /**
   * The server's change stamp of the section's content (not a time, despite its name; some servers
   * send values past 2^53). Absent on servers that do not send it: then there is no marker.
   */
  contentChangedAt: integer.optional(),
  /** When the section's own settings last changed (epoch seconds). */
  updatedAt: integer.optional(),
  /** When the section was last scanned (epoch seconds). */
  scannedAt: integer.optional(),
});
export type PlexSection = z.output<typeof sectionSchema>;
export const plexSectionsSchema = z.object({
  MediaContainer: z.object({ Directory: z.array(sectionSchema).optional() }),
});

const partSchema = z.object({ id: integer, file: z.string(), size: integer });
const mediaSchema = z.object({
  id: integer,
  duration: integer.optional(),
  width: integer,
  height: integer,
  videoResolution: z.string().optional(),
  videoCodec: z.string(),
  container: z.string(),
  Part: z.array(partSchema).min(1),
});
export type PlexMedia = z.output<typeof mediaSchema>;

const guidSchema = z.object({ id: z.string() });

const itemBase = {
  ratingKey: z.string(),
  guid: z.string(),
  title: z.string(),
  /** Its artwork on this server, e.g. `/library/metadata/265/thumb/1715112705`. */
  thumb: z.string().optional(),
  addedAt: integer,
  updatedAt: integer,
  viewCount: integer.optional(),
  lastViewedAt: integer.optional(),
  Guid: z.array(guidSchema).optional(),
};

const movieSchema = z.object({
  ...itemBase,
  type: z.literal('movie'),
  year: integer.optional(),
  originallyAvailableAt: z.string().optional(),
  Media: z.array(mediaSchema).min(1),
});
const showSchema = z.object({
  ...itemBase,
  type: z.literal('show'),
  year: integer.optional(),
  leafCount: integer,
  viewedLeafCount: integer,
  childCount: integer,
});
const seasonSchema = z.object({
  ...itemBase,
  type: z.literal('season'),
  index: integer,
  parentRatingKey: z.string(),
  leafCount: integer,
  viewedLeafCount: integer,
});
const episodeSchema = z.object({
  ...itemBase,
  type: z.literal('episode'),
  index: integer,
  parentIndex: integer,
  parentRatingKey: z.string(),
  grandparentRatingKey: z.string(),
  Media: z.array(mediaSchema).min(1),
});

export const plexItemSchema = z.discriminatedUnion('type', [
  movieSchema,
  showSchema,
  seasonSchema,
  episodeSchema,
]);
export type PlexItem = z.output<typeof plexItemSchema>;
export type PlexMovie = z.output<typeof movieSchema>;
export type PlexShow = z.output<typeof showSchema>;
export type PlexEpisode = z.output<typeof episodeSchema>;

export const plexHistoryRowSchema = z.object({
  historyKey: z.string(),
  ratingKey: z.string(),
  type: z.string(),
  viewedAt: integer,
  accountID: integer,
  librarySectionID: numericId,
  /** Undocumented and sometimes absent on episode rows (Maintainerr#3082). */
  parentKey: z.string().optional(),
  grandparentKey: z.string().optional(),
  index: integer.optional(),
  parentIndex: integer.optional(),
});
export type PlexHistoryRow = z.output<typeof plexHistoryRowSchema>;

export function plexPageSchema<Row>(row: z.ZodType<Row>) {
  return z.object({
    MediaContainer: z.object({
      size: integer,
      totalSize: integer,
      offset: integer,
      Metadata: z.array(row).optional(),
    }),
  });
}

const accountSchema = z.object({ id: integer, name: z.string() });
export type PlexLocalAccount = z.output<typeof accountSchema>;
export const plexAccountsSchema = z.object({
  MediaContainer: z.object({ Account: z.array(accountSchema).optional() }),
});
