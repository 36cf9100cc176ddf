// The people who use the curation API, the one media server it is bound to, and the connections to
// media managers and helpers (docs/decisions/030).
import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateUsersAndBinding1796000000000 implements MigrationInterface {
  name = 'CreateUsersAndBinding1796000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // Everyone with access to the bound server (and configured admins who signed in before it was
    // bound), keyed by plex.tv account id.
    await queryRunner.query(`
      CREATE TABLE "curation"."users" (
        "id" text PRIMARY KEY CHECK ("id" ~ '^[0-9]{1,19}$'),
        "username" text NOT NULL,
        "email" text,
        "thumb" text,
        "kind" text NOT NULL CHECK ("kind" IN ('owner', 'shared', 'home', 'admin')),
        "role" text NOT NULL CHECK ("role" IN ('Admin', 'Guest')),
        -- An Admin's explicit choice (PUT /auth/users/{id}/role) that a roster refresh keeps.
        "role_set_by" text,
        "last_seen_at" timestamptz,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query('CREATE INDEX "users_username" ON "curation"."users" (lower("username"))');

    // At most one row: the bound Plex Media Server. `token_sealed` is its token, sealed by SecretBox.
    await queryRunner.query(`
      CREATE TABLE "curation"."media_server_binding" (
        "id" smallint PRIMARY KEY DEFAULT 1 CHECK ("id" = 1),
        "machine_identifier" text NOT NULL,
        "name" text NOT NULL,
        "base_url" text NOT NULL,
        "token_sealed" text NOT NULL,
        "owner_account_id" text,
        "bound_by" text NOT NULL,
        "bound_at" timestamptz NOT NULL DEFAULT now()
      )`);

    // Sonarr and Radarr instances (several, HD and 4K), at most one Overseerr and one Tautulli.
    await queryRunner.query(`
      CREATE TABLE "curation"."connections" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "type" text NOT NULL CHECK ("type" IN ('sonarr', 'radarr', 'overseerr', 'tautulli')),
        "name" text NOT NULL CHECK (char_length("name") BETWEEN 1 AND 100),
        "base_url" text NOT NULL,
        "api_key_sealed" text NOT NULL,
        "is_4k" boolean NOT NULL DEFAULT false,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(
      'CREATE UNIQUE INDEX "connections_name" ON "curation"."connections" (lower("name"))',
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "connections_one_helper_each" ON "curation"."connections" ("type") WHERE "type" IN ('overseerr', 'tautulli')`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE "curation"."connections"');
    await queryRunner.query('DROP TABLE "curation"."media_server_binding"');
    await queryRunner.query('DROP TABLE "curation"."users"');
  }
}
