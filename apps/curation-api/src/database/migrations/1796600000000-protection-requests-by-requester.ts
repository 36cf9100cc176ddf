// Protection requests from every kind of signed-in caller (docs/decisions/044): a Plex user (by
// account id) or an API key (by key id; the bootstrap key has neither). `requester` is derived
// from the two, so the database itself keeps one pending request per requester and item, whatever
// races the API loses. Reasons and notes are bounded here as at the edge.
import type { MigrationInterface, QueryRunner } from 'typeorm';

export class ProtectionRequestsByRequester1796600000000 implements MigrationInterface {
  name = 'ProtectionRequestsByRequester1796600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE "curation"."protection_requests"
        ALTER COLUMN "account_id" DROP NOT NULL,
        -- No foreign key: revoking a key deletes its row, and its requests stay on record.
        ADD COLUMN "api_key_id" uuid,
        -- The requester's name when they asked (a Plex username, api-key:<name>, bootstrap-api-key).
        ADD COLUMN "requested_by" text,
        ADD COLUMN "requester" text GENERATED ALWAYS AS (
          CASE WHEN "account_id" IS NOT NULL THEN 'user:' || "account_id"::text
               WHEN "api_key_id" IS NOT NULL THEN 'api-key:' || "api_key_id"::text
               ELSE 'bootstrap' END) STORED,
        ADD CONSTRAINT "protection_requests_one_requester" CHECK ("account_id" IS NULL OR "api_key_id" IS NULL),
        ADD CONSTRAINT "protection_requests_reason_length" CHECK (char_length("reason") BETWEEN 1 AND 500),
        ADD CONSTRAINT "protection_requests_note_length" CHECK (char_length("decision_note") <= 500)`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "protection_requests_one_pending" ON "curation"."protection_requests" ("item_id", "requester") WHERE "status" = 'pending'`,
    );
    // A requester's own list, newest first; and everyone's, for Admins.
    await queryRunner.query(
      'CREATE INDEX "protection_requests_by_requester" ON "curation"."protection_requests" ("requester", "created_at" DESC, "id")',
    );
    await queryRunner.query(
      'CREATE INDEX "protection_requests_by_time" ON "curation"."protection_requests" ("created_at" DESC, "id")',
    );
    await queryRunner.query(
      `ALTER TABLE "curation"."protections"
         ADD CONSTRAINT "protections_reason_length" CHECK (char_length("reason") BETWEEN 1 AND 500)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'ALTER TABLE "curation"."protections" DROP CONSTRAINT "protections_reason_length"',
    );
    await queryRunner.query('DROP INDEX "curation"."protection_requests_by_time"');
    await queryRunner.query('DROP INDEX "curation"."protection_requests_by_requester"');
    await queryRunner.query('DROP INDEX "curation"."protection_requests_one_pending"');
    await queryRunner.query(`DELETE FROM "curation"."protection_requests" WHERE "account_id" IS NULL`);
    await queryRunner.query(`
      ALTER TABLE "curation"."protection_requests"
        DROP CONSTRAINT "protection_requests_note_length",
        DROP CONSTRAINT "protection_requests_reason_length",
        DROP CONSTRAINT "protection_requests_one_requester",
        DROP COLUMN "requester",
        DROP COLUMN "requested_by",
        DROP COLUMN "api_key_id",
        ALTER COLUMN "account_id" SET NOT NULL`);
  }
}
