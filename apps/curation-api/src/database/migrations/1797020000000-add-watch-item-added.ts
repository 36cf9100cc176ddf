// Each watch row carries its item's `added_at` (docs/decisions/060), so one user's
// `never_watched` total is "items added long enough ago" less "this user's watch rows whose item
// was": two index ranges instead of an anti-join of the whole catalog with the user's rows. Only
// the sync writes either copy, in the same switch, so they cannot disagree.
import type { MigrationInterface, QueryRunner } from 'typeorm';

export class AddWatchItemAdded1797020000000 implements MigrationInterface {
  name = 'AddWatchItemAdded1797020000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "curation"."catalog_watch" ADD COLUMN "item_added_at" timestamptz');
    await queryRunner.query(
      `UPDATE "curation"."catalog_watch" w SET "item_added_at" = i."added_at"
         FROM "curation"."catalog_items" i WHERE i."id" = w."item_id"`,
    );
    await queryRunner.query(
      'CREATE INDEX "catalog_watch_account_item_added" ON "curation"."catalog_watch" ("account_id", "item_added_at")',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX "curation"."catalog_watch_account_item_added"');
    await queryRunner.query('ALTER TABLE "curation"."catalog_watch" DROP COLUMN "item_added_at"');
  }
}
