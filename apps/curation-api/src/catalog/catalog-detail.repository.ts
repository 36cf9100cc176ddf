// All SQL of one item's details beyond its list row: its copies with their connection names, its
// seasons, per-user watch statistics, requests and protection (GET /api/v1/catalog/{id}).
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { ResolutionBucket } from '../sync/media-buckets';

export interface InstanceRow {
  readonly connectionId: string | null;
  readonly connectionName: string | null;
  readonly is4k: boolean;
  readonly qualityProfile: string | null;
  readonly resolution: ResolutionBucket | null;
  readonly sizeBytes: number;
  readonly fileCount: number;
  readonly path: string | null;
  readonly cutoffUnmet: boolean;
  readonly monitored: boolean;
  readonly isBest: boolean;
}

export interface SeasonRow {
  readonly seasonNumber: number;
  readonly episodeCount: number;
  readonly fileCount: number;
  readonly sizeBytes: number;
  readonly monitored: boolean;
}

export interface WatchStatRow {
  readonly userId: string;
  readonly username: string | null;
  readonly plays: number;
  readonly lastWatchedAt: Date;
  readonly playedEpisodeCount: number;
}

export interface RequestRow {
  readonly requestId: number;
  readonly userId: string | null;
  readonly username: string | null;
  readonly requestedAt: Date;
  readonly status: string;
  readonly is4k: boolean;
  readonly seasons: number[];
}

export interface ProtectionRow {
  readonly isProtected: boolean;
  readonly reason: string | null;
  readonly protectedBy: string | null;
  readonly protectedAt: Date | null;
  /** userId is the requester's Plex account, null for a request made with an API key. */
  readonly pendingRequests: {
    id: string;
    userId: string | null;
    requestedBy: string | null;
    reason: string;
    createdAt: Date;
  }[];
}

export interface ItemDetailRows {
  readonly instances: InstanceRow[];
  readonly seasons: SeasonRow[];
  readonly watchStats: WatchStatRow[];
  readonly requests: RequestRow[];
  readonly protection: ProtectionRow;
}

@Injectable()
export class CatalogDetailRepository {
  constructor(@InjectDataSource() private readonly database: DataSource) {}

  /** The item's artwork path on the bound Plex server: undefined for no such item, null for none. */
  async thumbOf(itemId: string): Promise<string | null | undefined> {
    const rows: { thumb: string | null }[] = await this.database.query(
      'SELECT "thumb" FROM "curation"."catalog_items" WHERE "id" = $1',
      [itemId],
    );
    return rows[0]?.thumb;
  }

  async details(itemId: string, manager: EntityManager = this.database.manager): Promise<ItemDetailRows> {
    const instances: Record<string, unknown>[] = await manager.query(
      `SELECT c."connection_id", cn."name" AS "connection_name", c."is_4k", c."quality_profile", c."resolution",
              c."size_bytes", c."file_count", c."path", c."cutoff_unmet", c."monitored", c."is_best"
         FROM "curation"."catalog_copies" c
         LEFT JOIN "curation"."connections" cn ON cn."id" = c."connection_id"
        WHERE c."item_id" = $1
        ORDER BY c."is_best" DESC, c."resolution_rank" DESC NULLS LAST, c."size_bytes" DESC, c."id"`,
      [itemId],
    );
    const seasons: Record<string, unknown>[] = await manager.query(
      `SELECT "season_number", "episode_count", "file_count", "size_bytes", "monitored"
         FROM "curation"."catalog_seasons" WHERE "item_id" = $1 ORDER BY "season_number"`,
      [itemId],
    );
    const watchStats: Record<string, unknown>[] = await manager.query(
      `SELECT w."account_id"::text AS "user_id", u."username", w."plays", w."last_watched_at", w."played_episode_count"
         FROM "curation"."catalog_watch" w
         LEFT JOIN "curation"."users" u ON u."id" = w."account_id"::text
        WHERE w."item_id" = $1 ORDER BY w."last_watched_at" DESC, w."account_id"`,
      [itemId],
    );
    const requests: Record<string, unknown>[] = await manager.query(
      `SELECT r."request_id", r."requested_by_account_id"::text AS "user_id",
              COALESCE(u."username", r."requested_by_name") AS "username",
              r."requested_at", r."status", r."is_4k", r."seasons"
         FROM "curation"."catalog_requests" r
         LEFT JOIN "curation"."users" u ON u."id" = r."requested_by_account_id"::text
        WHERE r."item_id" = $1 ORDER BY r."requested_at", r."request_id"`,
      [itemId],
    );
    const protections: Record<string, unknown>[] = await manager.query(
      'SELECT "reason", "protected_by", "protected_at" FROM "curation"."protections" WHERE "item_id" = $1',
      [itemId],
    );
    const pending: Record<string, unknown>[] = await manager.query(
      `SELECT "id", "account_id"::text AS "user_id", "requested_by", "reason", "created_at"
         FROM "curation"."protection_requests"
        WHERE "item_id" = $1 AND "status" = 'pending' ORDER BY "created_at", "id"`,
      [itemId],
    );
    const protection = protections[0];
    return {
      instances: instances.map((row) => ({
        connectionId: row['connection_id'] as string | null,
        connectionName: row['connection_name'] as string | null,
        is4k: row['is_4k'] as boolean,
        qualityProfile: row['quality_profile'] as string | null,
        resolution: row['resolution'] as ResolutionBucket | null,
        sizeBytes: Number(row['size_bytes']),
        fileCount: Number(row['file_count']),
        path: row['path'] as string | null,
        cutoffUnmet: row['cutoff_unmet'] as boolean,
        monitored: row['monitored'] as boolean,
        isBest: row['is_best'] as boolean,
      })),
      seasons: seasons.map((row) => ({
        seasonNumber: Number(row['season_number']),
        episodeCount: Number(row['episode_count']),
        fileCount: Number(row['file_count']),
        sizeBytes: Number(row['size_bytes']),
        monitored: row['monitored'] as boolean,
      })),
      watchStats: watchStats.map((row) => ({
        userId: row['user_id'] as string,
        username: row['username'] as string | null,
        plays: Number(row['plays']),
        lastWatchedAt: row['last_watched_at'] as Date,
        playedEpisodeCount: Number(row['played_episode_count']),
      })),
      requests: requests.map((row) => ({
        requestId: Number(row['request_id']),
        userId: row['user_id'] as string | null,
        username: row['username'] as string | null,
        requestedAt: row['requested_at'] as Date,
        status: row['status'] as string,
        is4k: row['is_4k'] as boolean,
        seasons: row['seasons'] as number[],
      })),
      protection: {
        isProtected: protection !== undefined,
        reason: (protection?.['reason'] as string | undefined) ?? null,
        protectedBy: (protection?.['protected_by'] as string | undefined) ?? null,
        protectedAt: (protection?.['protected_at'] as Date | undefined) ?? null,
        pendingRequests: pending.map((row) => ({
          id: row['id'] as string,
          userId: row['user_id'] as string | null,
          requestedBy: row['requested_by'] as string | null,
          reason: row['reason'] as string,
          createdAt: row['created_at'] as Date,
        })),
      },
    };
  }
}
