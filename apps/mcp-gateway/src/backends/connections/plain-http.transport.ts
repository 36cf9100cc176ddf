// The `http` backend type: JSON-RPC over plain HTTP POST, one exchange per message and no
// stream. A request's answer is the response body (one message or a batch); a notification or
// response is acknowledged with 202/204 and no body. There is no channel for server-initiated
// messages, so such backends cannot send progress, sampling or list_changed.
import {
  type FetchLike,
  type JSONRPCMessage,
  parseJSONRPCMessage,
  type Transport,
  type TransportSendOptions,
} from '@modelcontextprotocol/client';
import { mcpErrorObject } from '../../mcp/protocol/mcp-error-responses';

export interface PlainHttpTransportOptions {
  readonly headers: Readonly<Record<string, string>>;
  readonly fetch?: FetchLike;
}

/** An HTTP answer the gateway could not use; carries the status for the caller's error. */
export class PlainHttpError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'PlainHttpError';
  }
}

/** Caps a backend answer (a misbehaving server must not exhaust the gateway's memory). */
const MAX_RESPONSE_BYTES = 32 * 1024 * 1024;

export class PlainHttpClientTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: <T extends JSONRPCMessage>(message: T) => void;
  private readonly inFlight = new Set<AbortController>();
  private closed = false;

  constructor(
    private readonly url: URL,
    private readonly options: PlainHttpTransportOptions,
  ) {}

  async start(): Promise<void> {
    this.closed = false;
  }

  async send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    if (this.closed) throw new PlainHttpError('transport is closed');
    const controller = new AbortController();
    this.inFlight.add(controller);
    const signal =
      options?.requestSignal === undefined
        ? controller.signal
        : AbortSignal.any([controller.signal, options.requestSignal]);
    // The exchange runs in the background: send() resolves once the request is handed over, and
    // the answer arrives through onmessage like on any other transport.
    void this.exchange(message, signal).finally(() => this.inFlight.delete(controller));
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const controller of this.inFlight) controller.abort(new PlainHttpError('transport closed'));
    this.inFlight.clear();
    this.onclose?.();
  }

  private async exchange(message: JSONRPCMessage, signal: AbortSignal): Promise<void> {
    let messages: JSONRPCMessage[];
    try {
      messages = await this.post(message, signal);
    } catch (error) {
      if (signal.aborted) return;
      const failure = error instanceof PlainHttpError ? error : new PlainHttpError(describe(error));
      // A request must not wait for a timeout when its exchange already failed: answer it here.
      if ('id' in message && 'method' in message) {
        // Spec 7: -32001 when the backend cannot be reached at all, -32603 when it answered badly.
        const name = failure.status === undefined ? 'ServerNotRunning' : 'InternalError';
        const error = mcpErrorObject(name, { message: failure.message });
        this.onmessage?.({ jsonrpc: '2.0', id: message.id, error });
      } else {
        this.onerror?.(failure);
      }
      return;
    }
    for (const item of messages) this.onmessage?.(item);
  }

  private async post(message: JSONRPCMessage, signal: AbortSignal): Promise<JSONRPCMessage[]> {
    const fetchImplementation = this.options.fetch ?? fetch;
    const response = await fetchImplementation(this.url, {
      method: 'POST',
      headers: { ...this.options.headers, 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(message),
      signal,
    });
    const body = await readLimited(response);
    if (!response.ok) throw new PlainHttpError(`backend answered HTTP ${response.status}`, response.status);
    if (body.trim() === '') return [];
    try {
      return toMessages(JSON.parse(body));
    } catch {
      throw new PlainHttpError('backend answered with a body that is not JSON-RPC', response.status);
    }
  }
}

function describe(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return error instanceof Error ? `${error.message}${cause}` : String(error);
}

function toMessages(parsed: unknown): JSONRPCMessage[] {
  const items = Array.isArray(parsed) ? parsed : [parsed];
  return items.map((item) => parseJSONRPCMessage(item));
}

async function readLimited(response: Response): Promise<string> {
  const declared = Number(response.headers.get('content-length') ?? '0');
  if (declared > MAX_RESPONSE_BYTES) throw new PlainHttpError('backend answer is too large');
  const text = await response.text();
  if (text.length > MAX_RESPONSE_BYTES) throw new PlainHttpError('backend answer is too large');
  return text;
}
