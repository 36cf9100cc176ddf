// All SQL of pruning: the item and its copies as the catalog holds them, the checks that must hold
// in the transaction that records a prune's intent (protection, pending requests; a prune already
// running is the ledger's to say), and the pruned item's catalog rows, read and rewritten in one
// transaction.
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { ADVISORY_LOCKS } from '@platform/service-kit';
import type { DataSource, EntityManager } from 'typeorm';
import type { CatalogCopyRow, CatalogFileRow, CatalogSeasonRow } from '../sync/catalog-rows';
import type { ResolutionBucket } from '../sync/media-buckets';
import { rankOf } from '../sync/media-buckets';
import type { CatalogItemState, CatalogItemUpdate } from './catalog-after-prune';
import type { PruneItem } from './prune-plan';

export interface ItemCopy {
  readonly connectionId: string;
  readonly externalId: number | null;
  readonly sizeBytes: number;
  /** Bytes of the pruned season's files in this copy (0 for a whole-item prune). */
  readonly seasonBytes: number;
}

export interface PruneBlockers {
  readonly protection: { readonly reason: string; readonly protectedBy: string } | null;
  readonly pendingRequests: { readonly count: number; readonly firstReason: string };
}

interface CopyRow {
  id: string;
  item_id: string;
  connection_id: string | null;
  external_id: number | null;
  is_4k: boolean;
  quality_profile: string | null;
  resolution: ResolutionBucket | null;
  size_bytes: string;
  file_count: number;
  path: string | null;
  monitored: boolean;
  cutoff_unmet: boolean;
  is_best: boolean;
  added_at: Date | null;
}

@Injectable()
export class PruneRepository {
  constructor(@InjectDataSource() private readonly database: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.database.transaction(work);
  }

  async findItem(id: string): Promise<PruneItem | null> {
    const rows: {
      id: string;
      media_type: 'movie' | 'series';
      title: string;
      year: number | null;
      tmdb_id: number | null;
      tvdb_id: number | null;
      imdb_id: string | null;
      size_bytes: string;
    }[] = await this.database.query(
      `SELECT "id", "media_type", "title", "year", "tmdb_id", "tvdb_id", "imdb_id", "size_bytes"
         FROM "curation"."catalog_items" WHERE "id" = $1`,
      [id],
    );
    const row = rows[0];
    if (row === undefined) return null;
    return {
      id: row.id,
      mediaType: row.media_type,
      title: row.title,
      year: row.year,
      tmdbId: row.tmdb_id,
      tvdbId: row.tvdb_id,
      imdbId: row.imdb_id,
      sizeBytes: Number(row.size_bytes),
    };
  }

  /** The item's media-manager copies, with the bytes of one season's files when a season is named. */
  async managedCopies(itemId: string, seasonNumber: number | null): Promise<ItemCopy[]> {
    const rows: {
      connection_id: string;
      external_id: number | null;
      size_bytes: string;
      season_bytes: string;
    }[] = await this.database.query(
      `SELECT c."connection_id", c."external_id", c."size_bytes",
                coalesce((SELECT sum(f."size_bytes") FROM "curation"."catalog_files" f
                           WHERE f."copy_id" = c."id" AND f."season_number" = $2), 0) AS "season_bytes"
           FROM "curation"."catalog_copies" c
          WHERE c."item_id" = $1 AND c."connection_id" IS NOT NULL
          ORDER BY c."id"`,
      [itemId, seasonNumber],
    );
    return rows.map((row) => ({
      connectionId: row.connection_id,
      externalId: row.external_id,
      sizeBytes: Number(row.size_bytes),
      seasonBytes: Number(row.season_bytes),
    }));
  }

  /** Overseerr request ids the last sync matched to the item. */
  async requestIds(itemId: string): Promise<number[]> {
    const rows: { request_id: number }[] = await this.database.query(
      `SELECT "request_id" FROM "curation"."catalog_requests" WHERE "item_id" = $1 ORDER BY "request_id"`,
      [itemId],
    );
    return rows.map((row) => row.request_id);
  }

