// Precomputed category facts (docs/decisions/046): per item, what the category rules read from its
// copies and requests, computed by the sync (sync/category-facts.repository.ts) in the same
// transaction that writes those rows. Every fact depends only on synced rows, never on "now" or a
// setting, so GET /categories and the catalog test columns of the item instead of joining copies.
import type { MigrationInterface, QueryRunner } from 'typeorm';
import { CategoryFactsRepository } from '../../sync/category-facts.repository';

const FACT_COLUMNS = [
  // space_hogs, movies: the largest copy whose resolution is not 4K, and the largest 4K copy.
  `"largest_copy_bytes" bigint NOT NULL DEFAULT 0 CHECK ("largest_copy_bytes" >= 0)`,
  `"largest_4k_copy_bytes" bigint NOT NULL DEFAULT 0 CHECK ("largest_4k_copy_bytes" >= 0)`,
  // space_hogs, series: the size and file count of the copy with the most bytes per file (0 and 0
  // without files), so the rule keeps its exact test "size > threshold × files" on that copy.
  `"densest_copy_bytes" bigint NOT NULL DEFAULT 0 CHECK ("densest_copy_bytes" >= 0)`,
  `"densest_copy_files" integer NOT NULL DEFAULT 0 CHECK ("densest_copy_files" >= 0)`,
  // duplicates: media-manager copies holding at least one file.
  `"managed_copies_with_files" integer NOT NULL DEFAULT 0 CHECK ("managed_copies_with_files" >= 0)`,
  // missing: some media-manager copy is monitored and holds no file.
  `"has_missing_copy" boolean NOT NULL DEFAULT false`,
  // requested_not_watched (everyone): the oldest request whose requester has no watch row.
  `"unwatched_request_at" timestamptz`,
  // Reclaimable bytes of duplicates (copies that are not the best) and cutoff_unmet (copies below cutoff).
  `"beyond_best_bytes" bigint NOT NULL DEFAULT 0 CHECK ("beyond_best_bytes" >= 0)`,
  `"below_cutoff_bytes" bigint NOT NULL DEFAULT 0 CHECK ("below_cutoff_bytes" >= 0)`,
];

const FACT_NAMES = FACT_COLUMNS.map((column) => column.slice(0, column.indexOf(' ')));

export class AddCategoryFacts1796800000000 implements MigrationInterface {
  name = 'AddCategoryFacts1796800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "curation"."catalog_items" ${FACT_COLUMNS.map((column) => `ADD COLUMN ${column}`).join(', ')}`,
    );
    // Half-full pages: the sync inserts every item and then sets its facts, and with room on the
    // row's own page that update is HOT (no new entry in the ten indexes): 4 s instead of 16 s for
    // 100,000 items on a loaded machine. The table takes about twice the pages; a category pass
    // over 100,000 items measured the same on 20 and 40 MB (it costs per row, not per page).
    await queryRunner.query('ALTER TABLE "curation"."catalog_items" SET (fillfactor = 50)');
    // Catalogs synced before this migration get their facts now, from the one definition the sync
    // uses (a frozen copy here could only disagree with it); later syncs keep them current.
    await new CategoryFactsRepository().refresh(queryRunner.manager, 'all');
    // The facts replace the copy scans these two partial indexes served; the sync no longer pays for them.
    await queryRunner.query('DROP INDEX "curation"."catalog_copies_managed"');
    await queryRunner.query('DROP INDEX "curation"."catalog_copies_partial_reclaim"');
    // A user's watch rows by plays: the catalog sorted by that user's plays walks them in order.
    await queryRunner.query(
      'CREATE INDEX "catalog_watch_account_plays" ON "curation"."catalog_watch" ("account_id", "plays", "item_id")',
    );
    // The catalog's total under three filters that read only columns the facts update leaves alone
    // (or changes on few rows), counted from a small partial index instead of a pass over the
    // table: category=missing, cutoff_unmet (and cutoffUnmet=true), never_watched for everyone.
    // Indexes on facts the update changes on most rows would make it non-HOT again.
    await queryRunner.query(
      'CREATE INDEX "catalog_items_missing" ON "curation"."catalog_items" ("id") WHERE "has_missing_copy"',
    );
    await queryRunner.query(
      'CREATE INDEX "catalog_items_cutoff_unmet" ON "curation"."catalog_items" ("id") WHERE "cutoff_unmet"',
    );
    await queryRunner.query(
      'CREATE INDEX "catalog_items_unplayed_added" ON "curation"."catalog_items" ("added_at") WHERE "plays" = 0',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const index of [
      'catalog_items_missing',
      'catalog_items_cutoff_unmet',
      'catalog_items_unplayed_added',
    ]) {
      await queryRunner.query(`DROP INDEX "curation"."${index}"`);
    }
    await queryRunner.query('ALTER TABLE "curation"."catalog_items" RESET (fillfactor)');
    await queryRunner.query('DROP INDEX "curation"."catalog_watch_account_plays"');
    await queryRunner.query(
      'CREATE INDEX "catalog_copies_managed" ON "curation"."catalog_copies" ("item_id") INCLUDE ("file_count", "monitored") WHERE "connection_id" IS NOT NULL',
    );
    await queryRunner.query(
      'CREATE INDEX "catalog_copies_partial_reclaim" ON "curation"."catalog_copies" ("item_id") INCLUDE ("size_bytes", "is_best", "cutoff_unmet") WHERE NOT "is_best" OR "cutoff_unmet"',
    );
    await queryRunner.query(
      `ALTER TABLE "curation"."catalog_items" ${FACT_NAMES.map((name) => `DROP COLUMN ${name}`).join(', ')}`,
    );
  }
}
