// Guards the administration API (`/api/*`): authenticate, refuse machine tokens (spec 5.1:
// "Machine tokens never gain administrator rights or access to /api/* administration
// endpoints"), then require an administrator where the route says so. The resulting Actor is
// attached to the request for the controllers.
import { CanActivate, ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import type { Actor } from '../actor';
import { AccessMessages, forbidden } from '../access.errors';
import { isMachineCaller } from '../principal';
import { ACCESS_SETTINGS, type AccessSettings } from '../access-settings';
import { ADMINISTRATOR_ONLY, MACHINE_CALLERS_ALLOWED } from './api-access.decorators';
import { isAdministrator } from './administrator';
import { AuthenticationRequired, AuthenticationService } from './authentication.service';
import { buildWwwAuthenticateHeader } from '../oidc';

export const ACTOR = Symbol('actor');
export type RequestWithActor = Request & { [ACTOR]?: Actor };

@Injectable()
export class ApiAccessGuard implements CanActivate {
  constructor(
    private readonly authentication: AuthenticationService,
    private readonly reflector: Reflector,
    @Inject(ACCESS_SETTINGS) private readonly settings: AccessSettings,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<RequestWithActor>();
    const principal = await this.authenticateOrChallenge(
      request,
      context.switchToHttp().getResponse<Response>(),
    );
    const flag = (key: symbol): boolean =>
      this.reflector.getAllAndOverride<boolean>(key, [context.getHandler(), context.getClass()]) === true;
    if (isMachineCaller(principal) && !flag(MACHINE_CALLERS_ALLOWED)) {
      throw forbidden('api.machine-token', AccessMessages.machineTokenForbidden);
    }
    const actor: Actor = {
      principal,
      isAdministrator: isAdministrator(principal, this.settings.adminGroupSid),
      sourceAddress: request.socket.remoteAddress,
    };
    if (flag(ADMINISTRATOR_ONLY) && !actor.isAdministrator) {
      throw forbidden('api.administrator-required', AccessMessages.administratorRequired);
    }
    request[ACTOR] = actor;
    return true;
  }

  /** Every 401 tells OAuth clients where the protected-resource metadata is (spec 5.1, RFC 9728). */
  private async authenticateOrChallenge(request: Request, response: Response) {
    try {
      return await this.authentication.authenticate(request);
    } catch (error) {
      if (error instanceof AuthenticationRequired) {
        response.setHeader(
          'WWW-Authenticate',
          buildWwwAuthenticateHeader({
            resourceMetadataUrl: this.settings.resourceMetadataUrl,
            error: error.challengeError,
          }),
        );
      }
      throw error;
    }
  }
}
