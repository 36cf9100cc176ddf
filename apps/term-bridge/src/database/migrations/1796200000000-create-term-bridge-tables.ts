// The bridge's two tables: the audit of every injection (who typed what into which session)
// and the persisted diagnostic taps (deleted after TERM_BRIDGE_TAPS_RETENTION_DAYS).
import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateTermBridgeTables1796200000000 implements MigrationInterface {
  name = 'CreateTermBridgeTables1796200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "term_bridge"."injection_audit" (
        "id" bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        "occurred_at" timestamptz NOT NULL DEFAULT now(),
        "key_id" text NOT NULL,
        "channel" text NOT NULL CHECK ("channel" IN ('chat', 'mcp')),
        "session_name" text NOT NULL,
        "input_kind" text NOT NULL CHECK ("input_kind" IN ('text', 'keys')),
        "input_length" integer NOT NULL CHECK ("input_length" >= 0),
        "input_sha256" text NOT NULL CHECK ("input_sha256" ~ '^[0-9a-f]{64}$'),
        "input_text" text,
        "request_id" text
      )`);
    await queryRunner.query(
      'CREATE INDEX "injection_audit_session_time" ON "term_bridge"."injection_audit" ("session_name", "occurred_at")',
    );
    await queryRunner.query(`
      CREATE TABLE "term_bridge"."tap_events" (
        "id" bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        "occurred_at" timestamptz NOT NULL,
        "kind" text NOT NULL,
        "session_name" text,
        "data" jsonb NOT NULL DEFAULT '{}' CHECK (jsonb_typeof("data") = 'object')
      )`);
    await queryRunner.query('CREATE INDEX "tap_events_time" ON "term_bridge"."tap_events" ("occurred_at")');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE "term_bridge"."tap_events"');
    await queryRunner.query('DROP TABLE "term_bridge"."injection_audit"');
  }
}
