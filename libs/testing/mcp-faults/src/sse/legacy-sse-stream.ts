// A legacy HTTP+SSE (2024-11-05) session opened by hand, for tests that must do what no SDK client
// does: post to someone else's session, send malformed bodies, hold many streams open. It opens
// the GET, reads the `endpoint` event, and hands out the later events in order.
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { type SseEvent, SseEventParser } from './sse-event.parser';

export interface LegacySseStream {
  /** The stream's status; on anything but 200, `body` holds the answer and the rest is empty. */
  readonly status: number;
  readonly body: string;
  /** The `endpoint` event's data, as sent (e.g. `/mcp/messages?sessionId=…`). */
  readonly endpoint: string;
  readonly sessionId: string;
  /** The next `message` event's JSON whose `id` equals `id` (earlier messages are kept in `seen`). */
  nextAnswer(id: number | string): Promise<Record<string, unknown>>;
  /** Every message event received so far, parsed. */
  readonly seen: readonly Record<string, unknown>[];
  /** Resolves once the server ends the stream. */
  readonly ended: Promise<void>;
  close(): void;
}

/** Opens `GET url` with `Accept: text/event-stream` and the given headers. */
export function openLegacySseStream(url: string, headers: Record<string, string>): Promise<LegacySseStream> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(url, {
      method: 'GET',
      headers: { Accept: 'text/event-stream', ...headers },
    });
    outgoing.on('error', reject);
    outgoing.on('response', (response) => {
      if (response.statusCode !== 200) {
        void readBody(response).then((body) => resolve(refused(response.statusCode ?? 0, body)), reject);
        return;
      }
      const parser = new SseEventParser();
      const seen: Record<string, unknown>[] = [];
      const waiters: Array<() => void> = [];
      let endpoint: string | undefined;
      const ended = new Promise<void>((settle) => response.once('close', () => settle()));
      response.on('data', (chunk: Buffer) => {
        for (const event of parser.push(chunk)) {
          if (event.event === 'endpoint' && endpoint === undefined) {
            endpoint = event.data ?? '';
            resolve(stream(endpoint));
          } else if (isMessage(event)) {
            seen.push(JSON.parse(event.data ?? 'null') as Record<string, unknown>);
            for (const wake of waiters.splice(0)) wake();
          }
        }
      });
      response.on('close', () => {
        if (endpoint === undefined) reject(new Error('the stream ended before its endpoint event'));
        for (const wake of waiters.splice(0)) wake();
      });
      const stream = (endpointData: string): LegacySseStream => ({
        status: 200,
        body: '',
        endpoint: endpointData,
        sessionId: new URL(endpointData, url).searchParams.get('sessionId') ?? '',
        seen,
        ended,
        async nextAnswer(id) {
          for (;;) {
            const answer = seen.find((message) => message['id'] === id);
            if (answer !== undefined) return answer;
            if (response.closed) throw new Error(`the stream ended without an answer to ${String(id)}`);
            await new Promise<void>((wake) => waiters.push(wake));
          }
        },
        close: () => outgoing.destroy(),
      });
    });
    outgoing.end();
  });
}

function isMessage(event: SseEvent): boolean {
  return (event.event ?? 'message') === 'message' && event.data !== undefined;
}

function refused(status: number, body: string): LegacySseStream {
  return {
    status,
    body,
    endpoint: '',
    sessionId: '',
    seen: [],
    ended: Promise.resolve(),
    nextAnswer: () => Promise.reject(new Error(`the stream was refused with ${status}`)),
    close: () => undefined,
  };
}

function readBody(response: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    response.setEncoding('utf8');
    response.on('data', (chunk: string) => (text += chunk));
    response.on('end', () => resolve(text));
    response.on('error', reject);
  });
}
