// GET /v1/models and /v1/models/{id}: one model per tmux session, plus `term:new` (spec 2.3, 4.4).
import { Controller, Get, Param } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiProperty, ApiTags } from '@nestjs/swagger';
import { BridgeRoles } from '../auth/bearer-auth.authorizer';
import { BridgeErrors } from '../errors/bridge-errors';
import { SessionDirectory } from '../terminals/session-directory.service';
import { MODEL_OWNER, modelIdOf, NEW_SESSION_MODEL, parseModelId } from './model-id';

export class ModelView {
  @ApiProperty({ example: 'term:dev' }) id!: string;
  @ApiProperty({ enum: ['model'] }) object!: 'model';
  @ApiProperty({ description: 'Unix time: when the session was created.' }) created!: number;
  @ApiProperty({ example: MODEL_OWNER }) owned_by!: string;
}

export class ModelListView {
  @ApiProperty({ enum: ['list'] }) object!: 'list';
  @ApiProperty({ type: [ModelView] }) data!: ModelView[];
}

@ApiTags('openai')
@ApiBearerAuth()
@BridgeRoles('client')
@Controller('v1/models')
export class ModelsController {
  /** `created` of `term:new`: when the bridge started. */
  private readonly startedAt = Math.floor(Date.now() / 1000);

  constructor(private readonly sessions: SessionDirectory) {}

  @Get()
  @ApiOkResponse({ type: ModelListView })
  async list(): Promise<ModelListView> {
    const sessions = await this.sessions.list();
    return {
      object: 'list',
      data: [
        this.newSessionModel(),
        ...sessions.map((session) => this.model(modelIdOf(session.name), session.created)),
      ],
    };
  }

  @Get(':id')
  @ApiOkResponse({ type: ModelView })
  async get(@Param('id') id: string): Promise<ModelView> {
    const target = parseModelId(id);
    if (target?.kind === 'new') return this.newSessionModel();
    const session = target === undefined ? undefined : await this.sessions.find(target.name);
    if (session === undefined) throw BridgeErrors.modelNotFound(id);
    return this.model(id, session.created);
  }

  private newSessionModel(): ModelView {
    return this.model(NEW_SESSION_MODEL, this.startedAt);
  }

  private model(id: string, created: number): ModelView {
    return { id, object: 'model', created, owned_by: MODEL_OWNER };
  }
}
