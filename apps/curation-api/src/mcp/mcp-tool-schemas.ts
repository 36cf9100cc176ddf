// The MCP tools' arguments as zod schemas: the SDK advertises them as JSON Schema in tools/list
// and validates every call against them before a tool runs. Values the REST API checks again
// (the catalog query) keep the same bounds here, so a model learns them from the schema.
import * as z from 'zod';
import { CATEGORY_IDS } from '../categories/category-definitions';
import { MEDIA_TYPES, PRE2017_FILTERS, RESOLUTIONS, SORT_KEYS } from '../catalog/catalog-query';
import { TEXT_MAX_LENGTH } from '../protections/dto/curated-text';
import { CATALOG_ITEM_ID_MAX_LENGTH, CATALOG_ITEM_ID_PATTERN } from '../catalog/catalog-item-id';
import { MAX_PRUNE_TARGETS } from '../pruning/dto/prune-request.dto';

/** Results per search call: smaller than the REST maximum (500) to keep a model's context small. */
export const MCP_SEARCH_MAX_LIMIT = 100;
export const MCP_SEARCH_DEFAULT_LIMIT = 20;

const userId = z
  .string()
  .min(1)
  .max(64)
  .describe('A Plex account id, as in the users of plex_list_categories or an item’s watch statistics.');

export const NO_ARGUMENTS = z.object({}).strict();

export const LIST_CATEGORIES_ARGUMENTS = z
  .object({ userId: userId.optional().describe('Count only this user’s plays and requests.') })
  .strict();

export const SEARCH_CATALOG_ARGUMENTS = z
  .object({
    search: z.string().max(200).optional().describe('Words of the title (accents and case ignored).'),
    category: z.enum(CATEGORY_IDS).optional().describe('Only members of this smart category.'),
    mediaType: z.enum(MEDIA_TYPES).optional(),
    resolution: z.enum(RESOLUTIONS).optional().describe('Best copy’s resolution.'),
    cutoffUnmet: z.boolean().optional().describe('Only items with a copy below its quality cutoff.'),
    pre2017Filter: z.enum(PRE2017_FILTERS).optional(),
    userCutoffYear: z.number().int().min(1870).max(2200).optional(),
    userId: userId.optional().describe('Categories and plays as this user sees them.'),
    requestedBy: userId.optional().describe('Only items this user requested.'),
    sortBy: z.enum(SORT_KEYS).optional().describe('Default: size, largest first.'),
    sortDesc: z.boolean().optional(),
    limit: z
      .number()
      .int()
      .min(1)
      .max(MCP_SEARCH_MAX_LIMIT)
      .optional()
      .describe(`Default ${MCP_SEARCH_DEFAULT_LIMIT}.`),
    offset: z.number().int().min(0).max(2_147_483_647).optional(),
  })
  .strict();

export type SearchCatalogArguments = z.infer<typeof SEARCH_CATALOG_ARGUMENTS>;

export const GET_ITEM_ARGUMENTS = z
  .object({
    id: z
      .string()
      .min(1)
      .max(CATALOG_ITEM_ID_MAX_LENGTH)
      .describe('A catalog item id from plex_search_catalog, e.g. movie-tmdb-603.'),
  })
  .strict();

const itemId = z
  .string()
  .min(1)
  .max(CATALOG_ITEM_ID_MAX_LENGTH)
  .describe('A catalog item id from plex_search_catalog.');
// The protection services check the text again (one trimmed line, no control characters) and
// answer a tool error naming the field; the schema tells the model the bounds up front.
const reason = (description: string) => z.string().max(TEXT_MAX_LENGTH).describe(description);

export const PROTECT_ITEM_ARGUMENTS = z
  .object({
    id: itemId,
    isProtected: z.boolean().describe('true protects the item from pruning; false lifts its protection.'),
    reason: reason('Why (required to protect; one line).').optional(),
  })
  .strict();

export const REQUEST_PROTECTION_ARGUMENTS = z
  .object({ id: itemId, reason: reason('Why the item should stay (one line).').min(1) })
  .strict();

export const PRUNE_ARGUMENTS = z
  .object({
    mediaItemId: z
      .string()
      .max(CATALOG_ITEM_ID_MAX_LENGTH)
      .regex(CATALOG_ITEM_ID_PATTERN, 'mediaItemId must be a catalog item id such as movie-tmdb-603')
      .describe('The catalog item to prune.'),
    seasonNumber: z
      .number()
      .int()
      .min(0)
      .max(10_000)
      .nullable()
      .optional()
      .describe('One season of a series; omit or null for the whole item.'),
    targetConnectionIds: z
      .array(z.guid())
      .min(1)
      .max(MAX_PRUNE_TARGETS)
      // Compared in lower case: Postgres matches a UUID in either case, so two spellings are one
      // connection. (No zod transform: the tool's input schema is published as JSON Schema.)
      .refine(
        (ids) => new Set(ids.map((id) => id.toLowerCase())).size === ids.length,
        'targetConnectionIds must not name a connection twice',
      )
      .describe(
        'Sonarr/Radarr connections to delete from: the connectionId of the item’s instances in plex_get_item.',
      ),
    addToImportExclusion: z
      .boolean()
      .optional()
      .describe('Add an import exclusion so lists do not add it again (whole items only). Default false.'),
    confirm: z
      .boolean()
      .optional()
      .describe('true deletes. Anything else is a dry run: what would be deleted, nothing changed.'),
  })
  .strict();
