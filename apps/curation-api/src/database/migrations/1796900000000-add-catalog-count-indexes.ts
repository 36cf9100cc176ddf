// Narrow indexes that let the catalog's totals and one user's categories read index entries instead
// of the items table (docs/decisions/053). Each indexes only columns the sync writes once, on
// insert, never the category facts its second write sets: the facts update stays HOT (decision 046).
import type { MigrationInterface, QueryRunner } from 'typeorm';

export class AddCatalogCountIndexes1796900000000 implements MigrationInterface {
  name = 'AddCatalogCountIndexes1796900000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // One user's categories join that user's watch rows with the items in id order: a merge join
    // with these narrow entries instead of a pass over the (twice padded) table.
    await queryRunner.query(
      'CREATE INDEX "catalog_items_id_watch_rules" ON "curation"."catalog_items" ("id") INCLUDE ("size_bytes", "added_at", "media_type", "episode_count")',
    );
    // The total of `resolution=…`: one range of entries.
    await queryRunner.query(
      'CREATE INDEX "catalog_items_resolution" ON "curation"."catalog_items" ("resolution")',
    );
    // The total of `pre2017Filter`: its test reads only these two columns, so a pass over these
    // entries replaces a pass over the table.
    await queryRunner.query(
      'CREATE INDEX "catalog_items_year_added" ON "curation"."catalog_items" ("year", "added_at")',
    );
    // The total of `category=stale` for everyone: played items by last play, one range of entries.
    await queryRunner.query(
      'CREATE INDEX "catalog_items_played_last_watched" ON "curation"."catalog_items" ("last_watched_at") WHERE "plays" > 0',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const index of [
      'catalog_items_played_last_watched',
      'catalog_items_year_added',
      'catalog_items_resolution',
      'catalog_items_id_watch_rules',
    ]) {
      await queryRunner.query(`DROP INDEX "curation"."${index}"`);
    }
  }
}
