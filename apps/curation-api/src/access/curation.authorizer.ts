// Decides the caller and their role for the service kit's deny-by-default guard, on every route
// marked AdminOnly, SignedIn or GuestOnly. Fails closed: no credentials is 401, credentials that
// do not check out are 401, a role the route does not admit is 403.
import { type ExecutionContext, Injectable } from '@nestjs/common';
import type { RouteAuthorizer } from '@platform/service-kit';
import type { Request } from 'express';
import { AccessErrors } from './access-errors';
import { BootstrapKeyVerifier } from './bootstrap-key.verifier';
import { attachCaller, type Caller } from './caller';

@Injectable()
export class CurationAuthorizer implements RouteAuthorizer {
  constructor(private readonly bootstrapKey: BootstrapKeyVerifier) {}

  authorize(context: ExecutionContext, roles: readonly string[]): void {
    const request = context.switchToHttp().getRequest<Request>();
    const caller = this.authenticate(request);
    if (!roles.includes(caller.role)) throw AccessErrors.roleRequired(roles);
    attachCaller(request, caller);
  }

  private authenticate(request: Request): Caller {
    const apiKey = request.headers['x-api-key'];
    if (typeof apiKey === 'string' && apiKey !== '') {
      if (this.bootstrapKey.matches(apiKey)) return { kind: 'bootstrap', role: 'Admin' };
      throw AccessErrors.invalidApiKey();
    }
    throw AccessErrors.signInRequired();
  }
}
