// Owners are identities, not bare names (docs/decisions/019, "Identity sources"): a key's owner,
// a `user:` mapping's user and an audit row's user get the source their name comes from. Rows
// written before cannot say which source their name came from, so:
// - administrator keys are `admin-key` and named by their own prefix (they were all "admin");
// - machine keys owned by "admin" in any ASCII case are `admin-key`: the administrator key made
//   them for itself, or a person called admin did, and the rows cannot tell which. Neither a
//   person's sign-in nor anything else will match them again (administrators still manage them);
// - every other key and every `user:` mapping is `legacy`, placed at the next start by
//   LegacyOwnerSourcesService (in the one sign-in source the gateway has, or `unassigned`);
// - audit rows keep a null source: nobody recorded it; access policies stay for everyone (null).
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** What identity/identity-source.ts accepts as a stored source. */
const SOURCE_SHAPE = `("identity_source" IN ('sso', 'admin-key', 'unassigned', 'legacy') OR "identity_source" ~ '^oidc:[^#]+#.+$')`;
/** readMappingSubject's test for a `user:` row: ASCII spaces, then the prefix in any ASCII case. */
const USER_ROW = `"external_id" ~ '^[\\t\\n\\v\\f\\r ]*[Uu][Ss][Ee][Rr]:'`;

export class RecordIdentitySources1795800019000 implements MigrationInterface {
  name = 'RecordIdentitySources1795800019000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "mcp_gateway"."app_keys" ADD COLUMN "identity_source" text`);
    await queryRunner.query(`
      UPDATE "mcp_gateway"."app_keys" SET
        "identity_source" = CASE
          WHEN "kind" = 'admin' OR lower("username" COLLATE "C") = 'admin' THEN 'admin-key'
          ELSE 'legacy'
        END,
        "username" = CASE WHEN "kind" = 'admin' THEN "key_prefix" ELSE "username" END`);
    await queryRunner.query(`
      ALTER TABLE "mcp_gateway"."app_keys"
        ALTER COLUMN "identity_source" SET NOT NULL,
        ADD CONSTRAINT "app_keys_identity_source_check" CHECK ${SOURCE_SHAPE}`);
    // Owners are looked up by source and name key (app-key.repository.ts ownedBy).
    await queryRunner.query(`DROP INDEX "mcp_gateway"."app_keys_live_by_username"`);
    await queryRunner.query(
      'CREATE INDEX "app_keys_live_by_owner" ON "mcp_gateway"."app_keys" ("identity_source", lower("username" COLLATE "C")) WHERE "revoked_at" IS NULL',
    );

    await queryRunner.query(`
      ALTER TABLE "mcp_gateway"."group_mappings"
        ADD COLUMN "identity_source" text CHECK ("identity_source" IS NULL OR ${SOURCE_SHAPE})`);
    await queryRunner.query(
      `UPDATE "mcp_gateway"."group_mappings" SET "identity_source" = 'legacy' WHERE ${USER_ROW}`,
    );
    // A `user:` row without a source would name nobody; the API never writes one.
    await queryRunner.query(`
      ALTER TABLE "mcp_gateway"."group_mappings"
        ADD CONSTRAINT "group_mappings_user_source_check"
          CHECK ("identity_source" IS NOT NULL OR NOT (${USER_ROW}))`);
    await replaceIndex(
      queryRunner,
      'group_mappings_pair_key',
      `CREATE UNIQUE INDEX "group_mappings_pair_key" ON "mcp_gateway"."group_mappings" (lower("external_id" COLLATE "C"), lower("internal_group" COLLATE "C"), coalesce("identity_source", ''))`,
    );

    // Access policies may be scoped to the people of one source; existing rows stay for everyone.
    await queryRunner.query(`
      ALTER TABLE "mcp_gateway"."access_policies"
        ADD COLUMN "identity_source" text CHECK ("identity_source" IS NULL OR ${SOURCE_SHAPE})`);
    await replaceIndex(
      queryRunner,
      'access_policies_pair_key',
      `CREATE UNIQUE INDEX "access_policies_pair_key" ON "mcp_gateway"."access_policies" (lower("target_id" COLLATE "C"), lower("required_group" COLLATE "C"), coalesce("identity_source", ''))`,
    );

    await queryRunner.query(`ALTER TABLE "mcp_gateway"."audit_log" ADD COLUMN "identity_source" text`);
  }

  /** Fails if mappings or policies now differ only in their source, as it should. */
  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "mcp_gateway"."audit_log" DROP COLUMN "identity_source"`);
    await replaceIndex(
      queryRunner,
      'access_policies_pair_key',
      'CREATE UNIQUE INDEX "access_policies_pair_key" ON "mcp_gateway"."access_policies" (lower("target_id" COLLATE "C"), lower("required_group" COLLATE "C"))',
    );
    await queryRunner.query(`ALTER TABLE "mcp_gateway"."access_policies" DROP COLUMN "identity_source"`);
    await replaceIndex(
      queryRunner,
      'group_mappings_pair_key',
      'CREATE UNIQUE INDEX "group_mappings_pair_key" ON "mcp_gateway"."group_mappings" (lower("external_id" COLLATE "C"), lower("internal_group" COLLATE "C"))',
    );
    await queryRunner.query(`ALTER TABLE "mcp_gateway"."group_mappings" DROP COLUMN "identity_source"`);
    await queryRunner.query(`DROP INDEX "mcp_gateway"."app_keys_live_by_owner"`);
    await queryRunner.query(
      'CREATE INDEX "app_keys_live_by_username" ON "mcp_gateway"."app_keys" (lower("username" COLLATE "C")) WHERE "revoked_at" IS NULL',
    );
    await queryRunner.query(
      `UPDATE "mcp_gateway"."app_keys" SET "username" = 'admin' WHERE "kind" = 'admin'`,
    );
    await queryRunner.query(`ALTER TABLE "mcp_gateway"."app_keys" DROP COLUMN "identity_source"`);
  }
}

async function replaceIndex(queryRunner: QueryRunner, name: string, create: string): Promise<void> {
  await queryRunner.query(`DROP INDEX "mcp_gateway"."${name}"`);
  await queryRunner.query(create);
}
