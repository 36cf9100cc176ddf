// The audit ledger (docs/decisions/042): one row per mutation anyone made through the API, never
// deleted by it. A prune writes its row before its first delete (`in_progress`, with a deadline)
// and completes it after, so a crash in between leaves a row that reads as `interrupted`.
import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateAuditLedger1796500000000 implements MigrationInterface {
  name = 'CreateAuditLedger1796500000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "curation"."audit_log" (
        "id" bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        -- A stable code from audit/audit-actions.ts, such as "prune" or "connection.created".
        "action" text NOT NULL CHECK ("action" ~ '^[a-z]+(-[a-z]+)*(\\.[a-z]+(-[a-z]+)*)?$'),
        -- The subject in words: the item's title ("<series> — Season <n>" for a season), else
        -- the connection, user, key or setting the row is about.
        "title" text NOT NULL,
        "media_type" text CHECK ("media_type" IN ('movie', 'series')),
        "media_item_id" text,
        "bytes_freed" bigint NOT NULL DEFAULT 0 CHECK ("bytes_freed" >= 0),
        "actor" text NOT NULL,
        "executed_at" timestamptz NOT NULL,
        "details" jsonb NOT NULL DEFAULT '{}' CHECK (jsonb_typeof("details") = 'object'),
        "outcome" text NOT NULL DEFAULT 'completed' CHECK ("outcome" IN ('completed', 'in_progress', 'interrupted')),
        -- When an in-progress row stops being one: past it, its writer is gone (a crash).
        "deadline_at" timestamptz,
        "completed_at" timestamptz,
        CHECK ("outcome" <> 'in_progress' OR "deadline_at" IS NOT NULL),
        CHECK (("media_type" IS NULL) = ("media_item_id" IS NULL))
      )`);
    // Newest first, whole or filtered by action, actor or item.
    await queryRunner.query(
      'CREATE INDEX "audit_log_executed" ON "curation"."audit_log" ("executed_at" DESC, "id" DESC)',
    );
    await queryRunner.query(
      'CREATE INDEX "audit_log_action" ON "curation"."audit_log" ("action", "executed_at" DESC, "id" DESC)',
    );
    await queryRunner.query(
      'CREATE INDEX "audit_log_actor" ON "curation"."audit_log" ("actor", "executed_at" DESC, "id" DESC)',
    );
    await queryRunner.query(
      'CREATE INDEX "audit_log_item" ON "curation"."audit_log" ("media_item_id", "executed_at" DESC) WHERE "media_item_id" IS NOT NULL',
    );
    await queryRunner.query(
      `CREATE INDEX "audit_log_in_progress" ON "curation"."audit_log" ("deadline_at") WHERE "outcome" = 'in_progress'`,
    );
    // The ledger's running total, kept in the transaction of every row that frees bytes, so
    // `totalBytesFreed` is one read however long the ledger grows.
    await queryRunner.query(`
      CREATE TABLE "curation"."audit_totals" (
        "id" smallint PRIMARY KEY DEFAULT 1 CHECK ("id" = 1),
        "bytes_freed" numeric(30, 0) NOT NULL DEFAULT 0 CHECK ("bytes_freed" >= 0)
      )`);
    await queryRunner.query('INSERT INTO "curation"."audit_totals" ("id") VALUES (1)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE "curation"."audit_totals"');
    await queryRunner.query('DROP TABLE "curation"."audit_log"');
  }
}
