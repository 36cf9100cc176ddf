// Sign-in and machine access (docs/decisions/031): sessions, API keys, pending Plex PINs, the
// account that claimed first setup, and this installation's plex.tv client identifier.
import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateAccessTables1796300000000 implements MigrationInterface {
  name = 'CreateAccessTables1796300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // A signed-in browser or client. Only the SHA-256 of the 256-bit token is kept; the account's
    // plex.tv token is sealed (SecretBox purpose 'plex account token') because listing the
    // caller's servers needs it. Removing the user ends their sessions.
    await queryRunner.query(`
      CREATE TABLE "curation"."sessions" (
        "token_digest" text PRIMARY KEY CHECK ("token_digest" ~ '^[0-9a-f]{64}$'),
        "user_id" text NOT NULL REFERENCES "curation"."users" ("id") ON DELETE CASCADE,
        "plex_token_sealed" text NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "expires_at" timestamptz NOT NULL
      )`);
    await queryRunner.query('CREATE INDEX "sessions_user" ON "curation"."sessions" ("user_id")');
    await queryRunner.query('CREATE INDEX "sessions_expiry" ON "curation"."sessions" ("expires_at")');

    // Keys for machine clients (X-Api-Key). `selector` finds the row; `digest` is the SHA-256 of
    // the whole key, compared in constant time. The key itself is never stored.
    await queryRunner.query(`
      CREATE TABLE "curation"."api_keys" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "name" text NOT NULL CHECK (char_length("name") BETWEEN 1 AND 100),
        "role" text NOT NULL CHECK ("role" IN ('Admin', 'Guest')),
        "selector" text NOT NULL UNIQUE CHECK ("selector" ~ '^[0-9a-f]{16}$'),
        "digest" text NOT NULL CHECK ("digest" ~ '^[0-9a-f]{64}$'),
        "created_by" text NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "last_used_at" timestamptz
      )`);
    await queryRunner.query('CREATE UNIQUE INDEX "api_keys_name" ON "curation"."api_keys" (lower("name"))');

    // A headless PIN sign-in in progress. The id handed to the client is random and kept as a
    // digest, so nobody can poll (and take over) another client's PIN by guessing plex.tv's
    // sequential PIN ids.
    await queryRunner.query(`
      CREATE TABLE "curation"."sign_in_pins" (
        "id_digest" text PRIMARY KEY CHECK ("id_digest" ~ '^[0-9a-f]{64}$'),
        "plex_pin_id" bigint NOT NULL,
        "expires_at" timestamptz NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now()
      )`);

    // At most one row: the plex.tv account that signed in first while neither a bootstrap key nor
    // admin accounts were configured. It may set up the API, and bind only a server it owns.
    await queryRunner.query(`
      CREATE TABLE "curation"."setup_claim" (
        "id" smallint PRIMARY KEY DEFAULT 1 CHECK ("id" = 1),
        "account_id" text NOT NULL CHECK ("account_id" ~ '^[0-9]{1,19}$'),
        "claimed_at" timestamptz NOT NULL DEFAULT now()
      )`);

    // plex.tv ties PINs and devices to a client identifier that must stay the same for the
    // installation (every replica shares it through the database).
    await queryRunner.query(`
      CREATE TABLE "curation"."plex_client" (
        "id" smallint PRIMARY KEY DEFAULT 1 CHECK ("id" = 1),
        "client_identifier" text NOT NULL
      )`);
    await queryRunner.query(
      `INSERT INTO "curation"."plex_client" ("id", "client_identifier") VALUES (1, gen_random_uuid()::text)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['plex_client', 'setup_claim', 'sign_in_pins', 'api_keys', 'sessions']) {
      await queryRunner.query(`DROP TABLE "curation"."${table}"`);
    }
  }
}
