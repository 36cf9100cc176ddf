// The catalog's item ids (`movie-tmdb-603`, `series-tvdb-81189`; migration 1796100000000's CHECK),
// as every request that names an item checks them: REST bodies and MCP tool arguments alike.
export const CATALOG_ITEM_ID_PATTERN = /^(movie|series)-[a-z]+-[A-Za-z0-9._-]+$/;
export const CATALOG_ITEM_ID_MAX_LENGTH = 200;
