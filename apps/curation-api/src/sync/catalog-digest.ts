// A digest of every row one sync would write (docs/decisions/047): equal to the last switched
// sync's digest means the catalog would come out the same, so the sync skips rewriting it. The
// rows depend only on what the sources said (no clock, no setting), and the sources are read in a
// stable order, so an unchanged library gives the same digest.
import { createHash } from 'node:crypto';
import type { CatalogRows } from './catalog-rows';

export function catalogDigestOf(rows: CatalogRows): string {
  const hash = createHash('sha256');
  for (const [table, list] of Object.entries(rows) as [string, readonly unknown[]][]) {
    hash.update(`${table}:${list.length}\n`);
    // Dates become ISO text through JSON.stringify, so a time compares by its instant.
    for (const row of list) hash.update(`${JSON.stringify(row)}\n`);
  }
  return hash.digest('base64url');
}
