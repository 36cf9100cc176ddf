// Liveness and readiness. `/health` answers while the process runs; `/ready` only when the
// database answers and every migration has been applied, so a load balancer or Kubernetes
// sends traffic only to replicas that can serve it.
import { Controller, Get, HttpStatus, Inject, Res } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { ApiOkResponse, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { DataSource } from 'typeorm';
import { SERVICE_DESCRIPTOR } from '../bootstrap/service-descriptor';
import type { ServiceDescriptor } from '../bootstrap/service-descriptor';
import { isMigrated } from '../database/migrations';
import { Public } from '../http/route-access';
import { HEALTH_DETAILS, type HealthDetailsSource } from './health-details';
import { HealthReport, ReadinessReport } from './health-report';

const READINESS_QUERY_TIMEOUT_MS = 2000;

@ApiTags('health')
@Public()
@Controller()
export class HealthController {
  private readonly startedAt = Date.now();
  private details: HealthDetailsSource | null | undefined;

  constructor(
    private readonly dataSource: DataSource,
    @Inject(SERVICE_DESCRIPTOR) private readonly descriptor: ServiceDescriptor,
    private readonly moduleRef: ModuleRef,
  ) {}

  @Get('health')
  @ApiOkResponse({ type: HealthReport, description: 'The process is running.' })
  async health(): Promise<HealthReport> {
    return {
      ...(await this.serviceDetails()),
      status: 'healthy',
      service: this.descriptor.name,
      version: this.descriptor.version,
      uptimeSeconds: Math.floor((Date.now() - this.startedAt) / 1000),
    };
  }

  @Get('ready')
  @ApiOkResponse({
    type: ReadinessReport,
    description: 'The database answers and all migrations are applied.',
  })
  @ApiServiceUnavailableResponse({ type: ReadinessReport, description: 'Not ready to serve traffic.' })
  async ready(@Res({ passthrough: true }) response: Response): Promise<ReadinessReport> {
    const report = await this.check();
    if (report.status !== 'ready') response.status(HttpStatus.SERVICE_UNAVAILABLE);
    return report;
  }

  /** Fields from the service's HEALTH_DETAILS provider, if any; a failing provider adds nothing. */
  private async serviceDetails(): Promise<Record<string, unknown>> {
    if (this.details === undefined) {
      try {
        this.details = this.moduleRef.get<HealthDetailsSource>(HEALTH_DETAILS, { strict: false });
      } catch {
        this.details = null;
      }
    }
    try {
      return (await this.details?.healthDetails()) ?? {};
    } catch {
      return {};
    }
  }

  private async check(): Promise<ReadinessReport> {
    try {
      const migrated = await withTimeout(
        isMigrated(this.dataSource, this.descriptor.database),
        READINESS_QUERY_TIMEOUT_MS,
      );
      return {
        status: migrated ? 'ready' : 'not_ready',
        checks: { database: 'up', migrations: migrated ? 'applied' : 'pending' },
      };
    } catch {
      return { status: 'not_ready', checks: { database: 'down', migrations: 'unknown' } };
    }
  }
}

async function withTimeout<T>(work: Promise<T>, milliseconds: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), milliseconds);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
