// Records, on the settings row, whether the first start seeded the default access policy (`*` for
// McpClient), so a row an administrator removed is not seeded again on the next start. A database
// the gateway already ran on (it has a key: every start creates or installs an administrator key)
// is marked `existing-database`: an upgrade must not widen what existing AppKeys reach.
import type { MigrationInterface, QueryRunner } from 'typeorm';

export class RecordDefaultPolicySeeding1795623000000 implements MigrationInterface {
  name = 'RecordDefaultPolicySeeding1795623000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE "mcp_gateway"."settings"
        ADD COLUMN "default_policy_seeding" text
          CHECK ("default_policy_seeding" IN ('seeded', 'disabled', 'existing-database')),
        ADD COLUMN "default_policy_decided_at" timestamptz`);
    await queryRunner.query(`
      UPDATE "mcp_gateway"."settings"
        SET "default_policy_seeding" = 'existing-database', "default_policy_decided_at" = now()
        WHERE EXISTS (SELECT 1 FROM "mcp_gateway"."app_keys")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE "mcp_gateway"."settings"
        DROP COLUMN "default_policy_decided_at",
        DROP COLUMN "default_policy_seeding"`);
  }
}
