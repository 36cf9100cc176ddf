// plex.tv's answers as the curation API reads them. Objects keep only the fields used; extra
// fields pass, missing or mistyped ones fail the parse.
import { z } from 'zod';

export const plexPinSchema = z.object({
  id: z.number().int(),
  code: z.string().min(1),
  clientIdentifier: z.string(),
  expiresAt: z.string(),
  /** Null until the user approves the PIN in a browser. */
  authToken: z.string().min(1).nullable(),
});
export type PlexPin = z.output<typeof plexPinSchema>;

export const plexAccountSchema = z.object({
  id: z.number().int(),
  uuid: z.string(),
  username: z.string(),
  title: z.string(),
  email: z.string(),
  thumb: z.string(),
});
export type PlexAccount = z.output<typeof plexAccountSchema>;

const plexConnectionSchema = z.object({
  protocol: z.string(),
  address: z.string(),
  port: z.number().int(),
  uri: z.string(),
  local: z.boolean(),
  relay: z.boolean(),
  IPv6: z.boolean(),
});
export type PlexConnection = z.output<typeof plexConnectionSchema>;

export const plexResourceSchema = z.object({
  name: z.string(),
  product: z.string(),
  productVersion: z.string(),
  clientIdentifier: z.string(),
  provides: z.string(),
  owned: z.boolean(),
  /** The owner's plex.tv id for servers shared with the account; null for its own devices. */
  ownerId: z.number().int().nullable(),
  sourceTitle: z.string().nullable(),
  accessToken: z.string().nullable(),
  connections: z.array(plexConnectionSchema),
});
export const plexResourcesSchema = z.array(plexResourceSchema);
export type PlexServerResource = z.output<typeof plexResourceSchema>;

const homeUserSchema = z.object({
  id: z.number().int(),
  uuid: z.string(),
  title: z.string(),
  /** Managed profiles have neither. */
  username: z.string().nullable(),
  email: z.string().nullable(),
  admin: z.boolean(),
  guest: z.boolean(),
  restricted: z.boolean(),
});
export const plexHomeSchema = z.object({ users: z.array(homeUserSchema) });
export type PlexHomeUser = z.output<typeof homeUserSchema>;

/** XML attributes are text: integers and Plex's 0/1 booleans are converted exactly, or fail. */
const xmlInteger = z
  .string()
  .regex(/^-?[0-9]{1,15}$/, 'expected an integer')
  .transform(Number);
const xmlBoolean = z.enum(['0', '1']).transform((value) => value === '1');
/** plex.tv writes an empty attribute where a managed user has no username or e-mail. */
const xmlOptionalText = z.string().transform((value) => (value === '' ? null : value));

const sharedServerSchema = z.object({
  id: xmlInteger,
  serverId: xmlInteger,
  machineIdentifier: z.string().min(1),
  name: z.string(),
  owned: xmlBoolean,
  allLibraries: xmlBoolean,
  pending: xmlBoolean,
});

const sharedUserSchema = z.object({
  id: xmlInteger,
  title: z.string(),
  username: xmlOptionalText,
  email: xmlOptionalText,
  thumb: z.string(),
  home: xmlBoolean,
  restricted: xmlBoolean,
  Server: z.array(sharedServerSchema).default([]),
});
export type PlexSharedUser = z.output<typeof sharedUserSchema>;
export type PlexSharedServer = z.output<typeof sharedServerSchema>;

export const plexSharedUsersSchema = z.object({
  '#tag': z.literal('MediaContainer'),
  User: z.array(sharedUserSchema).default([]),
});
