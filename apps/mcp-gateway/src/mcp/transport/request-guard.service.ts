// What every MCP HTTP request passes before any JSON-RPC is read: DNS-rebinding protection
// (the service kit's Origin and Host rule, which also guards `/api/*`; 403), authentication (401
// with the protected-resource hint), and for the direct view the server's existence (404) and the
// caller's right to use it (403). The view check is asked again for every message of a session and
// by the session sweep, with the rules as they are then
// (docs/decisions/020-one-decision-per-item-in-every-view.md).
import { Inject, Injectable } from '@nestjs/common';
import type { ServerResponse } from 'node:http';
import { crossSiteRefusal, DomainError, ORIGIN_POLICY, type OriginPolicy } from '@platform/service-kit';
import { DIRECT_PROXY_METHOD } from '@platform/scopes';
import { AccessControlService } from '../../access/access-control.service';
import { ACCESS_SETTINGS, type AccessSettings } from '../../access/access-settings';
import {
  AuthenticationRequired,
  AuthenticationService,
} from '../../access/authentication/authentication.service';
import { buildWwwAuthenticateHeader } from '../../access/oidc';
import type { DenialExplanation } from '../../access/authorization';
import type { Principal } from '../../access/principal';
import { ServerRegistry } from '../../backends/registry/server-registry.service';
import type { GatewayMode } from '../views/gateway-mode';
import { McpPathErrorCode, mcpPathErrorKind } from '../mcp.errors';
import { mcpErrorObject } from '../protocol/mcp-error-responses';
import { type McpRequest, writeJson } from './mcp-http';

/** Why a principal may not use a view (now). */
export interface ViewRefusal {
  readonly status: 403 | 404;
  readonly message: string;
  /**
   * False when the refusal says nothing about the caller (the access rules could not be read):
   * the request is refused, but a session is not ended for it.
   */
  readonly lasting: boolean;
  /** Which layer refused and what would let the caller through (docs/decisions/023). */
  readonly explanation?: DenialExplanation;
}

@Injectable()
export class McpRequestGuard {
  constructor(
    private readonly authentication: AuthenticationService,
    private readonly access: AccessControlService,
    private readonly registry: ServerRegistry,
    @Inject(ACCESS_SETTINGS) private readonly settings: AccessSettings,
    @Inject(ORIGIN_POLICY) private readonly origins: OriginPolicy,
  ) {}

  /**
   * Whether `/{serverId}` names a backend with a direct view: registered and not built in. The MCP
   * front door asks too, to leave every other one-segment path to Nest's 404.
   */
  isDirectTarget(serverId: string): boolean {
    const source = this.registry.get(serverId)?.source;
    return source !== undefined && source !== 'builtin';
  }

  /** The caller, allowed to use the view, or undefined after an error response was sent. */
  async admit(
    request: McpRequest,
    response: ServerResponse,
    mode: GatewayMode,
  ): Promise<Principal | undefined> {
    const principal = await this.authenticate(request, response, mode);
    if (principal === undefined) return undefined;
    const refusal = await this.viewRefusal(principal, mode);
    if (refusal === undefined) return principal;
    sendError(response, refusal.status, refusal.message, refusal.explanation);
    return undefined;
  }

  /** The caller (Origin and Host checked), or undefined after an error response was sent. */
  async authenticate(
    request: McpRequest,
    response: ServerResponse,
    mode: GatewayMode,
  ): Promise<Principal | undefined> {
    // A path that names no registered server is just an unknown path (problem+json 404 like any other).
    // Built-in servers have no direct view: their resources belong to other servers' owners
    // (`logs://<id>/…`), which only the item-level checks of the aggregated views enforce.
    if (mode.kind === 'direct' && !this.isDirectTarget(mode.serverId)) {
      const code = McpPathErrorCode.RouteNotFound;
      throw new DomainError(mcpPathErrorKind(code), code, `Cannot ${request.method} ${request.path}`);
    }
    const refusal = crossSiteRefusal(this.origins, request.headers);
    if (refusal !== undefined) {
      sendError(response, 403, refusal);
      return undefined;
    }
    let principal: Principal;
    try {
      principal = await this.authentication.authenticate(request);
    } catch (error) {
      if (!(error instanceof AuthenticationRequired)) throw error;
      response.setHeader(
        'WWW-Authenticate',
        buildWwwAuthenticateHeader({
          resourceMetadataUrl: this.settings.resourceMetadataUrl,
          error: error.challengeError,
        }),
      );
      sendError(response, 401, error.message);
      return undefined;
    }
    return principal;
  }

  /**
   * Whether the principal may use the view now: the aggregated views are open to every
   * authenticated caller (their items are checked one by one); the direct view needs an enabled
   * server and the direct-proxy right to it (spec 5.1 "Direct target proxy check").
   */
  async viewRefusal(principal: Principal, mode: GatewayMode): Promise<ViewRefusal | undefined> {
    if (mode.kind !== 'direct') return undefined;
    const server = this.registry.get(mode.serverId)?.definition;
    if (server === undefined || !server.enabled || !this.isDirectTarget(mode.serverId)) {
      return { status: 404, message: `No enabled server with id '${mode.serverId}'`, lasting: true };
    }
    const decision = await this.access.authorize(principal, {
      method: DIRECT_PROXY_METHOD,
      target: mode.serverId,
      serverId: mode.serverId,
    });
    if (decision.allowed) return undefined;
    return {
      status: 403,
      message: decision.message,
      lasting: decision.reason !== 'context-failure',
      ...(decision.explanation === undefined ? {} : { explanation: decision.explanation }),
    };
  }
}

/**
 * MCP endpoints answer HTTP-level refusals as an Invalid Request error object without an id; the
 * HTTP status says the rest (docs/mcp-errors.md).
 */
export function sendError(response: ServerResponse, status: number, message: string, data?: unknown): void {
  if (response.headersSent) return;
  writeJson(response, status, {
    jsonrpc: '2.0',
    id: null,
    error: mcpErrorObject('InvalidRequest', { message, data }),
  });
}
