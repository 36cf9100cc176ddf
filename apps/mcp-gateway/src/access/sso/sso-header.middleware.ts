// Express-compatible middleware that applies the SSO header trust rules to each request: it
// reads the proxy identity, strips every identity header that was not proven (and every
// identity-like header it does not read, proven or not), attaches the principal under
// SSO_PRINCIPAL and answers 400 for malformed trusted headers. Mount it before anything that
// reads or logs headers.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { PROBLEM_JSON, toProblemDetails } from '@platform/service-kit';
import { accessError, AccessErrorCode } from '../access.errors';
import type { Principal } from '../principal';
import { readProxyIdentity, type ProxyIdentity, type UntrustedReason } from './read-proxy-identity';
import type { SsoConfig } from './sso-config';
import { stripIdentityHeaders } from './strip-identity-headers';

/** Where the middleware puts the SSO principal; a Symbol, so no client input can collide with it. */
export const SSO_PRINCIPAL: unique symbol = Symbol('mcp-gateway.sso-principal');

export const INVALID_SSO_HEADER_CODE = AccessErrorCode.InvalidSsoHeader;

export interface SsoHeaderRequest extends IncomingMessage {
  [SSO_PRINCIPAL]?: Principal;
}

/** What happened to one request, without any header value: for audit logs and metrics. */
export interface SsoHeaderOutcome {
  kind: ProxyIdentity['kind'];
  /** Set when kind is `untrusted`. */
  reason?: UntrustedReason;
  /** Set when kind is `invalid`: the offending header. */
  header?: string;
  /** Lower-case names of the headers removed from the request. */
  removedHeaders: readonly string[];
}

export interface SsoHeaderMiddlewareOptions {
  /** Called once per request, before the response or next(); e.g. to audit forged headers. */
  onOutcome?: (outcome: SsoHeaderOutcome, request: IncomingMessage) => void;
}

export type SsoHeaderMiddleware = (
  request: IncomingMessage,
  response: ServerResponse,
  next: (error?: unknown) => void,
) => void;

/** The principal the SSO middleware attached to this request, if any. */
export function ssoPrincipalOf(request: IncomingMessage): Principal | undefined {
  return (request as SsoHeaderRequest)[SSO_PRINCIPAL];
}

export function createSsoHeaderMiddleware(
  config: SsoConfig,
  options: SsoHeaderMiddlewareOptions = {},
): SsoHeaderMiddleware {
  return function ssoHeaderMiddleware(request, response, next) {
    let identity: ProxyIdentity;
    try {
      identity = readProxyIdentity(
        {
          headers: request.headers,
          rawHeaders: request.rawHeaders,
          remoteAddress: request.socket.remoteAddress,
        },
        config,
      );
      const target = request as SsoHeaderRequest;
      delete target[SSO_PRINCIPAL];
      // Identity headers survive only on requests whose principal was built from them.
      const removedHeaders = stripIdentityHeaders(
        target,
        config.headerNames,
        identity.kind === 'trusted' ? 'keep-read' : 'everything',
      );
      if (identity.kind === 'trusted') target[SSO_PRINCIPAL] = identity.principal;
      options.onOutcome?.(outcomeOf(identity, removedHeaders), request);
    } catch (error) {
      next(error);
      return;
    }
    if (identity.kind === 'invalid') {
      rejectRequest(response, identity.message);
      return;
    }
    next();
  };
}

function outcomeOf(identity: ProxyIdentity, removedHeaders: readonly string[]): SsoHeaderOutcome {
  switch (identity.kind) {
    case 'untrusted':
      return { kind: identity.kind, reason: identity.reason, removedHeaders };
    case 'invalid':
      return { kind: identity.kind, header: identity.header, removedHeaders };
    case 'trusted':
    case 'anonymous':
      return { kind: identity.kind, removedHeaders };
  }
}

function rejectRequest(response: ServerResponse, detail: string): void {
  const problem = toProblemDetails(accessError(INVALID_SSO_HEADER_CODE, detail));
  const body = JSON.stringify(problem);
  response.statusCode = problem.status;
  response.setHeader('Content-Type', `${PROBLEM_JSON}; charset=utf-8`);
  response.setHeader('Content-Length', Buffer.byteLength(body));
  response.setHeader('Cache-Control', 'no-store');
  response.end(body);
}
