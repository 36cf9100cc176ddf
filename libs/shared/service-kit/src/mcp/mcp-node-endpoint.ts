// A service's own MCP endpoint over Node's HTTP objects, with the official SDK. Streamable HTTP: the
// SDK's handler serves the 2026-07-28 protocol and, statelessly, 2025-era clients, with one server
// instance per request. Legacy HTTP+SSE (2024-11-05): a GET that only such a client sends opens a
// session whose server instance lives as long as its event stream, and whose messages are POSTed to
// `messagesPath` (docs/decisions/047). The curation API and the terminal bridge use it behind their
// controllers, which authenticate first and say who is calling in `AuthInfo` (never the credential
// itself); `clientId` names the caller a legacy session belongs to.
import type { Logger } from '@nestjs/common';
import { type NodeMcpRequestHandler, toNodeHandler } from '@modelcontextprotocol/node';
import {
  type AuthInfo,
  createMcpHandler,
  type JSONRPCMessage,
  type McpHttpHandler,
  type McpServer,
  parseJSONRPCMessage,
} from '@modelcontextprotocol/server';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { type Clock, SYSTEM_CLOCK } from '../clock/clock';
import { SseWriter } from '../http/sse-writer';
import { LegacySseErrors } from './legacy-sse-errors';
import { DEFAULT_LEGACY_SSE_LIMITS, type LegacySseLimits, LegacySseSessions } from './legacy-sse-sessions';
import { LegacySseServerTransport } from './legacy-sse.transport';

export interface McpNodeEndpointOptions {
  /** Where legacy HTTP+SSE clients POST their messages, e.g. `/mcp/messages`. */
  readonly messagesPath: string;
  readonly legacySseLimits?: Partial<LegacySseLimits>;
  readonly clock?: Clock;
}

type McpNodeRequest = IncomingMessage & { auth?: AuthInfo; body?: unknown; query?: unknown };

/** A live legacy session: the transport its messages arrive on, and its end (the server's close). */
interface LegacySession {
  readonly transport: LegacySseServerTransport;
  close(): Promise<void>;
}

export class McpNodeEndpoint {
  private readonly handler: McpHttpHandler;
  private readonly serveNode: NodeMcpRequestHandler;
  private readonly legacySessions: LegacySseSessions<LegacySession>;

  /** `createServer` builds the server one request (or one legacy session) is served by, for the caller `auth` names. */
  constructor(
    private readonly createServer: (auth: AuthInfo | undefined) => McpServer,
    private readonly logger: Logger,
    private readonly options: McpNodeEndpointOptions,
  ) {
    this.handler = createMcpHandler((context) => createServer(context.authInfo), {
      onerror: (error) => logger.warn({ err: error }, 'MCP request failed'),
    });
    this.serveNode = toNodeHandler(this.handler, {
      onerror: (error) => logger.error({ err: error }, 'MCP adapter failed'),
    });
    this.legacySessions = new LegacySseSessions(
      { ...DEFAULT_LEGACY_SSE_LIMITS, ...options.legacySseLimits },
      options.clock ?? SYSTEM_CLOCK,
      (error) => logger.warn({ err: error }, 'Closing a legacy SSE session failed'),
    );
  }

  /**
   * Serves one request to the MCP endpoint for an authenticated caller; `body` is the parsed JSON
   * of a POST. A GET that opens a legacy event stream starts a session; the rest is Streamable HTTP.
   */
  serve(request: McpNodeRequest, response: ServerResponse, auth: AuthInfo): Promise<void> {
    if (opensLegacyStream(request)) return this.openLegacySession(response, auth);
    request.auth = auth;
    return this.serveNode(request, response, request.method === 'POST' ? request.body : undefined);
  }

  /**
   * `POST <messagesPath>?sessionId=…`: one message for a legacy session, answered 202 Accepted;
   * the server's answer travels on the session's event stream. Only the session's own caller may
   * post to it. Throws the refusals (legacy-sse-errors.ts) before anything is written.
   */
  postLegacyMessage(request: McpNodeRequest, response: ServerResponse, auth: AuthInfo): Promise<void> {
    const sessionId = sessionIdOf(request);
    if (sessionId === undefined) throw LegacySseErrors.sessionIdRequired(this.options.messagesPath);
    const session = this.legacySessions.use(sessionId, auth.clientId);
    const message = jsonRpcMessageOf(request.body);
    response.statusCode = 202;
    response.end();
    session.transport.receive(message, auth);
    return Promise.resolve();
  }

  async close(): Promise<void> {
    await this.legacySessions.endAll();
    await this.handler.close();
  }

  private async openLegacySession(response: ServerResponse, auth: AuthInfo): Promise<void> {
    const sessionId = this.legacySessions.open(auth.clientId);
    const stream = new SseWriter(response);
    const transport = new LegacySseServerTransport(
      sessionId,
      stream,
      `${this.options.messagesPath}?sessionId=${sessionId}`,
    );
    response.on('close', () => this.legacySessions.end(sessionId));
    const server = this.createServer(auth);
    transport.onerror = (error) => this.logger.warn({ err: error }, 'Legacy SSE session failed');
    await server.connect(transport);
    // Ending the session closes the server, which closes the transport and its stream.
    this.legacySessions.attach(sessionId, { transport, close: () => server.close() });
  }
}

/**
 * A GET that only a legacy HTTP+SSE client sends: it asks for an event stream and carries neither
 * a session id nor a protocol version. A Streamable HTTP client of 2025-06-18 or later sends
 * `MCP-Protocol-Version` on its GET (it has negotiated one), and the SDK answers it as before.
 */
function opensLegacyStream(request: IncomingMessage): boolean {
  if (request.method !== 'GET') return false;
  const headers = request.headers;
  if (headers['mcp-session-id'] !== undefined || headers['mcp-protocol-version'] !== undefined) return false;
  return (headers.accept ?? '').toLowerCase().includes('text/event-stream');
}

function sessionIdOf(request: McpNodeRequest): string | undefined {
  const query = request.query;
  const value =
    typeof query === 'object' && query !== null && 'sessionId' in query ? query.sessionId : undefined;
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** The body as one JSON-RPC message, validated with the SDK's own schema. */
function jsonRpcMessageOf(body: unknown): JSONRPCMessage {
  if (body === undefined)
    throw LegacySseErrors.invalidMessage('no JSON body (send Content-Type: application/json)');
  if (Array.isArray(body))
    throw LegacySseErrors.invalidMessage('batches are not supported; send one message per POST');
  try {
    return parseJSONRPCMessage(body);
  } catch {
    throw LegacySseErrors.invalidMessage(
      'it needs "jsonrpc": "2.0" and a method (with an id for a request), or an id with a result or an error',
    );
  }
}
