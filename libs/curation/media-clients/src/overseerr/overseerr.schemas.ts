// Overseerr/Jellyseerr answers as the curation API reads them (from the vendor's OpenAPI
// document). `requestedBy` and `media` are null when the user or media row was removed;
// `plexUsername` is null for local users; ids of the other systems are null when not linked.
import { z } from 'zod';

const integer = z.number().int();

const userSchema = z.object({
  id: integer,
  email: z.string(),
  plexId: integer.nullable(),
  plexUsername: z.string().nullable(),
  displayName: z.string(),
  /** 1 Plex, 2 local. */
  userType: integer,
});
export type OverseerrUser = z.output<typeof userSchema>;

const mediaSchema = z.object({
  id: integer,
  mediaType: z.enum(['movie', 'tv']),
  tmdbId: integer.nullable(),
  tvdbId: integer.nullable(),
  status: integer,
  status4k: integer,
  ratingKey: z.string().nullable(),
  ratingKey4k: z.string().nullable(),
  externalServiceId: integer.nullable(),
  externalServiceId4k: integer.nullable(),
});

const requestSchema = z.object({
  id: integer,
  /** 1 pending, 2 approved, 3 declined (4 failed, 5 completed in newer versions). */
  status: integer,
  type: z.enum(['movie', 'tv']),
  is4k: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  requestedBy: userSchema.nullable(),
  media: mediaSchema.nullable(),
  seasons: z.array(z.object({ seasonNumber: integer, status: integer })),
});
export type OverseerrRequest = z.output<typeof requestSchema>;

export const overseerrRequestSchema = requestSchema;

export const overseerrRequestPageSchema = z.object({
  pageInfo: z.object({ page: integer, pages: integer, pageSize: integer, results: integer }),
  results: z.array(requestSchema),
});

export const overseerrMeSchema = z.object({ id: integer, displayName: z.string() });
export type OverseerrMe = z.output<typeof overseerrMeSchema>;
