// All SQL of protections and protection requests, keyed by the catalog item's stable id (which a
// sync never rewrites). Decisions only ever move a request out of `pending`, so a lost race
// (approve against deny) changes nothing and the caller learns the winner.
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { withAdvisoryLock } from '@platform/service-kit';
import type { DataSource, EntityManager } from 'typeorm';
import { isUuid } from '../database/uuid';
import type { Requester } from './requester';

export const REQUEST_STATUSES = ['pending', 'approved', 'denied', 'withdrawn'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];
export type DecidedStatus = Exclude<RequestStatus, 'pending'>;

export interface CatalogSubject {
  readonly id: string;
  readonly title: string;
  readonly mediaType: 'movie' | 'series';
}

export interface Protection {
  readonly itemId: string;
  readonly reason: string;
  readonly protectedBy: string;
  readonly protectedAt: Date;
}

export interface ProtectionRequest {
  readonly id: string;
  readonly itemId: string;
  /** The item's title while it is in the catalog. */
  readonly title: string | null;
  readonly mediaType: 'movie' | 'series' | null;
  readonly requesterKey: string;
  readonly requestedBy: string;
  readonly reason: string;
  readonly status: RequestStatus;
  readonly requestedAt: Date;
  readonly decidedBy: string | null;
  readonly decidedAt: Date | null;
  readonly note: string | null;
}

interface RequestRow {
  id: string;
  item_id: string;
  title: string | null;
  media_type: 'movie' | 'series' | null;
  requester: string;
  requested_by: string;
  reason: string;
  status: RequestStatus;
  created_at: Date;
  decided_at: Date | null;
  decided_by: string | null;
  decision_note: string | null;
}

interface ProtectionRow {
  item_id: string;
  reason: string;
  protected_by: string;
  protected_at: Date;
}

// Requests written before migration 1796600000000 have no requested_by: their user's name, else the id.
const REQUEST_COLUMNS = `r."id"::text AS "id", r."item_id", i."title", i."media_type", r."requester",
  COALESCE(r."requested_by", u."username", r."account_id"::text, r."requester") AS "requested_by",
  r."reason", r."status", r."created_at", r."decided_at", r."decided_by", r."decision_note"`;
const REQUEST_FROM = `"curation"."protection_requests" r
  LEFT JOIN "curation"."catalog_items" i ON i."id" = r."item_id"
  LEFT JOIN "curation"."users" u ON u."id" = r."account_id"::text`;

@Injectable()
export class ProtectionRepository {
  constructor(@InjectDataSource() private readonly database: DataSource) {}

