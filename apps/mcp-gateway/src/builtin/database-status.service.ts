// `router://database`: can the gateway reach its database, which migration is its schema at, and
// how many rows its tables hold. Table names come from the entity metadata (code), never from
// input; the queries read only.
import { Inject, Injectable } from '@nestjs/common';
import { migrationName, SERVICE_DESCRIPTOR, type ServiceDescriptor } from '@platform/service-kit';
import { DataSource } from 'typeorm';

export interface DatabaseStatus {
  readonly connected: boolean;
  readonly schema: string;
  /** Round trip of `SELECT 1`, in milliseconds. */
  readonly latencyMs?: number;
  /** The newest applied migration; the schema version. */
  readonly schemaVersion?: string;
  readonly migrationsApplied?: number;
  readonly migrationsPending?: readonly string[];
  readonly rowCounts?: Readonly<Record<string, number>>;
  readonly error?: string;
}

@Injectable()
export class DatabaseStatusService {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(SERVICE_DESCRIPTOR) private readonly descriptor: ServiceDescriptor,
  ) {}

  async status(): Promise<DatabaseStatus> {
    const schema = this.descriptor.database.schema;
    try {
      const started = performance.now();
      await this.dataSource.query('SELECT 1');
      const latencyMs = Math.round((performance.now() - started) * 100) / 100;
      const applied = (await this.dataSource.query(
        `SELECT name FROM ${quoted(schema)}."migrations" ORDER BY "timestamp" DESC, id DESC`,
      )) as Array<{ name: string }>;
      const appliedNames = new Set(applied.map((row) => row.name));
      return {
        connected: true,
        schema,
        latencyMs,
        ...(applied[0] === undefined ? {} : { schemaVersion: applied[0].name }),
        migrationsApplied: applied.length,
        migrationsPending: this.descriptor.database.migrations
          .map(migrationName)
          .filter((name) => !appliedNames.has(name)),
        rowCounts: await this.rowCounts(schema),
      };
    } catch (error) {
      return { connected: false, schema, error: error instanceof Error ? error.message : String(error) };
    }
  }

  private async rowCounts(schema: string): Promise<Record<string, number>> {
    const tables = [...new Set(this.dataSource.entityMetadatas.map((metadata) => metadata.tableName))].sort();
    const counts: Record<string, number> = {};
    for (const table of tables) {
      const [row] = (await this.dataSource.query(
        `SELECT count(*)::int AS count FROM ${quoted(schema)}.${quoted(table)}`,
      )) as Array<{ count: number }>;
      counts[table] = row?.count ?? 0;
    }
    return counts;
  }
}

function quoted(identifier: string): string {
  return `"${identifier.replaceAll('"', '""')}"`;
}
