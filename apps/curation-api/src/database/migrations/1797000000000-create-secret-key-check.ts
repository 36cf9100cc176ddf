// One value sealed with the key of the first process that started on this database
// (docs/decisions/058): every later process opens it at start, so a replica started with another
// CURATION_SECRET_KEY (or its own generated key file) stops at once instead of failing each
// request that needs a stored token.
import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateSecretKeyCheck1797000000000 implements MigrationInterface {
  name = 'CreateSecretKeyCheck1797000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "curation"."secret_key_check" (
         "id" smallint PRIMARY KEY CHECK ("id" = 1),
         "sealed" text NOT NULL,
         "created_at" timestamptz NOT NULL DEFAULT now()
       )`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE "curation"."secret_key_check"');
  }
}
