// Server-sent events on one HTTP response: headers that keep proxies from buffering or
// compressing, one event per message, and a comment every 15 s so idle streams survive
// load balancers (spec: keep-alives; `X-Accel-Buffering: no`). Used by the gateway's MCP
// transports and by the services' own legacy HTTP+SSE sessions (McpNodeEndpoint).
import type { ServerResponse } from 'node:http';
import { markEndlessStream } from './endless-streams';

export const KEEP_ALIVE_MS = 15_000;

export class SseWriter {
  private readonly keepAlive: NodeJS.Timeout;
  private open = true;

  constructor(
    private readonly response: ServerResponse,
    headers: Readonly<Record<string, string>> = {},
  ) {
    response.statusCode = 200;
    const all = {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache, no-transform',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
      'Content-Encoding': 'identity',
      ...headers,
    };
    for (const [name, value] of Object.entries(all)) response.setHeader(name, value);
    response.flushHeaders();
    // A GET stream is a session's standing stream and never ends by itself: shutdown closes it at
    // once. A POST's stream ends with its answer and, as an in-flight request, gets the grace period.
    if (response.req.method === 'GET') markEndlessStream(response);
    response.socket?.setNoDelay(true);
    this.keepAlive = setInterval(() => this.write(': keep-alive\n\n'), KEEP_ALIVE_MS);
    this.keepAlive.unref();
    response.on('close', () => this.stop());
  }

  event(name: string, data: string): void {
    // A data field cannot span lines: every line of the payload gets its own `data:`.
    const lines = data
      .split(/\r\n|\r|\n/)
      .map((line) => `data: ${line}`)
      .join('\n');
    this.write(`event: ${name}\n${lines}\n\n`);
  }

  message(payload: unknown): void {
    this.event('message', JSON.stringify(payload));
  }

  end(): void {
    this.stop();
    if (!this.response.writableEnded) this.response.end();
  }

  private write(chunk: string): void {
    if (this.open) this.response.write(chunk);
  }

  private stop(): void {
    this.open = false;
    clearInterval(this.keepAlive);
  }
}
