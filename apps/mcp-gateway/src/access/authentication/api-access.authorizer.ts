// Checks the roles of an administration API route (`/api/*`, marked with ApiRoles) for the
// global RouteAccessGuard: authenticate, refuse machine tokens unless the route names them (spec
// 5.1: "Machine tokens never gain administrator rights or access to /api/* administration
// endpoints"), then require an administrator where the route says so. The resulting Actor is
// attached to the request for the controllers.
import { type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import type { RouteAuthorizer } from '@platform/service-kit';
import type { Request, Response } from 'express';
import type { Actor } from '../actor';
import { AccessMessages, accessError, AccessErrorCode } from '../access.errors';
import { isMachineCaller } from '../principal';
import { ACCESS_SETTINGS, type AccessSettings } from '../access-settings';
import type { ApiRole } from './api-access.decorators';
import { isAdministrator } from './administrator';
import { AuthenticationRequired, AuthenticationService } from './authentication.service';
import { buildWwwAuthenticateHeader } from '../oidc';

export const ACTOR = Symbol('actor');
export type RequestWithActor = Request & { [ACTOR]?: Actor };

@Injectable()
export class ApiAccessAuthorizer implements RouteAuthorizer {
  constructor(
    private readonly authentication: AuthenticationService,
    @Inject(ACCESS_SETTINGS) private readonly settings: AccessSettings,
  ) {}

  async authorize(context: ExecutionContext, roles: readonly string[]): Promise<void> {
    const allows = (role: ApiRole): boolean => roles.includes(role);
    const request = context.switchToHttp().getRequest<RequestWithActor>();
    const principal = await this.authenticateOrChallenge(
      request,
      context.switchToHttp().getResponse<Response>(),
    );
    const machine = isMachineCaller(principal);
    if (machine && !allows('machine')) {
      throw accessError(AccessErrorCode.MachineToken, AccessMessages.machineTokenForbidden);
    }
    const actor: Actor = {
      principal,
      isAdministrator: isAdministrator(principal, this.settings.adminGroupSid),
      sourceAddress: request.socket.remoteAddress,
    };
    const admitted = machine || allows('user') || (allows('administrator') && actor.isAdministrator);
    if (!admitted)
      throw accessError(AccessErrorCode.AdministratorRequired, AccessMessages.administratorRequired);
    request[ACTOR] = actor;
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
