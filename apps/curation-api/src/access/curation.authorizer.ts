// Decides the caller and their role for the service kit's deny-by-default guard, on every route
// marked AdminOnly, SignedIn or GuestOnly. Fails closed: no credentials is 401, credentials that
// do not check out are 401, a role the route does not admit is 403. Routes marked ApiKeysOnly
// take API keys alone, and a request without one is told so (not told to sign in).
import { type ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { RouteAuthorizer } from '@platform/service-kit';
import type { Request } from 'express';
import { acceptedCredentialsOf } from './accepted-credentials';
import { AccessErrors } from './access-errors';
import { CallerAuthenticator } from './caller.authenticator';
import { attachCaller } from './caller';

@Injectable()
export class CurationAuthorizer implements RouteAuthorizer {
  constructor(
    private readonly authenticator: CallerAuthenticator,
    private readonly reflector: Reflector,
  ) {}

  async authorize(context: ExecutionContext, roles: readonly string[]): Promise<void> {
    const request = context.switchToHttp().getRequest<Request>();
    const accepted = acceptedCredentialsOf(this.reflector, context);
    const caller = await this.authenticator.authenticate(request, accepted);
    if (caller === null) {
      throw accepted === 'api-key' ? AccessErrors.apiKeyRequired() : AccessErrors.signInRequired();
    }
    if (!roles.includes(caller.role)) throw AccessErrors.roleRequired(roles);
    attachCaller(request, caller);
  }
}
