// The sync now inserts each item with its category facts instead of updating every item after the
// insert (docs/decisions/060), so the facts can be indexed without a non-HOT second write of every
// row. The items' foreign keys become deferrable so the sync can write the child rows first and
// have them checked at commit; they stay immediate for every other statement.
import type { MigrationInterface, QueryRunner } from 'typeorm';

const ITEM_FOREIGN_KEYS: readonly (readonly [table: string, constraint: string])[] = [
  ['catalog_copies', 'catalog_copies_item_id_fkey'],
  ['catalog_files', 'catalog_files_item_id_fkey'],
  ['catalog_seasons', 'catalog_seasons_item_id_fkey'],
  ['catalog_watch', 'catalog_watch_item_id_fkey'],
  ['catalog_requests', 'catalog_requests_item_id_fkey'],
];

export class IndexCategoryFacts1797010000000 implements MigrationInterface {
  name = 'IndexCategoryFacts1797010000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const [table, constraint] of ITEM_FOREIGN_KEYS) {
      await queryRunner.query(
        `ALTER TABLE "curation"."${table}" ALTER CONSTRAINT "${constraint}" DEFERRABLE INITIALLY IMMEDIATE`,
      );
    }
    // The total of `category=duplicates`: its members' entries only, read without the table.
    await queryRunner.query(
      `CREATE INDEX "catalog_items_duplicates" ON "curation"."catalog_items" ("id")
        WHERE "plex_version_count" > 1 OR "managed_copies_with_files" > 1`,
    );
    // The total of `category=space_hogs`: its thresholds are settings, so no partial index can
    // hold its members; a pass over these narrow entries replaces a pass over the wide rows.
    await queryRunner.query(
      `CREATE INDEX "catalog_items_space_hog_facts" ON "curation"."catalog_items" ("media_type")
        INCLUDE ("largest_copy_bytes", "largest_4k_copy_bytes", "densest_copy_bytes", "densest_copy_files")`,
    );
    // A page of `missing`, `cutoff_unmet` or `duplicates` in title order tests each entry's flags in
    // the index, so a deep page skips entries instead of fetching every row it passes.
    await queryRunner.query('DROP INDEX "curation"."catalog_items_title_key_c"');
    await queryRunner.query(
      `CREATE INDEX "catalog_items_title_key_c" ON "curation"."catalog_items" ("title_key" COLLATE "C", "id")
        INCLUDE ("has_missing_copy", "cutoff_unmet", "plex_version_count", "managed_copies_with_files")`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX "curation"."catalog_items_title_key_c"');
    await queryRunner.query(
      'CREATE INDEX "catalog_items_title_key_c" ON "curation"."catalog_items" ("title_key" COLLATE "C", "id")',
    );
    await queryRunner.query('DROP INDEX "curation"."catalog_items_space_hog_facts"');
    await queryRunner.query('DROP INDEX "curation"."catalog_items_duplicates"');
    for (const [table, constraint] of ITEM_FOREIGN_KEYS) {
      await queryRunner.query(
        `ALTER TABLE "curation"."${table}" ALTER CONSTRAINT "${constraint}" NOT DEFERRABLE`,
      );
    }
  }
}
