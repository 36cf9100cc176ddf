// Answers one client JSON-RPC message in the view the client connected to: the handshake and
// ping itself; in the direct view everything else goes to the one backend as it is, with items
// authorized and lists filtered; in the aggregated and Meta-Mode views lists are merged across
// backends and calls are routed by namespace, each through the authorization pipeline before any
// backend sees it.
import { isSpecType } from '@modelcontextprotocol/server';
import { Injectable } from '@nestjs/common';
import { type JsonRpcNotification, type JsonRpcRequest, jsonRpcResult } from '@platform/jsonrpc';
import { DomainError } from '@platform/service-kit';
import { jsonRpcErrorFor } from '../protocol/mcp-error-responses';
import { BackendErrorCode } from '../../backends/backend.errors';
import { ConnectionManager } from '../../backends/connections/connection-manager.service';
import { BackendProxy } from '../../backends/proxy/backend-proxy.service';
import { randomHex128 } from '../../backends/proxy/random-hex';
import type { DispatchResult, Exchange } from '../sessions/exchange';
import { AggregatedCatalog } from './aggregated-catalog.service';
import { DirectSubscriptions } from './direct-subscriptions';
import { DirectView } from './direct-view.service';
import { InvocationAudit } from '../audit/invocation.audit';
import { severityOf } from '../sessions/log-levels';
import { paramsOf, validateRequest, type ValidatedRequest } from '../protocol/request-params.validator';
import { MetaModeTools } from '../meta-mode/meta-mode.tools';
import { SERVER_INFO_META_KEY } from '../protocol/protocol-era';
import {
  ALL_PROTOCOL_VERSIONS,
  GATEWAY_SERVER_INFO,
  negotiateProtocolVersion,
} from '../protocol/protocol-versions';

/**
 * Client notifications the direct view passes to its backend; any other is dropped, as the
 * direct view answers unknown requests "Method not found" (cancellation is the gateway's own).
 */
const FORWARDED_NOTIFICATIONS: ReadonlySet<string> = new Set([
  'notifications/initialized',
  'notifications/progress',
  'notifications/roots/list_changed',
]);

/** The methods whose calls are audited (spec: invocation audit). */
const AUDITED_METHODS = new Set(['tools/call', 'prompts/get', 'resources/read', 'completion/complete']);

@Injectable()
export class McpDispatcher {
  constructor(
    private readonly proxy: BackendProxy,
    private readonly connections: ConnectionManager,
    private readonly direct: DirectView,
    private readonly catalog: AggregatedCatalog,
    private readonly meta: MetaModeTools,
    private readonly audit: InvocationAudit,
    private readonly subscriptions: DirectSubscriptions,
  ) {}

  async request(exchange: Exchange, request: JsonRpcRequest): Promise<DispatchResult> {
    // While a request is answered its session is in use: never ended to make room, nor reaped.
    exchange.session?.answeringRequest();
    try {
      return await this.answer(exchange, request);
    } finally {
      exchange.session?.answered();
    }
  }

  private async answer(exchange: Exchange, request: JsonRpcRequest): Promise<DispatchResult> {
    const validation = validateRequest(request);
    if ('invalid' in validation) {
      const refused: DispatchResult = { response: validation.invalid };
      if (AUDITED_METHODS.has(request.method)) this.audit.record(exchange, request, refused, 0);
      return refused;
    }
    return this.answerValid(exchange, validation.valid);
  }

  private async answerValid(exchange: Exchange, request: ValidatedRequest): Promise<DispatchResult> {
    switch (request.method) {
      case 'initialize':
        return this.initialize(exchange, request);
      case 'server/discover':
        return this.discover(exchange, request);
      case 'ping':
        return { response: jsonRpcResult(request.id, {}) };
      case 'logging/setLevel':
      case 'resources/subscribe':
      case 'resources/unsubscribe':
      case 'tasks/list':
        return this.sessionState(exchange, request);
    }
    return this.routed(exchange, request);
  }

  private async routed(exchange: Exchange, request: ValidatedRequest): Promise<DispatchResult> {
    const started = Date.now();
    const result = await this.route(exchange, request);
    if (AUDITED_METHODS.has(request.method))
      this.audit.record(exchange, request, result, Date.now() - started);
    return result;
  }

  /**
   * Methods that change or read the state of the backend session every caller shares. The gateway
   * keeps each session's part of it in the direct view (DirectSubscriptions); the aggregated views
   * accept a log level (their own messages are attributed) and have no resource subscriptions.
   */
  private sessionState(
    exchange: Exchange,
    request: ValidatedRequest,
  ): Promise<DispatchResult> | DispatchResult {
    const { mode, session } = exchange;
    if (mode.kind !== 'direct') {
      if (request.method !== 'logging/setLevel') return this.routed(exchange, request);
      // Kept for the log lines backends send on this session's own requests (forwardedCall in exchange.ts).
      const level = paramsOf(request, 'logging/setLevel')?.level;
      if (session !== undefined && level !== undefined && severityOf(level) !== undefined)
        session.logLevel = level;
      return { response: jsonRpcResult(request.id, {}) };
    }
    switch (request.method) {
      case 'logging/setLevel':
        return this.subscriptions.setLogLevel(exchange, mode.serverId, request);
      case 'tasks/list':
        // The backend lists the tasks of its one session, which is every caller's.
        return {
          response: jsonRpcErrorFor('MethodNotFound', request.id, {
            message:
              'Method not found: tasks/list is not available through the gateway, whose session with the backend every caller shares',
          }),
        };
      default:
        return this.subscriptions.resource(exchange, mode.serverId, request, () =>
          this.routed(exchange, request),
        );
    }
  }

