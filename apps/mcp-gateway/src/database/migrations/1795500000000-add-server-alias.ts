// An optional per-server alias, used instead of the id as the namespace of the server's items in
// the aggregated views (tool names stay under model providers' 64-character limit). Same grammar
// as an id; unique among aliases (the registry also refuses an alias equal to another id).
import type { MigrationInterface, QueryRunner } from 'typeorm';

export class AddServerAlias1795500000000 implements MigrationInterface {
  name = 'AddServerAlias1795500000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE "mcp_gateway"."backend_servers"
        ADD COLUMN "alias" text CHECK ("alias" ~ '^[a-z0-9]([a-z0-9_-]{0,62}[a-z0-9-])?$')`);
    await queryRunner.query(
      'CREATE UNIQUE INDEX "backend_servers_alias_key" ON "mcp_gateway"."backend_servers" ("alias")',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX "mcp_gateway"."backend_servers_alias_key"');
    await queryRunner.query('ALTER TABLE "mcp_gateway"."backend_servers" DROP COLUMN "alias"');
  }
}
