// All SQL about sessions: stored by the SHA-256 of their token, with the account's sealed plex.tv
// token. A session's role is its user's current role, read with it, so a role change or a removed
// user takes effect on the next request.
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { CurationRole } from '../curation-roles';

export interface StoredSession {
  readonly userId: string;
  readonly username: string;
  readonly role: CurationRole;
  readonly plexTokenSealed: string;
  readonly expiresAt: Date;
}

interface SessionRow {
  user_id: string;
  username: string;
  role: CurationRole;
  plex_token_sealed: string;
  expires_at: Date;
}

@Injectable()
export class SessionRepository {
  constructor(@InjectDataSource() private readonly database: DataSource) {}

  async insert(tokenDigest: string, userId: string, plexTokenSealed: string, expiresAt: Date): Promise<void> {
    await this.database.query(
      `INSERT INTO "curation"."sessions" ("token_digest", "user_id", "plex_token_sealed", "expires_at")
       VALUES ($1, $2, $3, $4)`,
      [tokenDigest, userId, plexTokenSealed, expiresAt],
    );
  }

  /** The unexpired session with this digest; also marks its user seen, at most every 5 minutes. */
  async findActive(tokenDigest: string, now: Date): Promise<StoredSession | null> {
    const rows: SessionRow[] = await this.database.query(
      `WITH "found" AS (
         SELECT s."user_id", u."username", u."role", s."plex_token_sealed", s."expires_at", u."last_seen_at"
           FROM "curation"."sessions" s JOIN "curation"."users" u ON u."id" = s."user_id"
          WHERE s."token_digest" = $1 AND s."expires_at" > $2
       ), "seen" AS (
         UPDATE "curation"."users" SET "last_seen_at" = $2
          WHERE "id" IN (SELECT "user_id" FROM "found"
                          WHERE "last_seen_at" IS NULL OR "last_seen_at" < $2::timestamptz - interval '5 minutes')
       )
       SELECT "user_id", "username", "role", "plex_token_sealed", "expires_at" FROM "found"`,
      [tokenDigest, now],
    );
    const row = rows[0];
    if (row === undefined) return null;
    return {
      userId: row.user_id,
      username: row.username,
      role: row.role,
      plexTokenSealed: row.plex_token_sealed,
      expiresAt: row.expires_at,
    };
  }

  async delete(tokenDigest: string): Promise<void> {
    await this.database.query('DELETE FROM "curation"."sessions" WHERE "token_digest" = $1', [tokenDigest]);
  }

  /** Ends the sessions of every user not in `userIds`: plex.tv no longer lets them use the server. */
  async deleteForUsersNotIn(
    userIds: readonly string[],
    manager: EntityManager = this.database.manager,
  ): Promise<void> {
    await manager.query('DELETE FROM "curation"."sessions" WHERE NOT ("user_id" = ANY($1::text[]))', [
      userIds,
    ]);
  }

  /** Forgets sessions past their expiry (called on sign-in, so the table does not grow unbounded). */
  async deleteExpired(now: Date): Promise<void> {
    await this.database.query('DELETE FROM "curation"."sessions" WHERE "expires_at" <= $1', [now]);
  }
}