  /** Client notifications: cancellation is the gateway's; in the direct view the rest go to the backend. */
  async notification(exchange: Exchange, notification: JsonRpcNotification): Promise<void> {
    if (notification.method === 'notifications/cancelled') {
      // Checked with the SDK's schema: a cancellation that does not fit it is ignored (MCP lets
      // the receiver ignore what it cannot process), and one about a task has no requestId.
      const candidate = { method: notification.method, params: notification.params };
      if (isSpecType.CancelledNotification(candidate) && candidate.params.requestId !== undefined) {
        this.proxy.cancel(exchange.contextId, candidate.params.requestId, candidate.params.reason);
      }
      return;
    }
    if (exchange.mode.kind === 'direct' && FORWARDED_NOTIFICATIONS.has(notification.method))
      await this.proxy.notify(exchange.mode.serverId, notification).catch(() => undefined);
  }

  private async route(exchange: Exchange, request: ValidatedRequest): Promise<DispatchResult> {
    const { mode } = exchange;
    if (mode.kind === 'direct') return this.direct.handle(exchange, mode.serverId, request);
    if (mode.kind === 'meta' && (request.method === 'tools/list' || request.method === 'tools/call')) {
      return this.meta.handle(exchange, request);
    }
    return this.catalog.handle(exchange, request);
  }

  private async initialize(exchange: Exchange, request: ValidatedRequest): Promise<DispatchResult> {
    const params = paramsOf(request, 'initialize');
    const protocolVersion = negotiateProtocolVersion(params?.protocolVersion);
    if (exchange.session !== undefined) {
      exchange.session.protocolVersion = protocolVersion;
      if (params !== undefined) exchange.session.clientCapabilities = params.capabilities;
    }
    const view = await this.describeView(exchange);
    if ('failure' in view) return unavailable(request, view.serverId, view.failure);
    return { response: jsonRpcResult(request.id, { protocolVersion, ...view }) };
  }

  /** 2026-07-28 `server/discover`: the revisions we serve and what this view offers. */
  private async discover(exchange: Exchange, request: JsonRpcRequest): Promise<DispatchResult> {
    const view = await this.describeView(exchange);
    if ('failure' in view) return unavailable(request, view.serverId, view.failure);
    const { serverInfo, ...rest } = view;
    return {
      response: jsonRpcResult(request.id, {
        supportedVersions: [...ALL_PROTOCOL_VERSIONS],
        ...rest,
        // The view's capabilities depend on the caller's view, not on who they are.
        ttlMs: 0,
        cacheScope: 'private',
        _meta: { [SERVER_INFO_META_KEY]: serverInfo },
      }),
    };
  }

  /** Capabilities, identity and instructions of the view the client connected to. */
  private async describeView(exchange: Exchange): Promise<ViewDescription | ViewFailure> {
    if (exchange.mode.kind !== 'direct') {
      return {
        capabilities: {
          tools: { listChanged: true },
          prompts: { listChanged: true },
          resources: { listChanged: true },
          completions: {},
          logging: {},
        },
        serverInfo: GATEWAY_SERVER_INFO,
        instructions:
          exchange.mode.kind === 'meta'
            ? 'Meta-Mode: call search_tools to find a tool across every server, then execute_tool to run it.'
            : 'Tools and prompts are named <serverId>__<name>; resources are mcp://<serverId>/<uri>.',
      };
    }
    // The direct view presents the backend itself: its capabilities, identity and instructions.
    const serverId = exchange.mode.serverId;
    try {
      const client = await this.connections.clientFor(serverId);
      const instructions = client.getInstructions();
      return {
        capabilities: client.getServerCapabilities() ?? {},
        serverInfo: client.getServerVersion() ?? { name: serverId, version: 'unknown' },
        ...(instructions === undefined ? {} : { instructions }),
      };
    } catch (error) {
      return { serverId, failure: error };
    }
  }
}

interface ViewDescription {
  readonly capabilities: Readonly<Record<string, unknown>>;
  readonly serverInfo: Readonly<Record<string, unknown>>;
  readonly instructions?: string;
}

interface ViewFailure {
  readonly serverId: string;
  readonly failure: unknown;
}

function unavailable(request: JsonRpcRequest, serverId: string, error: unknown): DispatchResult {
  // ConnectionManager.clientFor says "no such enabled server" with its own code.
  const notFound = error instanceof DomainError && error.code === BackendErrorCode.BackendNotFound;
  return {
    outcome: notFound ? 'not-found' : 'unavailable',
    response: jsonRpcErrorFor('ServerNotRunning', request.id, {
      message: `Server '${serverId}' is not available`,
      data: {
        serverId,
        reason: error instanceof Error ? error.message : String(error),
      },
    }),
  };
}

/** A fresh context id for a stateless request: nothing is shared between callers. */
export function statelessContextId(): string {
  return `stateless-${randomHex128()}`;
}
