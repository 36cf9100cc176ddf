// The event-stream writer on a recording response: headers, framing, keep-alive comments on a fake
// clock, and what ends them.
import { EventEmitter } from 'node:events';
import { jest } from '@jest/globals';
import type { ServerResponse } from 'node:http';
import { isEndlessStream } from './endless-streams';
import { KEEP_ALIVE_MS, SseWriter } from './sse-writer';

class RecordingResponse extends EventEmitter {
  statusCode = 0;
  readonly headers = new Map<string, string>();
  readonly chunks: string[] = [];
  writableEnded = false;
  readonly socket = undefined;

  constructor(readonly req: { method: string }) {
    super();
  }

  setHeader(name: string, value: string): void {
    this.headers.set(name.toLowerCase(), value);
  }

  headersFlushed = false;

  flushHeaders(): void {
    this.headersFlushed = true;
  }

  write(chunk: string): boolean {
    this.chunks.push(chunk);
    return true;
  }

  end(): void {
    this.writableEnded = true;
  }
}

function writerOn(method: string): { response: RecordingResponse; writer: SseWriter } {
  const response = new RecordingResponse({ method });
  return { response, writer: new SseWriter(response as unknown as ServerResponse) };
}

describe('SseWriter', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('sends the headers that keep proxies from buffering, and marks a GET stream endless', () => {
    const { response } = writerOn('GET');
    expect(response.statusCode).toBe(200);
    expect(response.headersFlushed).toBe(true);
    expect(Object.fromEntries(response.headers)).toMatchObject({
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      'x-accel-buffering': 'no',
      'content-encoding': 'identity',
    });
    expect(isEndlessStream(response as unknown as ServerResponse)).toBe(true);
    expect(isEndlessStream(writerOn('POST').response as unknown as ServerResponse)).toBe(false);
  });

  it('writes one event per message, each line of the data on its own data field', () => {
    const { response, writer } = writerOn('GET');
    writer.event('endpoint', '/mcp/messages?sessionId=ab');
    writer.event('note', 'one\ntwo\r\nthree');
    writer.message({ jsonrpc: '2.0', id: 1, result: {} });
    expect(response.chunks).toEqual([
      'event: endpoint\ndata: /mcp/messages?sessionId=ab\n\n',
      'event: note\ndata: one\ndata: two\ndata: three\n\n',
      'event: message\ndata: {"jsonrpc":"2.0","id":1,"result":{}}\n\n',
    ]);
  });

  it('sends a keep-alive comment every 15 s until the stream ends', () => {
    const { response, writer } = writerOn('GET');
    jest.advanceTimersByTime(KEEP_ALIVE_MS * 2);
    expect(response.chunks).toEqual([': keep-alive\n\n', ': keep-alive\n\n']);
    writer.end();
    jest.advanceTimersByTime(KEEP_ALIVE_MS * 2);
    writer.message({ jsonrpc: '2.0', method: 'late' });
    expect(response.chunks).toHaveLength(2);
    expect(response.writableEnded).toBe(true);
  });

  it('stops writing once the client has gone', () => {
    const { response, writer } = writerOn('GET');
    response.emit('close');
    jest.advanceTimersByTime(KEEP_ALIVE_MS);
    writer.message({ jsonrpc: '2.0', method: 'late' });
    expect(response.chunks).toEqual([]);
  });
});
