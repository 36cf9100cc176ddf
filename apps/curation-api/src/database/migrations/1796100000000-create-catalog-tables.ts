// The synced catalog (docs/decisions/030): what Plex and the media managers hold, matched into
// items, with the copies, files, seasons, per-account watch state and requests the categories and
// the catalog read. Sync replaces these rows in one transaction, so readers see one sync's result
// or the previous one's, never a mix. What people decide about items (protections and protection
// requests) lives in its own tables keyed by the item's stable id, which a sync never rewrites.
import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateCatalogTables1796100000000 implements MigrationInterface {
  name = 'CreateCatalogTables1796100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // One row per movie or series. `id` is stable across syncs, derived from the first external id
    // the item has (`movie-tmdb-603`, `series-tvdb-81189`, then IMDB, then title and year), so
    // protections and requests keep pointing at the same item.
    await queryRunner.query(`
      CREATE TABLE "curation"."catalog_items" (
        "id" text PRIMARY KEY CHECK ("id" ~ '^(movie|series)-[a-z]+-[A-Za-z0-9._-]+$'),
        "media_type" text NOT NULL CHECK ("media_type" IN ('movie', 'series')),
        "title" text NOT NULL,
        -- The title folded for search and sort: accents removed, lower case (done in the sync).
        "title_key" text NOT NULL,
        "year" integer,
        "tmdb_id" integer,
        "tvdb_id" integer,
        "imdb_id" text,
        "plex_rating_key" text,
        -- Earliest time Plex added it, else the earliest a media manager added it; a series' own date.
        "added_at" timestamptz,
        -- Episodes Plex knows of a series (0 for movies): "episodes nobody has played" counts against it.
        "episode_count" integer NOT NULL DEFAULT 0 CHECK ("episode_count" >= 0),
        -- Number of Plex versions (Media elements) of a movie; >1 is a duplicate.
        "plex_version_count" integer NOT NULL DEFAULT 0 CHECK ("plex_version_count" >= 0),
        -- Derived by the sync from the rows below, so list queries need no joins:
        "size_bytes" bigint NOT NULL DEFAULT 0 CHECK ("size_bytes" >= 0),
        "resolution" text CHECK ("resolution" IN ('SD', '720p', '1080p', '4K')),
        -- 1 SD, 2 720p, 3 1080p, 4 4K; null without any file.
        "resolution_rank" smallint CHECK ("resolution_rank" BETWEEN 1 AND 4),
        "cutoff_unmet" boolean NOT NULL DEFAULT false,
        "plays" integer NOT NULL DEFAULT 0 CHECK ("plays" >= 0),
        "last_watched_at" timestamptz,
        -- Distinct episodes anyone has played (series).
        "played_episode_count" integer NOT NULL DEFAULT 0 CHECK ("played_episode_count" >= 0)
      )`);
    await queryRunner.query(
      'CREATE INDEX "catalog_items_title_key" ON "curation"."catalog_items" ("title_key", "id")',
    );
    await queryRunner.query(
      'CREATE INDEX "catalog_items_size" ON "curation"."catalog_items" ("size_bytes", "id")',
    );
    await queryRunner.query(
      'CREATE INDEX "catalog_items_added" ON "curation"."catalog_items" ("added_at", "id")',
    );

    // A copy: one media-manager instance's hold on the item (connection_id set), or a Plex version
    // no manager holds (connection_id null). `size_bytes` is the copy's own files, each once.
    await queryRunner.query(`
      CREATE TABLE "curation"."catalog_copies" (
        "id" bigint PRIMARY KEY,
        "item_id" text NOT NULL REFERENCES "curation"."catalog_items" ("id") ON DELETE CASCADE,
        "connection_id" uuid,
        -- The manager's own id of the item (Radarr movie id, Sonarr series id); null for Plex.
        "external_id" integer,
        "is_4k" boolean NOT NULL DEFAULT false,
        "quality_profile" text,
        "resolution" text CHECK ("resolution" IN ('SD', '720p', '1080p', '4K')),
        "resolution_rank" smallint CHECK ("resolution_rank" BETWEEN 1 AND 4),
        "size_bytes" bigint NOT NULL DEFAULT 0 CHECK ("size_bytes" >= 0),
        "file_count" integer NOT NULL DEFAULT 0 CHECK ("file_count" >= 0),
        "path" text,
        "monitored" boolean NOT NULL DEFAULT false,
        "cutoff_unmet" boolean NOT NULL DEFAULT false,
        -- The copy the item would keep when duplicates are pruned: highest resolution, then largest.
        "is_best" boolean NOT NULL DEFAULT false,
        "added_at" timestamptz
      )`);
    await queryRunner.query('CREATE INDEX "catalog_copies_item" ON "curation"."catalog_copies" ("item_id")');

    // A file on disk, counted once per item however many systems report it (a Radarr file and the
    // Plex version playing it share the path). `below_cutoff`: its manager's profile wants better.
    await queryRunner.query(`
      CREATE TABLE "curation"."catalog_files" (
        "item_id" text NOT NULL REFERENCES "curation"."catalog_items" ("id") ON DELETE CASCADE,
        "file_key" text NOT NULL,
        "copy_id" bigint NOT NULL REFERENCES "curation"."catalog_copies" ("id") ON DELETE CASCADE,
        "season_number" integer,
        "size_bytes" bigint NOT NULL CHECK ("size_bytes" >= 0),
        "resolution" text CHECK ("resolution" IN ('SD', '720p', '1080p', '4K')),
        "below_cutoff" boolean NOT NULL DEFAULT false,
        PRIMARY KEY ("item_id", "file_key")
      )`);
    await queryRunner.query('CREATE INDEX "catalog_files_copy" ON "curation"."catalog_files" ("copy_id")');

    // Per season of a series, over every instance and Plex.
    await queryRunner.query(`
      CREATE TABLE "curation"."catalog_seasons" (
        "item_id" text NOT NULL REFERENCES "curation"."catalog_items" ("id") ON DELETE CASCADE,
        "season_number" integer NOT NULL,
        "episode_count" integer NOT NULL DEFAULT 0,
        "file_count" integer NOT NULL DEFAULT 0,
        "size_bytes" bigint NOT NULL DEFAULT 0,
        "monitored" boolean NOT NULL DEFAULT false,
        PRIMARY KEY ("item_id", "season_number")
      )`);

    // Watch state per plex.tv account (user ids of /auth/users are plex.tv account ids).
    await queryRunner.query(`
      CREATE TABLE "curation"."catalog_watch" (
        "item_id" text NOT NULL REFERENCES "curation"."catalog_items" ("id") ON DELETE CASCADE,
        "account_id" bigint NOT NULL,
        "plays" integer NOT NULL CHECK ("plays" > 0),
        "last_watched_at" timestamptz NOT NULL,
        "played_episode_count" integer NOT NULL DEFAULT 0,
        PRIMARY KEY ("item_id", "account_id")
      )`);
    await queryRunner.query(
      'CREATE INDEX "catalog_watch_account" ON "curation"."catalog_watch" ("account_id")',
    );

    // Overseerr requests; the requester as a plex.tv account id when Overseerr knows it.
    await queryRunner.query(`
      CREATE TABLE "curation"."catalog_requests" (
        "item_id" text NOT NULL REFERENCES "curation"."catalog_items" ("id") ON DELETE CASCADE,
        "request_id" integer NOT NULL,
        "requested_by_account_id" bigint,
        "requested_by_name" text,
        "requested_at" timestamptz NOT NULL,
        "status" text NOT NULL,
        "is_4k" boolean NOT NULL DEFAULT false,
        "seasons" integer[] NOT NULL DEFAULT '{}',
        PRIMARY KEY ("item_id", "request_id")
      )`);
    await queryRunner.query(
      'CREATE INDEX "catalog_requests_requester" ON "curation"."catalog_requests" ("requested_by_account_id")',
    );

    // Decisions of people, kept across syncs (no foreign key: an item may leave the catalog and come back).
    await queryRunner.query(`
      CREATE TABLE "curation"."protections" (
        "item_id" text PRIMARY KEY,
        "reason" text NOT NULL,
        "protected_by" text NOT NULL,
        "protected_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`
      CREATE TABLE "curation"."protection_requests" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "item_id" text NOT NULL,
        "account_id" bigint NOT NULL,
        "reason" text NOT NULL,
        "status" text NOT NULL DEFAULT 'pending' CHECK ("status" IN ('pending', 'approved', 'denied', 'withdrawn')),
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "decided_at" timestamptz,
        "decided_by" text,
        "decision_note" text
      )`);
    await queryRunner.query(
      `CREATE INDEX "protection_requests_pending" ON "curation"."protection_requests" ("item_id") WHERE "status" = 'pending'`,
    );

    // Sync runs: progress while running, the outcome after.
    await queryRunner.query(`
      CREATE TABLE "curation"."sync_jobs" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "state" text NOT NULL CHECK ("state" IN ('running', 'succeeded', 'failed')),
        "trigger" text NOT NULL CHECK ("trigger" IN ('manual', 'schedule')),
        "requested_by" text,
        "phase" text NOT NULL,
        "processed" integer NOT NULL DEFAULT 0,
        "total" integer NOT NULL DEFAULT 0,
        "errors" jsonb NOT NULL DEFAULT '[]' CHECK (jsonb_typeof("errors") = 'array'),
        "http_requests" integer NOT NULL DEFAULT 0,
        "started_at" timestamptz NOT NULL DEFAULT now(),
        "finished_at" timestamptz,
        "heartbeat_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query('CREATE INDEX "sync_jobs_started" ON "curation"."sync_jobs" ("started_at" DESC)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of [
      'sync_jobs',
      'protection_requests',
      'protections',
      'catalog_requests',
      'catalog_watch',
      'catalog_seasons',
      'catalog_files',
      'catalog_copies',
      'catalog_items',
    ]) {
      await queryRunner.query(`DROP TABLE "curation"."${table}"`);
    }
  }
}
