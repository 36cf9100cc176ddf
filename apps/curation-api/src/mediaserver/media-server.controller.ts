// /api/v1/mediaserver: the binding's status (public, decision 034), the caller's servers on
// plex.tv and binding one. Parses and delegates to MediaServerService.
import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import {
  ApiBadGatewayResponse,
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { Public } from '@platform/service-kit';
import { type Caller, CurrentCaller } from '../access/caller';
import { AdminOnly } from '../access/curation-roles';
import { BindMediaServerDto } from './dto/bind-media-server.dto';
import { MediaServerStatusView } from './media-server-status';
import { MediaServerService } from './media-server.service';
import { PlexServerView } from './plex-server-view';

@ApiTags('mediaserver')
@Controller('api/v1/mediaserver')
export class MediaServerController {
  constructor(private readonly mediaServer: MediaServerService) {}

  @Get('status')
  @Public()
  @ApiOperation({
    summary:
      'Whether a server is bound, which, its health (checked live, at most every few seconds) and its libraries. Public: it holds no token or key.',
  })
  @ApiOkResponse({ type: MediaServerStatusView })
  status(): Promise<MediaServerStatusView> {
    return this.mediaServer.status();
  }

  @Get('servers')
  @AdminOnly()
  @ApiOperation({
    summary:
      "The Plex Media Servers plex.tv lists for the caller's Plex account, with their connections. Needs a Plex sign-in.",
  })
  @ApiOkResponse({ type: [PlexServerView] })
  @ApiBadRequestResponse({ description: 'The caller signed in with an API key, not with Plex.' })
  @ApiBadGatewayResponse({ description: 'plex.tv did not answer.' })
  servers(@CurrentCaller() caller: Caller): Promise<PlexServerView[]> {
    return this.mediaServer.servers(caller);
  }

  @Post('bind')
  @HttpCode(200)
  @AdminOnly()
  @ApiOperation({
    summary:
      "Binds the server after checking that its /identity answers with machineIdentifier and that apiKey (the owner's token) opens it.",
  })
  @ApiOkResponse({ type: MediaServerStatusView })
  @ApiBadRequestResponse({
    description:
      'An invalid field, or the server at baseUrl is not Plex, answers as another machineIdentifier or refuses apiKey.',
  })
  @ApiConflictResponse({ description: 'A catalog of another server exists: binding needs "force": true.' })
  @ApiBadGatewayResponse({ description: 'The media server could not be reached.' })
  bind(@CurrentCaller() caller: Caller, @Body() request: BindMediaServerDto): Promise<MediaServerStatusView> {
    return this.mediaServer.bind(caller, request);
  }
}
