// The category thresholds an Admin tunes (GET/PUT /api/v1/settings), and the indexes the catalog's
// sorts and the per-user categories read (docs/decisions/039-041). The synced tables keep their
// owner (the sync); these indexes only make their readers fast on a 100,000-item library.
import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateSettingsAndCatalogIndexes1796400000000 implements MigrationInterface {
  name = 'CreateSettingsAndCatalogIndexes1796400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // Exactly one row, created here with the defaults, so readers never meet "no settings".
    // The ranges repeat settings/category-settings.ts, so a bad value cannot be stored by any path.
    await queryRunner.query(`
      CREATE TABLE "curation"."settings" (
        "id" smallint PRIMARY KEY DEFAULT 1 CHECK ("id" = 1),
        "never_watched_days" integer NOT NULL DEFAULT 90 CHECK ("never_watched_days" BETWEEN 1 AND 36500),
        "stale_days" integer NOT NULL DEFAULT 180 CHECK ("stale_days" BETWEEN 1 AND 36500),
        "abandoned_days" integer NOT NULL DEFAULT 90 CHECK ("abandoned_days" BETWEEN 1 AND 36500),
        "requested_not_watched_days" integer NOT NULL DEFAULT 30
          CHECK ("requested_not_watched_days" BETWEEN 1 AND 36500),
        -- Space-hog thresholds in GiB (a copy strictly over them qualifies).
        "space_hog_movie_gib" numeric(10, 3) NOT NULL DEFAULT 20 CHECK ("space_hog_movie_gib" > 0),
        "space_hog_movie_4k_gib" numeric(10, 3) NOT NULL DEFAULT 50 CHECK ("space_hog_movie_4k_gib" > 0),
        "space_hog_episode_gib" numeric(10, 3) NOT NULL DEFAULT 2.5 CHECK ("space_hog_episode_gib" > 0),
        "low_resolution_cutoff_year" integer NOT NULL DEFAULT 2000
          CHECK ("low_resolution_cutoff_year" BETWEEN 1870 AND 2200),
        -- The catalog's pre2017Filter year when the caller gives no userCutoffYear (decision 040).
        "pre2017_cutoff_year" integer NOT NULL DEFAULT 2017 CHECK ("pre2017_cutoff_year" BETWEEN 1870 AND 2200),
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        "updated_by" text
      )`);
    await queryRunner.query('INSERT INTO "curation"."settings" ("id") VALUES (1)');

    // Sorts of the catalog: each key with the id that breaks ties, in both directions with empty
    // values last (ascending btree puts nulls last already; descending needs its own order).
    // Titles sort by their folded key in code-point order (decision 040), the same on every server
    // whatever its default collation.
    await queryRunner.query(
      'CREATE INDEX "catalog_items_title_key_c" ON "curation"."catalog_items" ("title_key" COLLATE "C", "id")',
    );
    await queryRunner.query(
      'CREATE INDEX "catalog_items_plays" ON "curation"."catalog_items" ("plays", "id")',
    );
    await queryRunner.query(
      'CREATE INDEX "catalog_items_last_watched" ON "curation"."catalog_items" ("last_watched_at", "id")',
    );
    await queryRunner.query(
      'CREATE INDEX "catalog_items_last_watched_desc" ON "curation"."catalog_items" ("last_watched_at" DESC NULLS LAST, "id" DESC)',
    );
    await queryRunner.query(
      'CREATE INDEX "catalog_items_added_desc" ON "curation"."catalog_items" ("added_at" DESC NULLS LAST, "id" DESC)',
    );
    await queryRunner.query(
      'CREATE INDEX "catalog_items_type_size" ON "curation"."catalog_items" ("media_type", "size_bytes", "id")',
    );

    // One user's watch rows and requests, with what the per-user rules read, without the heap.
    await queryRunner.query(
      'CREATE INDEX "catalog_watch_account_item" ON "curation"."catalog_watch" ("account_id", "item_id") INCLUDE ("plays", "last_watched_at", "played_episode_count")',
    );
    await queryRunner.query(
      'CREATE INDEX "catalog_requests_requester_item" ON "curation"."catalog_requests" ("requested_by_account_id", "item_id") INCLUDE ("requested_at")',
    );
    // Copies the categories single out: media-manager copies (duplicates, missing) and those that
    // give reclaimable bytes other than the whole item (beyond the best copy, below cutoff).
    await queryRunner.query(
      'CREATE INDEX "catalog_copies_managed" ON "curation"."catalog_copies" ("item_id") INCLUDE ("file_count", "monitored") WHERE "connection_id" IS NOT NULL',
    );
    await queryRunner.query(
      'CREATE INDEX "catalog_copies_partial_reclaim" ON "curation"."catalog_copies" ("item_id") INCLUDE ("size_bytes", "is_best", "cutoff_unmet") WHERE NOT "is_best" OR "cutoff_unmet"',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const index of [
      'catalog_copies_partial_reclaim',
      'catalog_copies_managed',
      'catalog_requests_requester_item',
      'catalog_watch_account_item',
      'catalog_items_type_size',
      'catalog_items_added_desc',
      'catalog_items_last_watched_desc',
      'catalog_items_last_watched',
      'catalog_items_plays',
      'catalog_items_title_key_c',
    ]) {
      await queryRunner.query(`DROP INDEX "curation"."${index}"`);
    }
    await queryRunner.query('DROP TABLE "curation"."settings"');
  }
}
