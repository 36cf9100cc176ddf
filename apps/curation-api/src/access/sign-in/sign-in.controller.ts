// `/api/v1/auth/plex`, `/auth/plex/pin`, `/auth/logout` and `/auth/me`: how people get a session
// and learn their state. Public: they are how a caller without credentials gets some.
import { Body, Controller, Get, HttpCode, Param, Post, Req, Res } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiBadGatewayResponse,
  ApiBadRequestResponse,
  ApiForbiddenResponse,
  ApiGoneResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { DomainError, Public } from '@platform/service-kit';
import type { Request, Response } from 'express';
import { MediaServerBindingRepository } from '../../mediaserver/media-server-binding.repository';
import { CallerAuthenticator, sessionTokenOf } from '../caller.authenticator';
import type { Caller } from '../caller';
import { clearSessionCookie, setSessionCookie } from '../sessions/session-cookie';
import { SessionStore } from '../sessions/session.store';
import { PlexTokenSignInDto } from './dto/plex-token-sign-in.dto';
import { PlexSignInService, type SignedIn } from './plex-sign-in.service';
import {
  PendingPinView,
  SessionStateView,
  type SessionUserView,
  SignedInView,
  StartedPinView,
} from './session-state.view';

const ACCOUNT_REFUSED =
  'The account may not use the bound server, or no server is bound and it may not set one up.';
const PLEX_TV_FAILED = 'plex.tv did not answer (504 when it timed out).';

@ApiTags('auth')
@Public()
@Controller('api/v1/auth')
export class SignInController {
  constructor(
    private readonly signIn: PlexSignInService,
    private readonly authenticator: CallerAuthenticator,
    private readonly sessions: SessionStore,
    private readonly bindings: MediaServerBindingRepository,
  ) {}

  @Post('plex')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Sign in with a plex.tv account token: 401 when plex.tv refuses it, 403 when the account may not use the bound server.',
  })
  @ApiOkResponse({ type: SignedInView })
  @ApiBadRequestResponse({ description: 'authToken is missing or not a string.' })
  @ApiUnauthorizedResponse({ description: 'plex.tv refused the token.' })
  @ApiForbiddenResponse({ description: ACCOUNT_REFUSED })
  @ApiBadGatewayResponse({ description: PLEX_TV_FAILED })
  async signInWithToken(
    @Body() body: PlexTokenSignInDto,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<SignedInView> {
    return answerSignedIn(await this.signIn.signInWithToken(body.authToken), request, response);
  }

  @Post('plex/pin')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Start a PIN sign-in for a headless client: approve `code` at `authUrl`, then poll.',
  })
  @ApiOkResponse({ type: StartedPinView })
  @ApiBadGatewayResponse({ description: PLEX_TV_FAILED })
  async startPin(): Promise<StartedPinView> {
    const pin = await this.signIn.startPin();
    return { id: pin.id, code: pin.code, authUrl: pin.authUrl, expiresAt: pin.expiresAt.toISOString() };
  }

  @Post('plex/pin/:id')
  @ApiOperation({ summary: 'Poll a PIN sign-in: 202 while pending, 200 with the session once approved.' })
  @ApiAcceptedResponse({ type: PendingPinView })
  @ApiOkResponse({ type: SignedInView })
  @ApiNotFoundResponse({ description: 'No PIN sign-in has this id.' })
  @ApiGoneResponse({ description: 'The PIN expired or was already used.' })
  @ApiUnauthorizedResponse({ description: 'plex.tv refused the token the PIN yielded.' })
  @ApiForbiddenResponse({ description: ACCOUNT_REFUSED })
  @ApiBadGatewayResponse({ description: PLEX_TV_FAILED })
  async checkPin(
    @Param('id') id: string,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<SignedInView | PendingPinView> {
    const outcome = await this.signIn.checkPin(id);
    if (outcome.state === 'pending') {
      response.status(202);
      return { state: 'pending', expiresAt: outcome.expiresAt.toISOString() };
    }
    response.status(200);
    return answerSignedIn(outcome.signedIn, request, response);
  }

  @Post('logout')
  @HttpCode(204)
  @ApiOperation({ summary: 'End the session of this request (cookie or bearer) and clear the cookie.' })
  @ApiNoContentResponse({ description: 'Signed out (also when there was no session).' })
  async logout(@Req() request: Request, @Res({ passthrough: true }) response: Response): Promise<void> {
    const token = sessionTokenOf(request);
    if (token !== undefined) await this.sessions.revoke(token);
    clearSessionCookie(request, response);
  }

  @Get('me')
  @ApiOperation({ summary: 'The session state; never 401: invalid credentials read as not authenticated.' })
  @ApiOkResponse({ type: SessionStateView })
  async me(@Req() request: Request): Promise<SessionStateView> {
    const [caller, initialized] = await Promise.all([
      this.authenticateQuietly(request),
      this.bindings.isBound(),
    ]);
    return {
      authenticated: caller !== null,
      initialized,
      authEnabled: true,
      user: caller && userViewOf(caller),
    };
  }

  private async authenticateQuietly(request: Request): Promise<Caller | null> {
    try {
      return await this.authenticator.authenticate(request);
    } catch (error) {
      if (error instanceof DomainError && error.kind === 'unauthenticated') return null;
      throw error;
    }
  }
}

function answerSignedIn(signedIn: SignedIn, request: Request, response: Response): SignedInView {
  setSessionCookie(request, response, signedIn.session.token, signedIn.session.expiresAt);
  const { user } = signedIn;
  return {
    token: signedIn.session.token,
    expiresAt: signedIn.session.expiresAt.toISOString(),
    user: { id: user.id, username: user.username, role: user.role },
  };
}

function userViewOf(caller: Caller): SessionUserView {
  switch (caller.kind) {
    case 'user':
      return { id: caller.userId, username: caller.username, role: caller.role };
    case 'api-key':
      return { id: `api-key:${caller.keyId}`, username: caller.name, role: caller.role };
    case 'bootstrap':
      return { id: 'bootstrap', username: 'bootstrap-api-key', role: caller.role };
  }
}
