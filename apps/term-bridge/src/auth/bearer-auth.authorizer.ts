// Checks the bridge's one role for the global RouteAccessGuard (service kit), on every route
// marked BridgeRoles('client'), which is every route but the kit's /health, /ready and /metrics:
// the caller must present the configured key, or, when the bridge runs without one, make a local
// request (local-request.ts).
import { createParamDecorator, type ExecutionContext, Injectable } from '@nestjs/common';
import { Roles, type RouteAuthorizer } from '@platform/service-kit';
import type { Request } from 'express';
import { BridgeErrors } from '../errors/bridge-errors';
import { ApiKeyVerifier, type Caller } from './api-key.verifier';
import { notLocalReason } from './local-request';

const CALLER = Symbol('caller');
type RequestWithCaller = Request & { [CALLER]?: Caller };

/** `client`: whoever holds the bridge's key (or, without a key, any local caller). */
export type BridgeRole = 'client';

export const BridgeRoles = (...roles: [BridgeRole, ...BridgeRole[]]): ClassDecorator & MethodDecorator =>
  Roles<BridgeRole>(...roles);

@Injectable()
export class BearerAuthAuthorizer implements RouteAuthorizer {
  constructor(private readonly verifier: ApiKeyVerifier) {}

  /** The bridge has one role, so holding the key (or being local) is holding every role a route names. */
  authorize(context: ExecutionContext): void {
    const request = context.switchToHttp().getRequest<RequestWithCaller>();
    if (!this.verifier.enabled) {
      const reason = notLocalReason(request.headers.host, request.headers.origin);
      if (reason !== undefined) throw BridgeErrors.localRequestsOnly(reason);
    }
    request[CALLER] = this.verifier.verify(request.headers.authorization);
  }
}

/** The authenticated caller of the current request (set by BearerAuthAuthorizer). */
export const CurrentCaller = createParamDecorator((_data: unknown, context: ExecutionContext): Caller => {
  const caller = context.switchToHttp().getRequest<RequestWithCaller>()[CALLER];
  if (caller === undefined) throw new Error('CurrentCaller used on a route without BridgeRoles');
  return caller;
});
