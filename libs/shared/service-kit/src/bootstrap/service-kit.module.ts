// Everything a service gets from the kit in one import: configuration and descriptor as
// injectable values, the clock, structured logging, the database with its migrations, health and
// metrics endpoints, the refusal of cross-site state-changing requests, and the refusal of every
// route that does not declare who may call it.
import { DynamicModule, Global, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import type { DestinationStream } from 'pino';
import { CLOCK, type Clock, SYSTEM_CLOCK } from '../clock/clock';
import type { BaseServiceConfig } from '../config/base-service-config';
import { DatabaseModule } from '../database/database.module';
import { HealthController } from '../health/health.controller';
import { CrossSiteRequestGuard } from '../http/cross-site-request.guard';
import { RouteAccessGuard } from '../http/route-access';
import { ORIGIN_POLICY, type OriginPolicy, SAME_ORIGIN_ONLY } from '../http/origin-policy';
import { NestLogger } from '../logging/nest-logger';
import { RecentLogBuffer } from '../logging/recent-log.buffer';
import { createServiceLogger } from '../logging/service-logger';
import { HttpMetrics } from '../metrics/http-metrics';
import { MetricsController } from '../metrics/metrics.controller';
import { RouteTemplateGuard } from '../metrics/route-template.guard';
import { SERVICE_CONFIG, SERVICE_DESCRIPTOR, SERVICE_LOGGER, ServiceDescriptor } from './service-descriptor';

export interface ServiceKitOptions {
  /** The browser origins and Host names the service trusts; by default only its own loopback pages. */
  readonly originPolicy?: OriginPolicy;
  /** Where log lines go instead of standard output: tests keep them, so a passing run prints none. */
  readonly logDestination?: DestinationStream;
  /** The time the service's caches, expiries and retention go by; the system clock by default. */
  readonly clock?: Clock;
}

@Global()
@Module({})
export class ServiceKitModule {
  static forRoot(
    descriptor: ServiceDescriptor,
    config: BaseServiceConfig,
    options: ServiceKitOptions = {},
  ): DynamicModule {
    const recentLogs = new RecentLogBuffer();
    const logger = createServiceLogger(descriptor.name, config.LOG_LEVEL, {
      recentLogs,
      ...(options.logDestination === undefined ? {} : { stream: options.logDestination }),
    });
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
        { provide: ORIGIN_POLICY, useValue: options.originPolicy ?? SAME_ORIGIN_ONLY },
        { provide: CLOCK, useValue: options.clock ?? SYSTEM_CLOCK },
        // Registered first of all global guards, so it runs even when a later guard rejects.
        { provide: APP_GUARD, useClass: RouteTemplateGuard },
        // Before every guard a service adds, so a forged request is refused before it is authenticated.
        { provide: APP_GUARD, useClass: CrossSiteRequestGuard },
        // Deny by default: a route without an access rule is refused (http/route-access.ts).
        { provide: APP_GUARD, useClass: RouteAccessGuard },
      ],
      exports: [
        SERVICE_DESCRIPTOR,
        SERVICE_CONFIG,
        SERVICE_LOGGER,
        NestLogger,
        HttpMetrics,
        RecentLogBuffer,
        ORIGIN_POLICY,
        CLOCK,
      ],
    };
  }
}
