// All SQL of the plex_library_stats tool: the catalog's size by media type in one pass, with how
// many items are protected or have a pending protection request (the same predicates the
// categories and the catalog use, so the three never disagree).
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { MediaType } from '../catalog/catalog-query';
import { hasPendingProtectionRequestSql, isProtectedSql } from '../categories/category-sql';

export interface MediaTypeTotals {
  readonly items: number;
  readonly sizeBytes: number;
  readonly plays: number;
  readonly neverPlayed: number;
  readonly protected: number;
  readonly protectionRequested: number;
}

interface TotalsRow {
  media_type: MediaType;
  items: string;
  size_bytes: string;
  plays: string;
  never_played: string;
  protected: string;
  protection_requested: string;
}

@Injectable()
export class LibraryStatsRepository {
  constructor(@InjectDataSource() private readonly database: DataSource) {}

  /** Totals per media type; a type without items is absent. */
  async totalsByMediaType(): Promise<Partial<Record<MediaType, MediaTypeTotals>>> {
    const rows: TotalsRow[] = await this.database.query(
      `SELECT i."media_type",
              count(*) AS "items",
              COALESCE(sum(i."size_bytes"), 0) AS "size_bytes",
              COALESCE(sum(i."plays"), 0) AS "plays",
              count(*) FILTER (WHERE i."plays" = 0) AS "never_played",
              count(*) FILTER (WHERE ${isProtectedSql('whole-table')}) AS "protected",
              count(*) FILTER (WHERE ${hasPendingProtectionRequestSql('whole-table')}) AS "protection_requested"
         FROM "curation"."catalog_items" i
        GROUP BY i."media_type"
        ORDER BY i."media_type"`,
    );
    return Object.fromEntries(
      rows.map((row) => [
        row.media_type,
        {
          items: Number(row.items),
          sizeBytes: Number(row.size_bytes),
          plays: Number(row.plays),
          neverPlayed: Number(row.never_played),
          protected: Number(row.protected),
          protectionRequested: Number(row.protection_requested),
        },
      ]),
    );
  }
}
