// Everything a service gets from the kit in one import: configuration and descriptor as
// injectable values, structured logging, the database with its migrations, health and
// metrics endpoints.
import { DynamicModule, Global, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import type { BaseServiceConfig } from '../config/base-service-config';
import { DatabaseModule } from '../database/database.module';
import { HealthController } from '../health/health.controller';
import { NestLogger } from '../logging/nest-logger';
import { RecentLogBuffer } from '../logging/recent-log.buffer';
import { createServiceLogger } from '../logging/service-logger';
import { HttpMetrics } from '../metrics/http-metrics';
import { MetricsController } from '../metrics/metrics.controller';
import { RouteTemplateGuard } from '../metrics/route-template.guard';
import { SERVICE_CONFIG, SERVICE_DESCRIPTOR, SERVICE_LOGGER, ServiceDescriptor } from './service-descriptor';

@Global()
@Module({})
export class ServiceKitModule {
  static forRoot(descriptor: ServiceDescriptor, config: BaseServiceConfig): DynamicModule {
    const recentLogs = new RecentLogBuffer();
    const logger = createServiceLogger(descriptor.name, config.LOG_LEVEL, { recentLogs });
    return {
      module: ServiceKitModule,
      imports: [DatabaseModule.forService(descriptor.database, config)],
      controllers: [HealthController, MetricsController],
      providers: [
        { provide: SERVICE_DESCRIPTOR, useValue: descriptor },
        { provide: SERVICE_CONFIG, useValue: config },
        { provide: RecentLogBuffer, useValue: recentLogs },
        { provide: SERVICE_LOGGER, useValue: logger },
        { provide: NestLogger, useValue: new NestLogger(logger) },
        { provide: HttpMetrics, useFactory: () => new HttpMetrics(descriptor.name) },
        // Registered first of all global guards, so it runs even when a later guard rejects.
        { provide: APP_GUARD, useClass: RouteTemplateGuard },
      ],
      exports: [SERVICE_DESCRIPTOR, SERVICE_CONFIG, SERVICE_LOGGER, NestLogger, HttpMetrics, RecentLogBuffer],
    };
  }
}
