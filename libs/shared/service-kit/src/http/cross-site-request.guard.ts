// Every state-changing request a service routes through Nest (any method but GET, HEAD, OPTIONS
// and TRACE) must come from a page the service trusts (origin-policy.ts) and, when it has a body,
// carry JSON. A browser lets another site send a "simple" request (a form post, `text/plain`) with
// the user's cookies and no preflight; behind a cookie-based SSO proxy such a request would act with
// the user's rights. Only JSON bodies, which a cross-site page cannot send without the browser
// asking first, and only trusted origins, closes that for every route, including routes added later.
import {
  type CanActivate,
  type ExecutionContext,
  Inject,
  Injectable,
  SetMetadata,
  UnsupportedMediaTypeException,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { IncomingMessage } from 'node:http';
import { DomainError } from '../errors/domain-error';
import { crossSiteRefusal, ORIGIN_POLICY, type OriginPolicy } from './origin-policy';

/** RFC 9110 safe methods: they must not change state, so they carry no forgery risk. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'TRACE']);
const JSON_MEDIA_TYPE = 'application/json';
const CHECKS_ORIGIN_ITSELF = Symbol('CHECKS_ORIGIN_ITSELF');

/**
 * For controllers whose handlers apply `crossSiteRefusal` themselves, to every method, and answer
 * in their own protocol's error format (the gateway's MCP endpoints answer JSON-RPC errors).
 */
export const ChecksOriginItself = (): ClassDecorator & MethodDecorator =>
  SetMetadata(CHECKS_ORIGIN_ITSELF, true);

@Injectable()
export class CrossSiteRequestGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    @Inject(ORIGIN_POLICY) private readonly policy: OriginPolicy,
  ) {}

  canActivate(context: ExecutionContext): boolean {
    if (context.getType() !== 'http') return true;
    const request = context.switchToHttp().getRequest<IncomingMessage>();
    if (SAFE_METHODS.has(request.method ?? 'GET')) return true;
    const exempt = this.reflector.getAllAndOverride<boolean | undefined>(CHECKS_ORIGIN_ITSELF, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (exempt === true) return true;
    const refusal = crossSiteRefusal(this.policy, request.headers);
    if (refusal !== undefined) throw new DomainError('forbidden', 'request.cross-site', refusal);
    if (hasBody(request) && mediaTypeOf(request) !== JSON_MEDIA_TYPE) {
      const sent = request.headers['content-type'];
      throw new UnsupportedMediaTypeException(
        `Request bodies must be JSON (Content-Type: ${JSON_MEDIA_TYPE}); ` +
          (sent === undefined ? 'this one has no Content-Type' : `not '${sent.slice(0, 100)}'`),
      );
    }
    return true;
  }
}

/** As HTTP/1.1 frames bodies: chunked, or a Content-Length above zero. */
function hasBody(request: IncomingMessage): boolean {
  if (request.headers['transfer-encoding'] !== undefined) return true;
  return Number(request.headers['content-length'] ?? 0) > 0;
}

function mediaTypeOf(request: IncomingMessage): string | undefined {
  return request.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
}
