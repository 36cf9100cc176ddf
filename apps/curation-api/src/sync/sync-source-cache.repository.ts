// All SQL of the sync's source cache (docs/decisions/047, table in migration 1796920000000): read
// at the start of a fetch, written only inside the switch transaction of a sync that succeeded,
// so the cache always describes the catalog readers see. The `catalog` key holds the digest of the
// catalog rows that sync wrote; a trigger deletes it whenever anything else writes those tables.
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { decodeLists, digestOfBytes, encodeLists } from './source-cache';
import type { StoredSource, SourceUpdate } from './source-cache';

const CATALOG_DIGEST_KEY = 'catalog';
/** How long a payload may be reused before its source is read whole again. */
const FULL_READ_INTERVAL = '24 hours';

/** A cache update with its payload encoded. */
export type StoredUpdate = Omit<SourceUpdate, 'payload'> & {
  readonly payload: Buffer;
  readonly payloadDigest: string;
};

/** What the last switched sync built the catalog from, and what it made of it. */
export interface CatalogState {
  /** Digest of the catalog's rows. */
  readonly rowsDigest: string;
  /** Digest of the sources it was built from; null when they could not be told that way. */
  readonly sourcesDigest: string | null;
  /** Items in the catalog. */
  readonly items: number;
}

interface CacheRow {
  key: string;
  scope: string;
  version: string;
  payload: Buffer;
  payload_digest: string;
  due: boolean;
}

@Injectable()
export class SyncSourceCacheRepository {
  constructor(@InjectDataSource() private readonly database: DataSource) {}

  /** Every stored source entry (the catalog digest aside), times compared on the database's clock. */
  async read(): Promise<Map<string, StoredSource>> {
    const rows: CacheRow[] = await this.database.query(
      `SELECT "key", "scope", "version", "payload", "payload_digest", "read_at" < now() - interval '${FULL_READ_INTERVAL}' AS "due"
         FROM "curation"."sync_source_cache" WHERE "key" <> $1`,
      [CATALOG_DIGEST_KEY],
    );
    return new Map(
      rows.map((row) => [
        row.key,
        {
          scope: row.scope,
          version: row.version,
          payload: row.payload,
          payloadDigest: row.payload_digest,
          due: row.due,
        },
      ]),
    );
  }

  /** Forgets every entry: after a defect, the next sync reads every source whole. */
  async clear(): Promise<void> {
    await this.database.query('DELETE FROM "curation"."sync_source_cache"');
  }

  /** The state of the catalog the last sync switched; null when none or when something else wrote since. */
  async catalogState(manager: EntityManager = this.database.manager): Promise<CatalogState | null> {
    const rows: { version: string; payload: Buffer }[] = await manager.query(
      `SELECT "version", "payload" FROM "curation"."sync_source_cache" WHERE "key" = $1`,
      [CATALOG_DIGEST_KEY],
    );
    const row = rows[0];
    if (row === undefined) return null;
    const [[stored] = []] = (await decodeLists(row.payload, 1)) ?? [];
    const { sourcesDigest, items } = (stored ?? {}) as { sourcesDigest?: unknown; items?: unknown };
    if (typeof items !== 'number') return null;
    return {
      rowsDigest: row.version,
      sourcesDigest: typeof sourcesDigest === 'string' ? sourcesDigest : null,
      items,
    };
  }

  /**
   * Stores a successful sync's cache in its switch transaction: the updates, the kept keys as they
   * are, every other key deleted (a removed connection, a rebound server), and the catalog digest.
   */
  async save(
    manager: EntityManager,
    updates: readonly StoredUpdate[],
    kept: readonly string[],
    catalog: CatalogState,
  ): Promise<void> {
    const remaining = [...kept, ...updates.map((update) => update.key), CATALOG_DIGEST_KEY];
    await manager.query(`DELETE FROM "curation"."sync_source_cache" WHERE "key" <> ALL($1::text[])`, [
      remaining,
    ]);
    for (const update of updates) {
      await manager.query(
        `INSERT INTO "curation"."sync_source_cache"
           ("key", "scope", "version", "payload", "payload_digest", "read_at")
         VALUES ($1, $2, $3, $4, $6, now())
         ON CONFLICT ("key") DO UPDATE SET
           "scope" = EXCLUDED."scope", "version" = EXCLUDED."version", "payload" = EXCLUDED."payload",
           "payload_digest" = EXCLUDED."payload_digest",
           "read_at" = CASE WHEN $5 OR "sync_source_cache"."scope" <> EXCLUDED."scope"
                            THEN now() ELSE "sync_source_cache"."read_at" END,
           "written_at" = now()`,
        [update.key, update.scope, update.version, update.payload, update.readWhole, update.payloadDigest],
      );
    }
    const state = await encodeLists([[{ sourcesDigest: catalog.sourcesDigest, items: catalog.items }]]);
    await manager.query(
      `INSERT INTO "curation"."sync_source_cache"
         ("key", "scope", "version", "payload", "payload_digest", "read_at")
       VALUES ($1, '', $2, $3, $4, now())
       ON CONFLICT ("key") DO UPDATE SET
         "version" = EXCLUDED."version", "payload" = EXCLUDED."payload",
         "payload_digest" = EXCLUDED."payload_digest", "read_at" = now(), "written_at" = now()`,
      [CATALOG_DIGEST_KEY, catalog.rowsDigest, state, digestOfBytes(state)],
    );
  }
}
