// Digests that let a sync skip work (docs/decisions/052). The catalog rows depend only on what
// the sources said (no clock, no setting), so: equal sources digests mean the rows would come out
// as last time (no build, no write); equal rows digests mean the catalog would (no write).
import { createHash } from 'node:crypto';
import type { CatalogRows } from './catalog-rows';
import type { SourceCacheResult } from './source-cache';
import type { FetchedSnapshot } from './source-snapshot';

/**
 * Everything the catalog is built from: what was read whole (the *arr lists, requests, the owner)
 * and, for the parts the cache holds, each entry's key, version and payload digest. Null when some
 * part was read but not cached, so the snapshot cannot be told unchanged this way.
 */
export function sourcesDigestOf(
  snapshot: FetchedSnapshot,
  cache: SourceCacheResult,
  encoded: readonly { readonly key: string; readonly version: string; readonly payloadDigest: string }[],
): string | null {
  if (!cache.complete) return null;
  const hash = createHash('sha256');
  hash.update(`owner:${snapshot.plex.ownerAccountId}\n`);
  for (const instance of snapshot.radarr) {
    hash.update(`radarr:${instance.connectionId}:${instance.is4k}:${JSON.stringify(instance.profiles)}\n`);
    for (const movie of instance.movies) hash.update(`${JSON.stringify(movie)}\n`);
  }
  for (const instance of snapshot.sonarr) {
    hash.update(`sonarr:${instance.connectionId}:${instance.is4k}:${JSON.stringify(instance.profiles)}\n`);
    for (const series of instance.series) hash.update(`${JSON.stringify(series)}\n`);
  }
  hash.update('requests\n');
  for (const request of snapshot.overseerrRequests) hash.update(`${JSON.stringify(request)}\n`);
  const entries = [...cache.kept, ...encoded].sort((left, right) => (left.key < right.key ? -1 : 1));
  for (const entry of entries) {
    hash.update(`cache:${entry.key}:${entry.version}:${entry.payloadDigest}\n`);
  }
  return hash.digest('base64url');
}

/** Every row the sync would write, table by table. */
export function catalogDigestOf(rows: CatalogRows): string {
  const hash = createHash('sha256');
  for (const [table, list] of Object.entries(rows) as [string, readonly unknown[]][]) {
    hash.update(`${table}:${list.length}\n`);
    // Dates become ISO text through JSON.stringify, so a time compares by its instant.
    for (const row of list) hash.update(`${JSON.stringify(row)}\n`);
  }
  return hash.digest('base64url');
}
