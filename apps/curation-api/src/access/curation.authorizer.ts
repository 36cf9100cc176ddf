// Decides the caller and their role for the service kit's deny-by-default guard, on every route
// marked AdminOnly, SignedIn or GuestOnly. Fails closed: no credentials is 401, credentials that
// do not check out are 401, a role the route does not admit is 403.
import { type ExecutionContext, Injectable } from '@nestjs/common';
import type { RouteAuthorizer } from '@platform/service-kit';
import type { Request } from 'express';
import { AccessErrors } from './access-errors';
import { CallerAuthenticator } from './caller.authenticator';
import { attachCaller } from './caller';

@Injectable()
export class CurationAuthorizer implements RouteAuthorizer {
  constructor(private readonly authenticator: CallerAuthenticator) {}

  async authorize(context: ExecutionContext, roles: readonly string[]): Promise<void> {
    const request = context.switchToHttp().getRequest<Request>();
    const caller = await this.authenticator.authenticate(request);
    if (caller === null) throw AccessErrors.signInRequired();
    if (!roles.includes(caller.role)) throw AccessErrors.roleRequired(roles);
    attachCaller(request, caller);
  }
}
