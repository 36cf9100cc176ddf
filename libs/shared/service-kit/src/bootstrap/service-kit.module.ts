// Everything a service gets from the kit in one import: configuration and descriptor as
// injectable values, structured logging, the database with its migrations, health and
// metrics endpoints.
import { DynamicModule, Global, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { LoggerModule } from 'nestjs-pino';
import type { BaseServiceConfig } from '../config/base-service-config';
import { DatabaseModule } from '../database/database.module';
import { HealthController } from '../health/health.controller';
import { createLoggerOptions } from '../logging/logger-options';
import { RecentLogBuffer } from '../logging/recent-log.buffer';
import { HttpMetrics } from '../metrics/http-metrics';
import { MetricsController } from '../metrics/metrics.controller';
import { RouteTemplateGuard } from '../metrics/route-template.guard';
import { SERVICE_CONFIG, SERVICE_DESCRIPTOR, ServiceDescriptor } from './service-descriptor';

@Global()
@Module({})
export class ServiceKitModule {
  static forRoot(descriptor: ServiceDescriptor, config: BaseServiceConfig): DynamicModule {
    const recentLogs = new RecentLogBuffer();
    return {
      module: ServiceKitModule,
      imports: [
        LoggerModule.forRoot(createLoggerOptions(descriptor.name, config.LOG_LEVEL, recentLogs)),
        DatabaseModule.forService(descriptor.database, config),
      ],
      controllers: [HealthController, MetricsController],
      providers: [
        { provide: SERVICE_DESCRIPTOR, useValue: descriptor },
        { provide: SERVICE_CONFIG, useValue: config },
        { provide: RecentLogBuffer, useValue: recentLogs },
        { provide: HttpMetrics, useFactory: () => new HttpMetrics(descriptor.name) },
        // Registered first of all global guards, so it runs even when a later guard rejects.
        { provide: APP_GUARD, useClass: RouteTemplateGuard },
      ],
      exports: [SERVICE_DESCRIPTOR, SERVICE_CONFIG, HttpMetrics, RecentLogBuffer],
    };
  }
}
