// The server side of one legacy HTTP+SSE session (protocol 2024-11-05) as the SDK's `Transport`, so
// an official McpServer runs over it unchanged: the event stream's first event is `endpoint` (where
// to POST), every message the server sends is a `message` event on the stream, and each message the
// client POSTs is handed to the server with the caller the POST authenticated as.
import type { AuthInfo, JSONRPCMessage, Transport } from '@modelcontextprotocol/server';
import type { SseWriter } from '../http/sse-writer';

export class LegacySseServerTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: Transport['onmessage'];
  private closed = false;

  /** `endpoint`: the URI the client POSTs its messages to, session id included. */
  constructor(
    readonly sessionId: string,
    private readonly stream: SseWriter,
    private readonly endpoint: string,
  ) {}

  /** Called by the server's connect(): the endpoint event goes out first, before any message. */
  start(): Promise<void> {
    this.stream.event('endpoint', this.endpoint);
    return Promise.resolve();
  }

  send(message: JSONRPCMessage): Promise<void> {
    if (this.closed) return Promise.reject(new Error(`legacy SSE session ${this.sessionId} is closed`));
    this.stream.message(message);
    return Promise.resolve();
  }

  /** A message the client POSTed, for the server. */
  receive(message: JSONRPCMessage, authInfo: AuthInfo): void {
    this.onmessage?.(message, { authInfo });
  }

  /** Ends the event stream (if still open) and tells the server; once. */
  close(): Promise<void> {
    if (this.closed) return Promise.resolve();
    this.closed = true;
    this.stream.end();
    this.onclose?.();
    return Promise.resolve();
  }
}
