// Intents whose writer holds a session-level advisory lock while it works (docs/decisions/051): the
// lock's presence in pg_locks says the writer is alive, its absence that the writer's session ended.
// Rows written before (and rows of writers that take no lock) keep the deadline as their only test.
import type { MigrationInterface, QueryRunner } from 'typeorm';

export class AuditIntentOwnerLocks1796910000000 implements MigrationInterface {
  name = 'AuditIntentOwnerLocks1796910000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "curation"."audit_log" ADD COLUMN "owner_locked" boolean NOT NULL DEFAULT false`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "curation"."audit_log" DROP COLUMN "owner_locked"');
  }
}
