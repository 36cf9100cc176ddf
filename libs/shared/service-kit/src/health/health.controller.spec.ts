import { describe, expect, it } from '@jest/globals';
import type { ModuleRef } from '@nestjs/core';
import type { DataSource } from 'typeorm';
import type { ServiceDescriptor } from '../bootstrap/service-descriptor';
import { HEALTH_DETAILS, type HealthDetailsSource } from './health-details';
import { HealthController } from './health.controller';

const DESCRIPTOR = { name: 'svc', version: '1.0.0' } as ServiceDescriptor;

function controllerWith(source: HealthDetailsSource | undefined): HealthController {
  const moduleRef = {
    get: (token: unknown) => {
      if (token === HEALTH_DETAILS && source !== undefined) return source;
      throw new Error('not found');
    },
  } as unknown as ModuleRef;
  return new HealthController({} as DataSource, DESCRIPTOR, moduleRef);
}

describe('/health with service details', () => {
  it('is the kit report alone when the service provides no details', async () => {
    expect(await controllerWith(undefined).health()).toEqual({
      status: 'healthy',
      service: 'svc',
      version: '1.0.0',
      uptimeSeconds: 0,
    });
  });

  it("adds the service's fields but never lets them replace the kit's", async () => {
    const report = await controllerWith({
      healthDetails: async () => ({ activeSessions: 3, status: 'broken', service: 'other' }),
    }).health();
    expect(report).toEqual({
      activeSessions: 3,
      status: 'healthy',
      service: 'svc',
      version: '1.0.0',
      uptimeSeconds: 0,
    });
  });

  it('stays healthy when the details provider fails', async () => {
    const report = await controllerWith({
      healthDetails: () => {
        throw new Error('tmux exploded');
      },
    }).health();
    expect(report.status).toBe('healthy');
  });
});
