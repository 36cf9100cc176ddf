// Where the service's database is: the configured PostgreSQL server, or the embedded one
// started for this process.
import type { BaseServiceConfig } from '../config/base-service-config';
import { EmbeddedPostgres } from '@platform/embedded-postgres';

export class DatabaseEndpoint {
  private constructor(
    readonly url: string,
    readonly embedded: boolean,
    private readonly embeddedServer?: EmbeddedPostgres,
  ) {}

  static async open(
    config: Pick<BaseServiceConfig, 'DATABASE_URL' | 'DATABASE_DATA_DIR'>,
  ): Promise<DatabaseEndpoint> {
    if (config.DATABASE_URL !== undefined) return new DatabaseEndpoint(config.DATABASE_URL, false);
    const server = await EmbeddedPostgres.start(config.DATABASE_DATA_DIR);
    return new DatabaseEndpoint(server.url, true, server);
  }

  async close(): Promise<void> {
    await this.embeddedServer?.stop();
  }
}
