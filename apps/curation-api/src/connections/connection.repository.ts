// All SQL about connections to media managers and helpers. API keys are stored sealed and opened
// only here; `ConnectionSummary` (what lists and responses use) never holds the key.
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { isUuid } from '../database/uuid';
import { SecretBox } from '../secrets/secret-box';

export const CONNECTION_TYPES = ['sonarr', 'radarr', 'overseerr', 'tautulli'] as const;
export type ConnectionType = (typeof CONNECTION_TYPES)[number];

export interface ConnectionSummary {
  readonly id: string;
  readonly type: ConnectionType;
  readonly name: string;
  readonly baseUrl: string;
  readonly is4k: boolean;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

/** A connection with its API key, for code that calls the system (tests, sync, pruning). */
export interface Connection extends ConnectionSummary {
  readonly apiKey: string;
}

export interface ConnectionFields {
  readonly type: ConnectionType;
  readonly name: string;
  readonly baseUrl: string;
  readonly apiKey: string;
  readonly is4k: boolean;
}

const KEY_PURPOSE = 'connection API key';

interface ConnectionRow {
  id: string;
  type: ConnectionType;
  name: string;
  base_url: string;
  api_key_sealed: string;
  is_4k: boolean;
  created_at: Date;
  updated_at: Date;
}

const COLUMNS = '"id", "type", "name", "base_url", "api_key_sealed", "is_4k", "created_at", "updated_at"';

@Injectable()
export class ConnectionRepository {
  constructor(
    @InjectDataSource() private readonly database: DataSource,
    private readonly secrets: SecretBox,
  ) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.database.transaction(work);
  }

  /** Every connection, without keys, by type then name. */
  async list(manager: EntityManager = this.database.manager): Promise<ConnectionSummary[]> {
    const rows: ConnectionRow[] = await manager.query(
      `SELECT ${COLUMNS} FROM "curation"."connections" ORDER BY "type", lower("name"), "id"`,
    );
    return rows.map(summaryOf);
  }

  /** Every connection with its key opened, by type then name. */
  async listWithKeys(manager: EntityManager = this.database.manager): Promise<Connection[]> {
    const rows: ConnectionRow[] = await manager.query(
      `SELECT ${COLUMNS} FROM "curation"."connections" ORDER BY "type", lower("name"), "id"`,
    );
    return rows.map((row) => this.withKey(row));
  }

  async find(id: string, manager: EntityManager = this.database.manager): Promise<Connection | null> {
    if (!isUuid(id)) return null;
    const rows: ConnectionRow[] = await manager.query(
      `SELECT ${COLUMNS} FROM "curation"."connections" WHERE "id" = $1`,
      [id],
    );
    return rows[0] === undefined ? null : this.withKey(rows[0]);
  }

  async insert(
    fields: ConnectionFields,
    manager: EntityManager = this.database.manager,
  ): Promise<ConnectionSummary> {
    const rows: ConnectionRow[] = await manager.query(
      `INSERT INTO "curation"."connections" ("type", "name", "base_url", "api_key_sealed", "is_4k")
       VALUES ($1, $2, $3, $4, $5) RETURNING ${COLUMNS}`,
      [fields.type, fields.name, fields.baseUrl, this.secrets.seal(fields.apiKey, KEY_PURPOSE), fields.is4k],
    );
    return summaryOf(rows[0] as ConnectionRow);
  }

  /** Replaces every field; null when the connection does not exist. */
  async update(
    id: string,
    fields: ConnectionFields,
    manager: EntityManager = this.database.manager,
  ): Promise<ConnectionSummary | null> {
    if (!isUuid(id)) return null;
    // Through a CTE, as every repository here: TypeORM answers a bare UPDATE or DELETE with
    // [rows, affected count] instead of the rows.
    const rows: ConnectionRow[] = await manager.query(
      `WITH "updated" AS (
         UPDATE "curation"."connections"
            SET "type" = $2, "name" = $3, "base_url" = $4, "api_key_sealed" = $5, "is_4k" = $6, "updated_at" = now()
          WHERE "id" = $1 RETURNING ${COLUMNS})
       SELECT * FROM "updated"`,
      [
        id,
        fields.type,
        fields.name,
        fields.baseUrl,
        this.secrets.seal(fields.apiKey, KEY_PURPOSE),
        fields.is4k,
      ],
    );
    const row = rows[0];
    return row === undefined ? null : summaryOf(row);
  }

  /** Deletes the connection; answers what it was, or null when there was none. */
  async delete(
    id: string,
    manager: EntityManager = this.database.manager,
  ): Promise<ConnectionSummary | null> {
    if (!isUuid(id)) return null;
    const rows: ConnectionRow[] = await manager.query(
      `WITH "deleted" AS (DELETE FROM "curation"."connections" WHERE "id" = $1 RETURNING ${COLUMNS})
       SELECT * FROM "deleted"`,
      [id],
    );
    const row = rows[0];
    return row === undefined ? null : summaryOf(row);
  }

  private withKey(row: ConnectionRow): Connection {
    return { ...summaryOf(row), apiKey: this.secrets.open(row.api_key_sealed, KEY_PURPOSE) };
  }
}

function summaryOf(row: ConnectionRow): ConnectionSummary {
  return {
    id: row.id,
    type: row.type,
    name: row.name,
    baseUrl: row.base_url,
    is4k: row.is_4k,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
