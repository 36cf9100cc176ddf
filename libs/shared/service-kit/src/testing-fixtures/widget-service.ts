// A tiny service built with the kit, used only by the kit's own integration tests: one
// migration, one table, a controller that exercises validation, domain errors, unexpected
// errors, slow requests and an event stream that never ends by itself.
import type { ServerResponse } from 'node:http';
import { Body, Controller, DynamicModule, Get, Module, Param, Post, Query, Res } from '@nestjs/common';
import { Type } from 'class-transformer';
import { IsInt, IsString, Length, Max, Min } from 'class-validator';
import { DataSource, MigrationInterface, QueryRunner } from 'typeorm';
import type { BaseServiceConfig } from '../config/base-service-config';
import type { ServiceDescriptor } from '../bootstrap/service-descriptor';
import { ServiceKitModule } from '../bootstrap/service-kit.module';
import { DomainError } from '../errors/domain-error';
import { ChecksOriginItself } from '../http/cross-site-request.guard';
import { Public, Roles } from '../http/route-access';
import { markEndlessStream } from '../http/endless-streams';

class CreateWidgets1700000000000 implements MigrationInterface {
  name = 'CreateWidgets1700000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE "widget_spec"."widgets" ("name" text PRIMARY KEY, "size" integer NOT NULL)',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE "widget_spec"."widgets"');
  }
}

export const WIDGET_SERVICE: ServiceDescriptor = {
  name: 'widget-service',
  title: 'Widget Service',
  description: 'Test fixture.',
  version: '1.2.3',
  database: { schema: 'widget_spec', migrations: [CreateWidgets1700000000000], entities: [] },
};

class CreateWidgetDto {
  @IsString()
  @Length(1, 20)
  name!: string;

  @IsInt()
  @Min(0)
  size!: number;
}

class SlowQueryDto {
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(5000)
  ms!: number;
}

// The kit's tests exercise the HTTP edge, not access: the widgets are open to everyone.
@Public()
@Controller()
class WidgetController {
  constructor(private readonly dataSource: DataSource) {}

  @Post('widgets')
  async create(@Body() widget: CreateWidgetDto): Promise<CreateWidgetDto> {
    const inserted = (await this.dataSource.query(
      'INSERT INTO widget_spec.widgets (name, size) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING name',
      [widget.name, widget.size],
    )) as unknown[];
    if (inserted.length === 0) {
      throw new DomainError('conflict', 'widget.exists', `Widget "${widget.name}" already exists`);
    }
    return widget;
  }

  @Get('widgets/:name')
  async read(@Param('name') name: string): Promise<CreateWidgetDto> {
    const [row] = (await this.dataSource.query('SELECT name, size FROM widget_spec.widgets WHERE name = $1', [
      name,
    ])) as CreateWidgetDto[];
    if (row === undefined) {
      throw new DomainError('not-found', 'widget.not-found', `Widget "${name}" does not exist`, { name });
    }
    return row;
  }

  @Get('crash')
  crash(): never {
    throw new Error('connection to db failed: password hunter2 rejected');
  }

  /** Stands for endpoints that apply the origin rule themselves (the gateway's MCP endpoints). */
  @Post('own-rules')
  @ChecksOriginItself()
  ownRules(): { served: true } {
    return { served: true };
  }

  /** An event stream that stays open until the client or a shutdown closes it. */
  @Get('events')
  events(@Res() response: ServerResponse): void {
    response.writeHead(200, { 'Content-Type': 'text/event-stream' });
    markEndlessStream(response);
    response.write('event: hello\ndata: {}\n\n');
  }

  @Get('slow')
  async slow(@Query() query: SlowQueryDto): Promise<{ waited: number }> {
    await new Promise((resolve) => setTimeout(resolve, query.ms));
    return { waited: query.ms };
  }
}

/** Routes a service forgot to mark, or marked with a role it has no authorizer for: both refused. */
@Controller('access')
class AccessRuleController {
  @Get('unmarked')
  unmarked(): { served: true } {
    return { served: true };
  }

  @Get('members')
  @Roles('member')
  members(): { served: true } {
    return { served: true };
  }
}

@Module({})
export class WidgetServiceModule {
  static register(config: BaseServiceConfig): DynamicModule {
    return {
      module: WidgetServiceModule,
      imports: [ServiceKitModule.forRoot(WIDGET_SERVICE, config)],
      controllers: [WidgetController, AccessRuleController],
    };
  }
}
