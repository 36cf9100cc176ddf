// The gateway's identity and access tables (spec 2.1 "AppKey record" and "Other stored
// records"): keys, quota settings, group mappings, RBAC policies and the audit log.
import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateAccessTables1795300000000 implements MigrationInterface {
  name = 'CreateAccessTables1795300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "mcp_gateway"."app_keys" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "kind" text NOT NULL CHECK ("kind" IN ('app_key', 'client', 'admin')),
        "name" text NOT NULL CHECK (char_length("name") BETWEEN 1 AND 200),
        "username" text NOT NULL,
        "key_prefix" text NOT NULL,
        "encrypted_key" char(64) NOT NULL,
        "scopes_json" jsonb NOT NULL CHECK (jsonb_typeof("scopes_json") = 'array'),
        "expires_at" timestamptz,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "owner_sid" text NOT NULL DEFAULT '',
        "created_by" text NOT NULL,
        "last_used_at" timestamptz,
        "revoked_at" timestamptz,
        "revoked_by" text,
        "rotated_from" uuid REFERENCES "mcp_gateway"."app_keys" ("id")
      )`);
    await queryRunner.query(
      'CREATE UNIQUE INDEX "app_keys_key_prefix_key" ON "mcp_gateway"."app_keys" ("key_prefix")',
    );
    // Quotas count a user's live keys.
    await queryRunner.query(
      'CREATE INDEX "app_keys_live_by_username" ON "mcp_gateway"."app_keys" ("username") WHERE "revoked_at" IS NULL',
    );

    await queryRunner.query(`
      CREATE TABLE "mcp_gateway"."settings" (
        "id" smallint PRIMARY KEY DEFAULT 1 CHECK ("id" = 1),
        "global_max_keys" integer NOT NULL DEFAULT 0 CHECK ("global_max_keys" >= 0),
        "user_max_keys" integer NOT NULL DEFAULT 0 CHECK ("user_max_keys" >= 0),
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        "updated_by" text NOT NULL DEFAULT 'system'
      )`);
    await queryRunner.query('INSERT INTO "mcp_gateway"."settings" ("id") VALUES (1)');

    await queryRunner.query(`
      CREATE TABLE "mcp_gateway"."group_mappings" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "external_id" text NOT NULL CHECK (char_length("external_id") BETWEEN 1 AND 512),
        "internal_group" text NOT NULL CHECK (char_length("internal_group") BETWEEN 1 AND 256),
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "created_by" text NOT NULL
      )`);
    await queryRunner.query(
      'CREATE UNIQUE INDEX "group_mappings_pair_key" ON "mcp_gateway"."group_mappings" (lower("external_id"), lower("internal_group"))',
    );

    await queryRunner.query(`
      CREATE TABLE "mcp_gateway"."access_policies" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "target_id" text NOT NULL CHECK (char_length("target_id") BETWEEN 1 AND 1024),
        "required_group" text NOT NULL CHECK (char_length("required_group") BETWEEN 1 AND 256),
        "is_allowed" smallint NOT NULL CHECK ("is_allowed" IN (0, 1)),
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "created_by" text NOT NULL
      )`);
    // One decision per target and group: an allow and a deny for the same pair would be noise.
    await queryRunner.query(
      'CREATE UNIQUE INDEX "access_policies_pair_key" ON "mcp_gateway"."access_policies" (lower("target_id"), lower("required_group"))',
    );

    await queryRunner.query(`
      CREATE TABLE "mcp_gateway"."audit_log" (
        "id" bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        "occurred_at" timestamptz NOT NULL DEFAULT now(),
        "event_kind" text NOT NULL,
        "username" text,
        "server_id" text,
        "method" text,
        "duration_ms" integer,
        "status_code" integer,
        "source_address" text,
        "parameters" jsonb,
        "details" jsonb
      )`);
    await queryRunner.query(
      'CREATE INDEX "audit_log_by_time" ON "mcp_gateway"."audit_log" ("occurred_at" DESC, "id" DESC)',
    );
    await queryRunner.query(
      'CREATE INDEX "audit_log_by_username" ON "mcp_gateway"."audit_log" ("username", "occurred_at" DESC)',
    );
    await queryRunner.query(
      'CREATE INDEX "audit_log_by_server" ON "mcp_gateway"."audit_log" ("server_id", "occurred_at" DESC)',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['audit_log', 'access_policies', 'group_mappings', 'settings', 'app_keys']) {
      await queryRunner.query(`DROP TABLE "mcp_gateway"."${table}"`);
    }
  }
}
