// Guards every bridge route except /health: the caller must present the configured key, or,
// when the bridge runs without one, make a local request (local-request.ts).
import { type CanActivate, createParamDecorator, type ExecutionContext, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { BridgeErrors } from '../errors/bridge-errors';
import { ApiKeyVerifier, type Caller } from './api-key.verifier';
import { notLocalReason } from './local-request';

const CALLER = Symbol('caller');
type RequestWithCaller = Request & { [CALLER]?: Caller };

@Injectable()
export class BearerAuthGuard implements CanActivate {
  constructor(private readonly verifier: ApiKeyVerifier) {}

  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<RequestWithCaller>();
    if (!this.verifier.enabled) {
      const reason = notLocalReason(request.headers.host, request.headers.origin);
      if (reason !== undefined) throw BridgeErrors.localRequestsOnly(reason);
    }
    request[CALLER] = this.verifier.verify(request.headers.authorization);
    return true;
  }
}

/** The authenticated caller of the current request (set by BearerAuthGuard). */
export const CurrentCaller = createParamDecorator((_data: unknown, context: ExecutionContext): Caller => {
  const caller = context.switchToHttp().getRequest<RequestWithCaller>()[CALLER];
  if (caller === undefined) throw new Error('CurrentCaller used on a route without BearerAuthGuard');
  return caller;
});
