// Bodies of the health endpoints, declared as classes so the OpenAPI document shows them.
import { ApiProperty } from '@nestjs/swagger';

export class HealthReport {
  @ApiProperty({ enum: ['healthy'], example: 'healthy' })
  status!: 'healthy';

  @ApiProperty({ example: 'mcp-gateway' })
  service!: string;

  @ApiProperty({ example: '0.1.0' })
  version!: string;

  @ApiProperty({ example: 42 })
  uptimeSeconds!: number;
}

export class ReadinessChecks {
  @ApiProperty({ enum: ['up', 'down'] })
  database!: 'up' | 'down';

  @ApiProperty({ enum: ['applied', 'pending', 'unknown'] })
  migrations!: 'applied' | 'pending' | 'unknown';
}

export class ReadinessReport {
  @ApiProperty({ enum: ['ready', 'not_ready'] })
  status!: 'ready' | 'not_ready';

  @ApiProperty({ type: ReadinessChecks })
  checks!: ReadinessChecks;
}