  /**
   * A transaction holding the protection lock (changes of protections never interleave) and the
   * table locks every writer of protections and requests takes first, in the prune's order:
   * protections, then protection_requests (docs/decisions/044). A prune's intent holds both in
   * SHARE mode while it checks them; ROW EXCLUSIVE conflicts with SHARE only, so a writer waits
   * for the intent to commit (or the intent for the writer) as a whole, and neither can hold one
   * table while waiting for the other: no deadlock. Writers do not block each other on it.
   */
  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return withAdvisoryLock(this.database, 'curationProtection', async (manager) => {
      await manager.query(
        'LOCK TABLE "curation"."protections", "curation"."protection_requests" IN ROW EXCLUSIVE MODE',
      );
      return work(manager);
    });
  }

  /** The catalog items among `ids`, by id. */
  async catalogItems(
    ids: readonly string[],
    manager: EntityManager = this.database.manager,
  ): Promise<Map<string, CatalogSubject>> {
    const rows: { id: string; title: string; media_type: 'movie' | 'series' }[] = await manager.query(
      'SELECT "id", "title", "media_type" FROM "curation"."catalog_items" WHERE "id" = ANY($1::text[])',
      [ids],
    );
    return new Map(rows.map((row) => [row.id, { id: row.id, title: row.title, mediaType: row.media_type }]));
  }

  /** The protections among `ids`, by item id, locked until the transaction ends. */
  async protections(
    ids: readonly string[],
    manager: EntityManager = this.database.manager,
  ): Promise<Map<string, Protection>> {
    const rows: ProtectionRow[] = await manager.query(
      `SELECT "item_id", "reason", "protected_by", "protected_at" FROM "curation"."protections"
        WHERE "item_id" = ANY($1::text[]) ORDER BY "item_id" FOR UPDATE`,
      [ids],
    );
    return new Map(rows.map((row) => [row.item_id, protectionOf(row)]));
  }

  /** Protects each item, replacing the reason of one protected already; answers the new rows. */
  async protect(
    ids: readonly string[],
    protection: { readonly reason: string; readonly protectedBy: string; readonly at: Date },
    manager: EntityManager,
  ): Promise<Map<string, Protection>> {
    const rows: ProtectionRow[] = await manager.query(
      `INSERT INTO "curation"."protections" ("item_id", "reason", "protected_by", "protected_at")
       SELECT "id", $2, $3, $4 FROM unnest($1::text[]) AS "id"
       ON CONFLICT ("item_id") DO UPDATE SET
         "reason" = EXCLUDED."reason", "protected_by" = EXCLUDED."protected_by",
         "protected_at" = EXCLUDED."protected_at"
       RETURNING "item_id", "reason", "protected_by", "protected_at"`,
      [ids, protection.reason, protection.protectedBy, protection.at],
    );
    return new Map(rows.map((row) => [row.item_id, protectionOf(row)]));
  }

  /** Protects the item unless it is protected already; answers whether it did. */
  async protectIfUnprotected(
    id: string,
    protection: { readonly reason: string; readonly protectedBy: string; readonly at: Date },
    manager: EntityManager,
  ): Promise<boolean> {
    const rows: unknown[] = await manager.query(
      `INSERT INTO "curation"."protections" ("item_id", "reason", "protected_by", "protected_at")
       VALUES ($1, $2, $3, $4) ON CONFLICT ("item_id") DO NOTHING RETURNING "item_id"`,
      [id, protection.reason, protection.protectedBy, protection.at],
    );
    return rows.length === 1;
  }

  async unprotect(ids: readonly string[], manager: EntityManager): Promise<void> {
    await manager.query('DELETE FROM "curation"."protections" WHERE "item_id" = ANY($1::text[])', [ids]);
  }

  /** Adds a pending request; null when the requester has one pending for the item already. */
  async insertRequest(
    request: {
      readonly itemId: string;
      readonly requester: Requester;
      readonly reason: string;
      readonly at: Date;
    },
    manager: EntityManager,
  ): Promise<string | null> {
    const rows: { id: string }[] = await manager.query(
      `INSERT INTO "curation"."protection_requests"
         ("item_id", "account_id", "api_key_id", "requested_by", "reason", "status", "created_at")
       VALUES ($1, $2::bigint, $3::uuid, $4, $5, 'pending', $6)
       ON CONFLICT ("item_id", "requester") WHERE "status" = 'pending' DO NOTHING
       RETURNING "id"::text AS "id"`,
      [
        request.itemId,
        request.requester.accountId,
        request.requester.apiKeyId,
        request.requester.name,
        request.reason,
        request.at,
      ],
    );
    return rows[0]?.id ?? null;
  }

  async pendingRequestOf(
    itemId: string,
    requesterKey: string,
    manager: EntityManager = this.database.manager,
  ): Promise<ProtectionRequest | null> {
    const rows: RequestRow[] = await manager.query(
      `SELECT ${REQUEST_COLUMNS} FROM ${REQUEST_FROM}
        WHERE r."item_id" = $1 AND r."requester" = $2 AND r."status" = 'pending'`,
      [itemId, requesterKey],
    );
    return rows[0] === undefined ? null : requestOf(rows[0]);
  }

  async findRequest(
    id: string,
    manager: EntityManager = this.database.manager,
  ): Promise<ProtectionRequest | null> {
    if (!isUuid(id)) return null;
    const rows: RequestRow[] = await manager.query(
      `SELECT ${REQUEST_COLUMNS} FROM ${REQUEST_FROM} WHERE r."id" = $1::uuid`,
      [id],
    );
    return rows[0] === undefined ? null : requestOf(rows[0]);
  }

  /**
   * Moves a pending request to `status`; false when it is not pending (any more). Concurrent
   * decisions queue on the row, and the later one finds it decided.
   */
  async decide(
    id: string,
    decision: {
      readonly status: DecidedStatus;
      readonly by: string;
      readonly note: string | null;
      readonly at: Date;
    },
    manager: EntityManager,
  ): Promise<boolean> {
    if (!isUuid(id)) return false;
    const rows: unknown[] = await manager.query(
      `WITH "decided" AS (
         UPDATE "curation"."protection_requests"
            SET "status" = $2, "decided_by" = $3, "decision_note" = $4, "decided_at" = $5
          WHERE "id" = $1::uuid AND "status" = 'pending' RETURNING "id")
       SELECT "id" FROM "decided"`,
      [id, decision.status, decision.by, decision.note, decision.at],
    );
    return rows.length === 1;
  }

  /** A page of requests, newest first, with how many match. */
  async listRequests(
    filter: { readonly status?: RequestStatus; readonly requesterKey?: string },
    page: { readonly limit: number; readonly offset: number },
  ): Promise<{ rows: ProtectionRequest[]; total: number }> {
    const values: unknown[] = [];
    const where: string[] = [];
    if (filter.status !== undefined) {
      values.push(filter.status);
      where.push(`r."status" = $${values.length}`);
    }
    if (filter.requesterKey !== undefined) {
      values.push(filter.requesterKey);
      where.push(`r."requester" = $${values.length}`);
    }
    const whereSql = where.length === 0 ? '' : `WHERE ${where.join(' AND ')}`;
    const counted: { total: string }[] = await this.database.query(
      `SELECT count(*) AS "total" FROM "curation"."protection_requests" r ${whereSql}`,
      values,
    );
    const rows: RequestRow[] = await this.database.query(
      `SELECT ${REQUEST_COLUMNS} FROM ${REQUEST_FROM} ${whereSql}
        ORDER BY r."created_at" DESC, r."id" DESC LIMIT $${values.length + 1} OFFSET $${values.length + 2}`,
      [...values, page.limit, page.offset],
    );
    return { rows: rows.map(requestOf), total: Number(counted[0]?.total ?? 0) };
  }
}

function protectionOf(row: ProtectionRow): Protection {
  return {
    itemId: row.item_id,
    reason: row.reason,
    protectedBy: row.protected_by,
    protectedAt: row.protected_at,
  };
}

function requestOf(row: RequestRow): ProtectionRequest {
  return {
    id: row.id,
    itemId: row.item_id,
    title: row.title,
    mediaType: row.media_type,
    requesterKey: row.requester,
    requestedBy: row.requested_by,
    reason: row.reason,
    status: row.status,
    requestedAt: row.created_at,
    decidedBy: row.decided_by,
    decidedAt: row.decided_at,
    note: row.decision_note,
  };
}
