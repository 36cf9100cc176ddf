// All SQL about the people who use the curation API (curation.users, keyed by plex.tv account id).
// UPDATE and DELETE … RETURNING run inside a CTE: TypeORM answers a bare one with [rows, count].
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { CurationRole } from '../curation-roles';

export type UserKind = 'owner' | 'shared' | 'home' | 'admin';

export interface CurationUser {
  readonly id: string;
  readonly username: string;
  readonly email: string | null;
  readonly thumb: string | null;
  readonly kind: UserKind;
  readonly role: CurationRole;
  /** Who set the role explicitly (an Admin's actor name), or null for the default role. */
  readonly roleSetBy: string | null;
  readonly lastSeenAt: Date | null;
}

/** A user as plex.tv describes them, with the role they get unless an Admin chose another. */
export interface UserRecord {
  readonly id: string;
  readonly username: string;
  readonly email: string | null;
  readonly thumb: string | null;
  readonly kind: UserKind;
  readonly defaultRole: CurationRole;
  /** The role wins over an Admin's earlier choice (the owner, configured admins). */
  readonly roleIsFixed: boolean;
}

interface UserRow {
  id: string;
  username: string;
  email: string | null;
  thumb: string | null;
  kind: UserKind;
  role: CurationRole;
  role_set_by: string | null;
  last_seen_at: Date | null;
}

const COLUMNS = '"id", "username", "email", "thumb", "kind", "role", "role_set_by", "last_seen_at"';

@Injectable()
export class UserRepository {
  constructor(@InjectDataSource() private readonly database: DataSource) {}

  async find(id: string, manager: EntityManager = this.database.manager): Promise<CurationUser | null> {
    const rows: UserRow[] = await manager.query(`SELECT ${COLUMNS} FROM "curation"."users" WHERE "id" = $1`, [
      id,
    ]);
    return rows[0] === undefined ? null : toUser(rows[0]);
  }

  async list(): Promise<CurationUser[]> {
    const rows: UserRow[] = await this.database.query(
      `SELECT ${COLUMNS} FROM "curation"."users" ORDER BY lower("username"), "id"`,
    );
    return rows.map(toUser);
  }

  /**
   * Creates or refreshes the user. Their role becomes `defaultRole` unless an Admin set one and the
   * role is not fixed; `seenAt` records a sign-in.
   */
  async upsert(
    record: UserRecord,
    seenAt: Date | null,
    manager: EntityManager = this.database.manager,
  ): Promise<CurationUser> {
    const rows: UserRow[] = await manager.query(
      `INSERT INTO "curation"."users" ("id", "username", "email", "thumb", "kind", "role", "last_seen_at")
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT ("id") DO UPDATE SET
         "username" = EXCLUDED."username", "email" = EXCLUDED."email", "thumb" = EXCLUDED."thumb",
         "kind" = EXCLUDED."kind",
         "role" = CASE WHEN $8::boolean OR "users"."role_set_by" IS NULL THEN EXCLUDED."role" ELSE "users"."role" END,
         "role_set_by" = CASE WHEN $8::boolean THEN NULL ELSE "users"."role_set_by" END,
         "last_seen_at" = COALESCE(EXCLUDED."last_seen_at", "users"."last_seen_at"),
         "updated_at" = now()
       RETURNING ${COLUMNS}`,
      [
        record.id,
        record.username,
        record.email,
        record.thumb,
        record.kind,
        record.defaultRole,
        seenAt,
        record.roleIsFixed,
      ],
    );
    return toUser(firstRow(rows));
  }

  /** Forgets roster entries no longer on the server who never signed in nor had a role chosen. */
  async removeAbsent(
    presentIds: readonly string[],
    manager: EntityManager = this.database.manager,
  ): Promise<void> {
    await manager.query(
      `DELETE FROM "curation"."users"
        WHERE NOT ("id" = ANY($1::text[])) AND "last_seen_at" IS NULL AND "role_set_by" IS NULL`,
      [presentIds],
    );
  }

  async setRole(
    id: string,
    role: CurationRole,
    setBy: string,
    manager: EntityManager = this.database.manager,
  ): Promise<CurationUser | null> {
    const rows: UserRow[] = await manager.query(
      `WITH "changed" AS (
         UPDATE "curation"."users" SET "role" = $2, "role_set_by" = $3, "updated_at" = now()
          WHERE "id" = $1 RETURNING ${COLUMNS}
       ) SELECT * FROM "changed"`,
      [id, role, setBy],
    );
    return rows[0] === undefined ? null : toUser(rows[0]);
  }

  async countAdmins(manager: EntityManager = this.database.manager): Promise<number> {
    const rows: { count: string }[] = await manager.query(
      `SELECT count(*) AS "count" FROM "curation"."users" WHERE "role" = 'Admin'`,
    );
    return Number(rows[0]?.count ?? 0);
  }

  /** Deletes the user; their sessions go with them (foreign key). False when there was none. */
  async delete(id: string, manager: EntityManager = this.database.manager): Promise<boolean> {
    const rows: unknown[] = await manager.query(
      'WITH "gone" AS (DELETE FROM "curation"."users" WHERE "id" = $1 RETURNING "id") SELECT * FROM "gone"',
      [id],
    );
    return rows.length > 0;
  }

  /** Runs `work` in one transaction that holds the users table against concurrent role changes. */
  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.database.transaction(async (manager) => {
      await manager.query('LOCK TABLE "curation"."users" IN SHARE ROW EXCLUSIVE MODE');
      return work(manager);
    });
  }
}

function toUser(row: UserRow): CurationUser {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    thumb: row.thumb,
    kind: row.kind,
    role: row.role,
    roleSetBy: row.role_set_by,
    lastSeenAt: row.last_seen_at,
  };
}

function firstRow<T>(rows: readonly T[]): T {
  const row = rows[0];
  if (row === undefined) throw new Error('the statement returned no row');
  return row;
}
