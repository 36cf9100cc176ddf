// Connects a service to its database and applies its migrations before anything else
// starts. The embedded database is closed only after TypeORM has released its connections.
import { DynamicModule, Inject, Injectable, Logger, Module, OnApplicationShutdown } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { BaseServiceConfig } from '../config/base-service-config';
import { DatabaseEndpoint } from './database-endpoint';
import { dataSourceOptions, migrate, ServiceDatabaseDefinition } from './migrations';

const RETRY_ATTEMPTS = 3;
const RETRY_DELAY_MS = 2000;

@Injectable()
class DatabaseShutdown implements OnApplicationShutdown {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(DatabaseEndpoint) private readonly endpoint: DatabaseEndpoint,
  ) {}

  async onApplicationShutdown(): Promise<void> {
    if (this.dataSource.isInitialized) await this.dataSource.destroy();
    await this.endpoint.close();
  }
}

@Module({})
export class DatabaseModule {
  static forService(definition: ServiceDatabaseDefinition, config: BaseServiceConfig): DynamicModule {
    const logger = new Logger('Database');
    const endpointModule: DynamicModule = {
      module: class DatabaseEndpointModule {},
      providers: [
        {
          provide: DatabaseEndpoint,
          useFactory: async () => {
            const endpoint = await DatabaseEndpoint.open(config);
            logger.log(
              endpoint.embedded
                ? `Using the embedded database in ${config.DATABASE_DATA_DIR}`
                : 'Using the PostgreSQL server from DATABASE_URL',
            );
            return endpoint;
          },
        },
      ],
      exports: [DatabaseEndpoint],
    };
    return {
      module: DatabaseModule,
      imports: [
        endpointModule,
        TypeOrmModule.forRootAsync({
          imports: [endpointModule],
          inject: [DatabaseEndpoint],
          useFactory: (endpoint: DatabaseEndpoint) => ({
            ...dataSourceOptions(definition, endpoint.url, config.DATABASE_POOL_SIZE),
            retryAttempts: RETRY_ATTEMPTS,
            retryDelay: RETRY_DELAY_MS,
          }),
          dataSourceFactory: async (options) => {
            if (options === undefined) throw new Error('Database options are missing');
            const dataSource = await new DataSource(options).initialize();
            if (config.DATABASE_RUN_MIGRATIONS) {
              const applied = await migrate(dataSource, definition.schema);
              logger.log(
                applied.length > 0
                  ? `Applied migrations: ${applied.join(', ')}`
                  : 'Database schema is up to date',
              );
            }
            return dataSource;
          },
        }),
      ],
      providers: [DatabaseShutdown],
    };
  }
}
