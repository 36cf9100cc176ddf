// Header handling, session identification and legacy endpoint rewriting of the fault proxy.
import { describe, expect, it } from '@jest/globals';
import {
  downstreamResponseHeaders,
  rewriteEndpoint,
  sessionOf,
  upstreamRequestHeaders,
} from './http-forwarding';

const target = new URL('http://127.0.0.1:4000');
const proxy = 'http://127.0.0.1:5000';

describe('upstreamRequestHeaders', () => {
  it('drops hop-by-hop headers, names the backend as host and sends the exact body length', () => {
    const headers = upstreamRequestHeaders(
      {
        host: '127.0.0.1:5000',
        connection: 'keep-alive, x-private',
        'x-private': 'hop',
        'keep-alive': 'timeout=5',
        'transfer-encoding': 'chunked',
        'accept-encoding': 'gzip',
        authorization: 'Bearer t',
        'mcp-session-id': 's-1',
      },
      target,
      Buffer.from('{"a":1}'),
    );
    expect(headers).toEqual({
      host: '127.0.0.1:4000',
      'accept-encoding': 'identity',
      authorization: 'Bearer t',
      'mcp-session-id': 's-1',
      'content-length': '7',
    });
  });

  it('adds no length to a request that had no body', () => {
    expect(upstreamRequestHeaders({ accept: 'text/event-stream' }, target, Buffer.alloc(0))).toEqual({
      accept: 'text/event-stream',
      host: '127.0.0.1:4000',
      'accept-encoding': 'identity',
    });
  });
});

describe('downstreamResponseHeaders', () => {
  it('drops the length (faults change bodies) and hop-by-hop headers, keeps the rest', () => {
    expect(
      downstreamResponseHeaders({
        'content-type': 'text/event-stream',
        'content-length': '2082',
        connection: 'keep-alive',
        'mcp-session-id': 'abc',
      }),
    ).toEqual({ 'content-type': 'text/event-stream', 'mcp-session-id': 'abc' });
  });
});

describe('sessionOf', () => {
  it('reads the legacy sessionId query parameter first, then Mcp-Session-Id', () => {
    expect(sessionOf(new URL('http://x/message?sessionId=42'), { 'mcp-session-id': 'h' })).toBe('legacy:42');
    expect(sessionOf(new URL('http://x/mcp'), { 'mcp-session-id': 'h' })).toBe('streamable:h');
    expect(sessionOf(new URL('http://x/mcp'), {})).toBeUndefined();
  });
});

describe('rewriteEndpoint', () => {
  it('keeps a relative endpoint, which already resolves against the proxy, and learns its session', () => {
    expect(rewriteEndpoint('/message?sessionId=abc', target, proxy)).toEqual({
      data: '/message?sessionId=abc',
      session: 'legacy:abc',
    });
  });

  it('points an absolute endpoint on the backend at the proxy', () => {
    expect(rewriteEndpoint('http://127.0.0.1:4000/message?sessionId=abc', target, proxy)).toEqual({
      data: 'http://127.0.0.1:5000/message?sessionId=abc',
      session: 'legacy:abc',
    });
  });

  it('leaves an endpoint on another origin alone', () => {
    expect(rewriteEndpoint('http://elsewhere:1/message', target, proxy)).toEqual({
      data: 'http://elsewhere:1/message',
    });
  });
});
