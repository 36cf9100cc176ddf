// What the last successful sync read from each source (docs/decisions/052), so the next sync reads
// again only what changed: per source key, the scope it belongs to (binding or connection), a
// version token and the parsed payload, gzip-compressed JSON. Written in the sync's switch
// transaction, so the cache always describes the catalog readers see. The key `catalog` holds the
// digest of the catalog rows that sync wrote; any other write to the catalog tables (a prune)
// deletes it through a statement trigger, so an equal digest always means an equal catalog.
import type { MigrationInterface, QueryRunner } from 'typeorm';

const CATALOG_TABLES = [
  'catalog_items',
  'catalog_copies',
  'catalog_files',
  'catalog_seasons',
  'catalog_watch',
  'catalog_requests',
];

export class CreateSyncSourceCache1796920000000 implements MigrationInterface {
  name = 'CreateSyncSourceCache1796920000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "curation"."sync_source_cache" (
         "key" text PRIMARY KEY,
         "scope" text NOT NULL,
         "version" text NOT NULL,
         "payload" bytea NOT NULL,
         -- SHA-256 of the payload as written: a payload that no longer matches is read from its source.
         "payload_digest" text NOT NULL,
         -- When the payload was last read from the source itself (not reused): a full read is due a day later.
         "read_at" timestamptz NOT NULL,
         "written_at" timestamptz NOT NULL DEFAULT now()
       )`,
    );
    await queryRunner.query(
      `CREATE FUNCTION "curation"."forget_catalog_digest"() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN
         DELETE FROM "curation"."sync_source_cache" WHERE "key" = 'catalog';
         RETURN NULL;
       END $$`,
    );
    for (const table of CATALOG_TABLES) {
      await queryRunner.query(
        `CREATE TRIGGER "${table}_forget_catalog_digest"
           AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "curation"."${table}"
           FOR EACH STATEMENT EXECUTE FUNCTION "curation"."forget_catalog_digest"()`,
      );
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of CATALOG_TABLES) {
      await queryRunner.query(`DROP TRIGGER "${table}_forget_catalog_digest" ON "curation"."${table}"`);
    }
    await queryRunner.query('DROP FUNCTION "curation"."forget_catalog_digest"()');
    await queryRunner.query('DROP TABLE "curation"."sync_source_cache"');
  }
}
