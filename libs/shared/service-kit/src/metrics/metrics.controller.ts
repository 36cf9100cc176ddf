// Prometheus scrape endpoint.
import { Controller, Get, Header, Res } from '@nestjs/common';
import { ApiOkResponse, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Public } from '../http/route-access';
import { HttpMetrics } from './http-metrics';

@ApiTags('health')
@Public()
@Controller()
export class MetricsController {
  constructor(private readonly metrics: HttpMetrics) {}

  @Get('metrics')
  @Header('Cache-Control', 'no-store')
  @ApiProduces('text/plain')
  @ApiOkResponse({
    description: 'Metrics in the Prometheus text exposition format.',
    schema: { type: 'string' },
  })
  async scrape(@Res() response: Response): Promise<void> {
    response.type(this.metrics.registry.contentType).send(await this.metrics.registry.metrics());
  }
}
