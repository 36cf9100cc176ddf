// `router://database`: can the gateway reach its database, which migration is its schema at, and
// how many rows its tables hold (the queries: database-status.repository.ts).
import { Inject, Injectable } from '@nestjs/common';
import { migrationName, SERVICE_DESCRIPTOR, type ServiceDescriptor } from '@platform/service-kit';
import { DatabaseStatusRepository } from './database-status.repository';

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
    private readonly database: DatabaseStatusRepository,
    @Inject(SERVICE_DESCRIPTOR) private readonly descriptor: ServiceDescriptor,
  ) {}

  async status(): Promise<DatabaseStatus> {
    const schema = this.descriptor.database.schema;
    try {
      const started = performance.now();
      await this.database.ping();
      const latencyMs = Math.round((performance.now() - started) * 100) / 100;
      const applied = await this.database.appliedMigrations(schema);
      const appliedNames = new Set(applied);
      return {
        connected: true,
        schema,
        latencyMs,
        ...(applied[0] === undefined ? {} : { schemaVersion: applied[0] }),
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
    const counts: Record<string, number> = {};
    for (const table of this.database.entityTables()) {
      counts[table] = await this.database.rowCount(schema, table);
    }
    return counts;
  }
}
