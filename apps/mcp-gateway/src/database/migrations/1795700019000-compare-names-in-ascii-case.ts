// Names are compared the way authorization compares them (docs/decisions/019): ASCII letters
// case-insensitively, every other character exactly. The first indexes used lower() under the
// database's collation, which folds the Kelvin sign U+212A into "k" and "İ" into "i": they
// refused a mapping for "\u212Aarl" next to one for "karl" as a duplicate, and the key owner
// lookups they were meant for treated the two as one user. Under the "C" collation lower()
// changes A-Z only. Rows unique before stay unique (the new rule only tells more names apart).
import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CompareNamesInAsciiCase1795700019000 implements MigrationInterface {
  name = 'CompareNamesInAsciiCase1795700019000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await replaceIndex(
      queryRunner,
      'group_mappings_pair_key',
      'CREATE UNIQUE INDEX "group_mappings_pair_key" ON "mcp_gateway"."group_mappings" (lower("external_id" COLLATE "C"), lower("internal_group" COLLATE "C"))',
    );
    await replaceIndex(
      queryRunner,
      'access_policies_pair_key',
      'CREATE UNIQUE INDEX "access_policies_pair_key" ON "mcp_gateway"."access_policies" (lower("target_id" COLLATE "C"), lower("required_group" COLLATE "C"))',
    );
    // Key owners are looked up by this expression (app-key.repository.ts), not by the raw column.
    await replaceIndex(
      queryRunner,
      'app_keys_live_by_username',
      'CREATE INDEX "app_keys_live_by_username" ON "mcp_gateway"."app_keys" (lower("username" COLLATE "C")) WHERE "revoked_at" IS NULL',
    );
  }

  /** Fails if rows now exist that differ only in the case of non-ASCII letters, as it should. */
  async down(queryRunner: QueryRunner): Promise<void> {
    await replaceIndex(
      queryRunner,
      'app_keys_live_by_username',
      'CREATE INDEX "app_keys_live_by_username" ON "mcp_gateway"."app_keys" ("username") WHERE "revoked_at" IS NULL',
    );
    await replaceIndex(
      queryRunner,
      'access_policies_pair_key',
      'CREATE UNIQUE INDEX "access_policies_pair_key" ON "mcp_gateway"."access_policies" (lower("target_id"), lower("required_group"))',
    );
    await replaceIndex(
      queryRunner,
      'group_mappings_pair_key',
      'CREATE UNIQUE INDEX "group_mappings_pair_key" ON "mcp_gateway"."group_mappings" (lower("external_id"), lower("internal_group"))',
    );
  }
}

async function replaceIndex(queryRunner: QueryRunner, name: string, create: string): Promise<void> {
  await queryRunner.query(`DROP INDEX "mcp_gateway"."${name}"`);
  await queryRunner.query(create);
}