  async seasonNumbers(itemId: string): Promise<number[]> {
    const rows: { season_number: number }[] = await this.database.query(
      `SELECT "season_number" FROM "curation"."catalog_seasons" WHERE "item_id" = $1 ORDER BY "season_number"`,
      [itemId],
    );
    return rows.map((row) => row.season_number);
  }

  /**
   * Inside the transaction that records the intent: first takes the locks that make the checks
   * hold until it commits (docs/decisions/043), then reads what would block the prune.
   * SHARE mode on the protection tables waits for any protect or request being written and holds
   * off new ones until the intent is committed; prunes do not block each other on it. The
   * advisory lock orders concurrent prunes, so two of one item cannot both find none running
   * (AuditLedger.running, read after this in the same transaction).
   */
  async lockAndReadBlockers(itemId: string, manager: EntityManager): Promise<PruneBlockers> {
    await manager.query(
      'LOCK TABLE "curation"."protections", "curation"."protection_requests" IN SHARE MODE',
    );
    await manager.query('SELECT pg_advisory_xact_lock($1)', [ADVISORY_LOCKS.curationPruneIntent]);
    const protections: { reason: string; protected_by: string }[] = await manager.query(
      `SELECT "reason", "protected_by" FROM "curation"."protections" WHERE "item_id" = $1`,
      [itemId],
    );
    const pending: { count: number; first_reason: string | null }[] = await manager.query(
      `SELECT count(*)::int AS "count",
              (array_agg("reason" ORDER BY "created_at", "id"))[1] AS "first_reason"
         FROM "curation"."protection_requests" WHERE "item_id" = $1 AND "status" = 'pending'`,
      [itemId],
    );
    const protection = protections[0];
    return {
      protection:
        protection === undefined ? null : { reason: protection.reason, protectedBy: protection.protected_by },
      pendingRequests: { count: pending[0]?.count ?? 0, firstReason: pending[0]?.first_reason ?? '' },
    };
  }

  /** The item's copies, files and seasons, its row locked until the transaction ends; null when it is gone. */
  async lockItemState(itemId: string, manager: EntityManager): Promise<CatalogItemState | null> {
    const items: unknown[] = await manager.query(
      'SELECT 1 FROM "curation"."catalog_items" WHERE "id" = $1 FOR UPDATE',
      [itemId],
    );
    if (items.length === 0) return null;
    const copies: CopyRow[] = await manager.query(
      `SELECT "id"::text AS "id", "item_id", "connection_id", "external_id", "is_4k", "quality_profile",
              "resolution", "size_bytes", "file_count", "path", "monitored", "cutoff_unmet", "is_best", "added_at"
         FROM "curation"."catalog_copies" WHERE "item_id" = $1 ORDER BY "id"`,
      [itemId],
    );
    const files: {
      file_key: string;
      copy_id: string;
      season_number: number | null;
      size_bytes: string;
      resolution: ResolutionBucket | null;
      below_cutoff: boolean;
    }[] = await manager.query(
      `SELECT "file_key", "copy_id"::text AS "copy_id", "season_number", "size_bytes", "resolution", "below_cutoff"
         FROM "curation"."catalog_files" WHERE "item_id" = $1 ORDER BY "file_key"`,
      [itemId],
    );
    const seasons: {
      season_number: number;
      episode_count: number;
      file_count: number;
      size_bytes: string;
      monitored: boolean;
    }[] = await manager.query(
      `SELECT "season_number", "episode_count", "file_count", "size_bytes", "monitored"
         FROM "curation"."catalog_seasons" WHERE "item_id" = $1 ORDER BY "season_number"`,
      [itemId],
    );
    return {
      copies: copies.map(copyOf),
      files: files.map((file): CatalogFileRow => ({
        itemId,
        fileKey: file.file_key,
        copyId: Number(file.copy_id),
        seasonNumber: file.season_number,
        sizeBytes: Number(file.size_bytes),
        resolution: file.resolution,
        belowCutoff: file.below_cutoff,
      })),
      seasons: seasons.map((season): CatalogSeasonRow => ({
        itemId,
        seasonNumber: season.season_number,
        episodeCount: season.episode_count,
        fileCount: season.file_count,
        sizeBytes: Number(season.size_bytes),
        monitored: season.monitored,
      })),
    };
  }

