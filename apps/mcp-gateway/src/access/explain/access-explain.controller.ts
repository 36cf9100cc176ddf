// `POST /api/access/explain`: the authorization pipeline's decision for any principal and target,
// layer by layer (decision 059). Administrators only: it names policy rows and other people's keys.
import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiServiceUnavailableResponse,
  ApiTags,
} from '@nestjs/swagger';
import type { Actor } from '../actor';
import { ApiRoles } from '../authentication/api-access.decorators';
import { CurrentActor } from '../authentication/current-actor.decorator';
import { AccessExplainService } from './access-explain.service';
import { AccessExplanationView } from './dto/access-explanation.view';
import { ExplainAccessDto } from './dto/explain-access.dto';

@ApiTags('access')
@ApiBearerAuth()
@ApiRoles('administrator')
@Controller('api/access')
export class AccessExplainController {
  constructor(private readonly explainer: AccessExplainService) {}

  @Post('explain')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Explain an access decision',
    description:
      "Runs the authorization pipeline that every MCP request passes (the same code, on the live policies and group mappings) for an AppKey or a person and a server or one of its tools, prompts or resources, and answers with each layer's verdict. Nothing is called and nothing is logged.",
  })
  @ApiOkResponse({ type: AccessExplanationView })
  @ApiBadRequestResponse({
    description: 'A malformed principal or target (problem details name each field).',
  })
  @ApiNotFoundResponse({ description: 'No active key with that id, or no server with that id.' })
  @ApiServiceUnavailableResponse({
    description: 'The access rules cannot be read (everything is denied meanwhile).',
  })
  explain(@Body() body: ExplainAccessDto, @CurrentActor() actor: Actor): Promise<AccessExplanationView> {
    return this.explainer.explain(body, actor);
  }
}
