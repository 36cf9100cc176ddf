// The read-only SQL behind `router://database`: a round trip, the applied migrations and the row
// count of each table. Schema and table names come from code (the service descriptor and the
// entity metadata), never from input, and are quoted all the same.
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

@Injectable()
export class DatabaseStatusRepository {
  constructor(private readonly dataSource: DataSource) {}

  async ping(): Promise<void> {
    await this.dataSource.query('SELECT 1');
  }

  /** Applied migration names, newest first. */
  async appliedMigrations(schema: string): Promise<string[]> {
    const rows = (await this.dataSource.query(
      `SELECT name FROM ${quoted(schema)}."migrations" ORDER BY "timestamp" DESC, id DESC`,
    )) as Array<{ name: string }>;
    return rows.map((row) => row.name);
  }

  /** The tables of the service's entities, sorted. */
  entityTables(): string[] {
    return [...new Set(this.dataSource.entityMetadatas.map((metadata) => metadata.tableName))].sort();
  }

  async rowCount(schema: string, table: string): Promise<number> {
    const [row] = (await this.dataSource.query(
      `SELECT count(*)::int AS count FROM ${quoted(schema)}.${quoted(table)}`,
    )) as Array<{ count: number }>;
    return row?.count ?? 0;
  }
}

function quoted(identifier: string): string {
  return `"${identifier.replaceAll('"', '""')}"`;
}
