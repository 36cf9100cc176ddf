// The ledger's row count kept beside its bytes total (docs/decisions/042), so an unfiltered
// GET /api/v1/audit answers its `total` with one read instead of counting the whole ledger.
import type { MigrationInterface, QueryRunner } from 'typeorm';

export class AuditRowCount1796650000000 implements MigrationInterface {
  name = 'AuditRowCount1796650000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "curation"."audit_totals" ADD COLUMN "rows" bigint NOT NULL DEFAULT 0 CHECK ("rows" >= 0)`,
    );
    await queryRunner.query(
      'UPDATE "curation"."audit_totals" SET "rows" = (SELECT count(*) FROM "curation"."audit_log") WHERE "id" = 1',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "curation"."audit_totals" DROP COLUMN "rows"');
  }
}
