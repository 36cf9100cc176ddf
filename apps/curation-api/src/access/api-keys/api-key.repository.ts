// All SQL about API keys: found by their selector, never by or with the key itself.
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { isUniqueViolation } from '@platform/service-kit';
import type { DataSource, EntityManager } from 'typeorm';
import type { CurationRole } from '../curation-roles';

export interface ApiKeyRecord {
  readonly id: string;
  readonly name: string;
  readonly role: CurationRole;
  readonly createdBy: string;
  readonly createdAt: Date;
  readonly lastUsedAt: Date | null;
}

export interface ApiKeyCredential {
  readonly id: string;
  readonly name: string;
  readonly role: CurationRole;
  readonly digest: string;
}

interface ApiKeyRow {
  id: string;
  name: string;
  role: CurationRole;
  created_by: string;
  created_at: Date;
  last_used_at: Date | null;
}

const COLUMNS = '"id", "name", "role", "created_by", "created_at", "last_used_at"';

@Injectable()
export class ApiKeyRepository {
  constructor(@InjectDataSource() private readonly database: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.database.transaction(work);
  }

  /**
   * The new key's record; null when the name is taken (names are unique, ignoring case). In a
   * transaction, a taken name aborts it: the caller refuses then, so nothing else is lost.
   */
  async insert(
    key: {
      name: string;
      role: CurationRole;
      selector: string;
      digest: string;
      createdBy: string;
    },
    manager: EntityManager = this.database.manager,
  ): Promise<ApiKeyRecord | null> {
    try {
      const rows: ApiKeyRow[] = await manager.query(
        `INSERT INTO "curation"."api_keys" ("name", "role", "selector", "digest", "created_by")
         VALUES ($1, $2, $3, $4, $5) RETURNING ${COLUMNS}`,
        [key.name, key.role, key.selector, key.digest, key.createdBy],
      );
      const row = rows[0];
      if (row === undefined) throw new Error('INSERT … RETURNING returned no row');
      return toRecord(row);
    } catch (error) {
      if (isUniqueViolation(error)) return null;
      throw error;
    }
  }

  async list(): Promise<ApiKeyRecord[]> {
    const rows: ApiKeyRow[] = await this.database.query(
      `SELECT ${COLUMNS} FROM "curation"."api_keys" ORDER BY "created_at", "id"`,
    );
    return rows.map(toRecord);
  }

  async findBySelector(selector: string): Promise<ApiKeyCredential | null> {
    const rows: { id: string; name: string; role: CurationRole; digest: string }[] =
      await this.database.query(
        'SELECT "id", "name", "role", "digest" FROM "curation"."api_keys" WHERE "selector" = $1',
        [selector],
      );
    return rows[0] ?? null;
  }

  /** Records use, at most every 5 minutes per key, so busy clients do not write on every request. */
  async markUsed(id: string, now: Date): Promise<void> {
    await this.database.query(
      `UPDATE "curation"."api_keys" SET "last_used_at" = $2
        WHERE "id" = $1 AND ("last_used_at" IS NULL OR "last_used_at" < $2::timestamptz - interval '5 minutes')`,
      [id, now],
    );
  }

  /** Deletes the key; answers what it was, or null when there was none. */
  async delete(id: string, manager: EntityManager = this.database.manager): Promise<ApiKeyRecord | null> {
    const rows: ApiKeyRow[] = await manager.query(
      // In a CTE: TypeORM answers a bare DELETE … RETURNING with [rows, count].
      `WITH "gone" AS (DELETE FROM "curation"."api_keys" WHERE "id" = $1 RETURNING ${COLUMNS}) SELECT * FROM "gone"`,
      [id],
    );
    return rows[0] === undefined ? null : toRecord(rows[0]);
  }
}

function toRecord(row: ApiKeyRow): ApiKeyRecord {
  return {
    id: row.id,
    name: row.name,
    role: row.role,
    createdBy: row.created_by,
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
  };
}