  /** Writes what catalogAfterPrune made of the item (rows it dropped are deleted). */
  async writeItemState(
    itemId: string,
    before: CatalogItemState,
    after: CatalogItemUpdate,
    manager: EntityManager,
  ): Promise<void> {
    const keptCopies = new Set(after.copies.map((copy) => copy.id));
    const droppedCopies = before.copies
      .filter((copy) => !keptCopies.has(copy.id))
      .map((copy) => String(copy.id));
    const keptFiles = new Set(after.files.map((file) => file.fileKey));
    const droppedFiles = before.files
      .filter((file) => !keptFiles.has(file.fileKey))
      .map((file) => file.fileKey);
    await manager.query(
      `DELETE FROM "curation"."catalog_files" WHERE "item_id" = $1 AND "file_key" = ANY($2::text[])`,
      [itemId, droppedFiles],
    );
    await manager.query(
      `DELETE FROM "curation"."catalog_copies" WHERE "item_id" = $1 AND "id" = ANY($2::bigint[])`,
      [itemId, droppedCopies],
    );
    await manager.query(
      `UPDATE "curation"."catalog_copies" c
          SET "resolution" = u."resolution", "resolution_rank" = u."rank", "size_bytes" = u."size",
              "file_count" = u."count", "cutoff_unmet" = u."cutoff", "is_best" = u."best"
         FROM unnest($2::bigint[], $3::text[], $4::smallint[], $5::bigint[], $6::int[], $7::boolean[], $8::boolean[])
              AS u("id", "resolution", "rank", "size", "count", "cutoff", "best")
        WHERE c."item_id" = $1 AND c."id" = u."id"`,
      [
        itemId,
        after.copies.map((copy) => String(copy.id)),
        after.copies.map((copy) => copy.resolution),
        after.copies.map((copy) => rankOf(copy.resolution)),
        after.copies.map((copy) => copy.sizeBytes),
        after.copies.map((copy) => copy.fileCount),
        after.copies.map((copy) => copy.cutoffUnmet),
        after.copies.map((copy) => copy.isBest),
      ],
    );
    await manager.query(
      `UPDATE "curation"."catalog_seasons" s
          SET "file_count" = u."count", "size_bytes" = u."size", "monitored" = u."monitored"
         FROM unnest($2::int[], $3::int[], $4::bigint[], $5::boolean[]) AS u("season", "count", "size", "monitored")
        WHERE s."item_id" = $1 AND s."season_number" = u."season"`,
      [
        itemId,
        after.seasons.map((season) => season.seasonNumber),
        after.seasons.map((season) => season.fileCount),
        after.seasons.map((season) => season.sizeBytes),
        after.seasons.map((season) => season.monitored),
      ],
    );
    await manager.query(
      `UPDATE "curation"."catalog_items"
          SET "size_bytes" = $2, "resolution" = $3, "resolution_rank" = $4, "cutoff_unmet" = $5
        WHERE "id" = $1`,
      [
        itemId,
        after.totals.sizeBytes,
        after.totals.resolution,
        rankOf(after.totals.resolution),
        after.totals.cutoffUnmet,
      ],
    );
  }
}

function copyOf(row: CopyRow): CatalogCopyRow {
  return {
    id: Number(row.id),
    itemId: row.item_id,
    connectionId: row.connection_id,
    externalId: row.external_id,
    is4k: row.is_4k,
    qualityProfile: row.quality_profile,
    resolution: row.resolution,
    sizeBytes: Number(row.size_bytes),
    fileCount: row.file_count,
    path: row.path,
    monitored: row.monitored,
    cutoffUnmet: row.cutoff_unmet,
    isBest: row.is_best,
    addedAt: row.added_at,
  };
}
