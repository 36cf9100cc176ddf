// `POST /api/test/resources/read` and `POST /api/test/prompts/get` (spec 4.2): any authenticated
// caller, AppKeys included, with the same item authorization as the MCP paths.
import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import type { Request } from 'express';
import type { Actor } from '../access/actor';
import { testEndpointError, TestEndpointErrorCode } from './test-endpoint.errors';
import { CurrentActor } from '../access/authentication/current-actor.decorator';
import {
  GetPromptTestDto,
  GetPromptTestView,
  ReadResourceTestDto,
  ReadResourceTestView,
} from './test-endpoints.dto';
import { TestEndpointsService } from './test-endpoints.service';
import { ApiRoles } from '../access/authentication/api-access.decorators';

@ApiTags('test')
@ApiBearerAuth()
@ApiRoles('user', 'machine')
@Controller('api/test')
export class TestEndpointsController {
  constructor(private readonly tests: TestEndpointsService) {}

  @Post('resources/read')
  @HttpCode(200)
  @ApiOperation({ summary: 'Read a resource as the caller would through MCP' })
  @ApiOkResponse({ type: ReadResourceTestView })
  @ApiForbiddenResponse({ description: 'The caller may not read this resource.' })
  @ApiNotFoundResponse({ description: 'No such resource.' })
  readResource(
    @CurrentActor() actor: Actor,
    @Req() request: Request,
    @Body() body: ReadResourceTestDto,
  ): Promise<ReadResourceTestView> {
    requireJson(request);
    return this.tests.readResource(actor.principal, body.uri, abortOnClose(request));
  }

  @Post('prompts/get')
  @HttpCode(200)
  @ApiOperation({ summary: 'Render a prompt as the caller would through MCP' })
  @ApiOkResponse({ type: GetPromptTestView })
  @ApiForbiddenResponse({ description: 'The caller may not use this prompt.' })
  @ApiNotFoundResponse({ description: 'No such server or prompt.' })
  getPrompt(
    @CurrentActor() actor: Actor,
    @Req() request: Request,
    @Body() body: GetPromptTestDto,
  ): Promise<GetPromptTestView> {
    requireJson(request);
    return this.tests.getPrompt(
      actor.principal,
      body.serverId,
      body.promptName,
      stringArguments(body.arguments ?? {}),
      abortOnClose(request),
    );
  }
}

function requireJson(request: Request): void {
  if (request.is('application/json') === false || request.is('application/json') === null) {
    throw testEndpointError(TestEndpointErrorCode.ContentType, 'Content-Type must be application/json.');
  }
}

function stringArguments(values: Record<string, unknown>): Record<string, string> {
  const invalid = Object.entries(values).filter(([, value]) => typeof value !== 'string');
  if (invalid.length > 0) {
    throw testEndpointError(
      TestEndpointErrorCode.InvalidArguments,
      `arguments must map names to strings; not a string: ${invalid.map(([name]) => name).join(', ')}`,
    );
  }
  return values as Record<string, string>;
}

/** Aborts when the client goes away before its answer was written (cancels the backend call). */
function abortOnClose(request: Request): AbortSignal {
  const controller = new AbortController();
  const response = request.res;
  response?.once('close', () => {
    if (!response.writableFinished) controller.abort('client went away');
  });
  return controller.signal;
}
