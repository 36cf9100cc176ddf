// Serves the conformance backend over Streamable HTTP at `/mcp`: one stateful session (its own
// McpServer and transport) per `initialize`, resumable SSE streams, and DNS-rebinding protection
// (only localhost Host and Origin headers are accepted, as the suite's security scenario expects).
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  localhostHostValidation,
  localhostOriginValidation,
  NodeStreamableHTTPServerTransport,
} from '@modelcontextprotocol/node';
import { isInitializeRequest } from '@modelcontextprotocol/server';
import { createConformanceServer } from './conformance-server.ts';
import { InMemoryEventStore } from './in-memory-event-store.ts';

export const ENDPOINT_PATH = '/mcp';
/** Suggested SSE reconnection delay (the `retry` field of priming events). */
const RETRY_INTERVAL_MS = 500;
const MAX_BODY_BYTES = 1024 * 1024;

export interface ConformanceHttpServer {
  readonly port: number;
  close(): Promise<void>;
}

export async function startConformanceHttpServer(
  port: number,
  host = '127.0.0.1',
): Promise<ConformanceHttpServer> {
  const sessions = new Map<string, NodeStreamableHTTPServerTransport>();
  const hostAllowed = localhostHostValidation();
  const originAllowed = localhostOriginValidation();
  const server: Server = createServer((request, response) => {
    if (!hostAllowed(request, response) || !originAllowed(request, response)) return;
    route(sessions, request, response).catch((error: unknown) => {
      if (!response.headersSent) reply(response, 500, -32603, `Internal error: ${(error as Error).message}`);
      else response.destroy();
    });
  });
  server.listen(port, host);
  await once(server, 'listening');
  return {
    port: (server.address() as AddressInfo).port,
    close: async () => {
      await Promise.all([...sessions.values()].map((transport) => transport.close()));
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}

async function route(
  sessions: Map<string, NodeStreamableHTTPServerTransport>,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  if (new URL(request.url ?? '/', 'http://localhost').pathname !== ENDPOINT_PATH) {
    reply(response, 404, -32600, `Not found: the MCP endpoint is ${ENDPOINT_PATH}`);
    return;
  }
  const sessionId = request.headers['mcp-session-id'];
  const session = typeof sessionId === 'string' ? sessions.get(sessionId) : undefined;
  if (typeof sessionId === 'string' && session === undefined) {
    reply(response, 404, -32001, 'Session not found');
    return;
  }
  if (request.method === 'POST') {
    const body = await readJson(request);
    if (body === undefined) {
      reply(response, 400, -32700, 'Parse error: the body is not JSON');
      return;
    }
    if (session !== undefined) return session.handleRequest(request, response, body);
    if (!isInitializeRequest(body)) {
      reply(response, 400, -32000, 'Bad Request: send initialize first (no Mcp-Session-Id)');
      return;
    }
    return (await openSession(sessions)).handleRequest(request, response, body);
  }
  if (request.method === 'GET' || request.method === 'DELETE') {
    if (session === undefined) {
      reply(response, 400, -32000, 'Bad Request: Mcp-Session-Id is required');
      return;
    }
    return session.handleRequest(request, response);
  }
  response.setHeader('Allow', 'GET, POST, DELETE');
  reply(response, 405, -32000, 'Method not allowed');
}

async function openSession(
  sessions: Map<string, NodeStreamableHTTPServerTransport>,
): Promise<NodeStreamableHTTPServerTransport> {
  const transport = new NodeStreamableHTTPServerTransport({
    sessionIdGenerator: () => randomUUID(),
    eventStore: new InMemoryEventStore(),
    retryInterval: RETRY_INTERVAL_MS,
    onsessioninitialized: (id) => {
      sessions.set(id, transport);
    },
  });
  const server = createConformanceServer();
  transport.onclose = () => {
    if (transport.sessionId !== undefined) sessions.delete(transport.sessionId);
    void server.close();
  };
  await server.connect(transport);
  return transport;
}

async function readJson(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) return undefined;
    chunks.push(chunk as Buffer);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}

function reply(response: ServerResponse, status: number, code: number, message: string): void {
  response.writeHead(status, { 'Content-Type': 'application/json' });
  response.end(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }));
}
