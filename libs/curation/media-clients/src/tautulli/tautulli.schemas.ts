// Tautulli's `/api/v2` answers as the curation API reads them. Tautulli writes an empty string
// where a play has no parent (a movie's `parent_rating_key`), so those fields are number or ''.
import { z } from 'zod';

const integer = z.number().int();
const keyOrEmpty = z.union([integer, z.literal('')]).transform((value) => (value === '' ? null : value));
const flag = z.union([z.literal(0), z.literal(1)]).transform((value) => value === 1);

export function tautulliEnvelope<Data extends z.ZodType>(data: Data) {
  return z.object({
    response: z.object({ result: z.literal('success'), data }),
  });
}

const playSchema = z.object({
  id: integer,
  date: integer,
  started: integer,
  stopped: integer,
  user_id: integer,
  user: z.string(),
  media_type: z.string(),
  rating_key: integer,
  parent_rating_key: keyOrEmpty,
  grandparent_rating_key: keyOrEmpty,
  percent_complete: integer,
  /** 0 unwatched, 0.5 partially, 1 watched (Tautulli's own threshold). */
  watched_status: z.number(),
});
export type TautulliPlay = z.output<typeof playSchema>;

export const tautulliHistorySchema = tautulliEnvelope(
  z.object({ recordsFiltered: integer, recordsTotal: integer, data: z.array(playSchema) }),
);

const userSchema = z.object({
  user_id: integer,
  username: z.string(),
  friendly_name: z.string(),
  email: z.string(),
  is_home_user: flag,
  is_admin: flag,
  is_restricted: flag,
});
export type TautulliUser = z.output<typeof userSchema>;
export const tautulliUsersSchema = tautulliEnvelope(z.array(userSchema));
