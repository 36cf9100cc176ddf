import { createServer, type Socket } from 'node:net';
import { describe, expect, it } from '@jest/globals';
import { SdkError, SdkErrorCode, SdkHttpError } from '@modelcontextprotocol/client';
import { BackendHttpClient } from '../egress';
import { stdioInvalidLine, stdioNotRunning, stdioStdinClosed } from '../stdio/stdio-child.errors';
import { parseBackendNetworkPolicy } from '../validation';
import { isLinkFailure } from './send-failure';

/** The error `action` throws or rejects with. */
async function failureOf(action: () => unknown): Promise<unknown> {
  try {
    await action();
  } catch (error) {
    return error;
  }
  throw new Error('expected a failure');
}

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('isLinkFailure', () => {
  it('is true for a connection that cannot be made (fetch failed, ECONNREFUSED)', async () => {
    const port = await closedPort();
    const error = await failureOf(() =>
      fetch(`http://127.0.0.1:${port}/mcp`, { method: 'POST', body: '{}' }),
    );
    expect(isLinkFailure(error)).toBe(true);
  });

  it('is true for a connection the gateway backend client cannot make or loses mid-request', async () => {
    const parsed = parseBackendNetworkPolicy({});
    if (!parsed.ok) throw new Error(parsed.problems.join('; '));
    const client = new BackendHttpClient(parsed.policy);
    try {
      const port = await closedPort();
      const refused = await failureOf(() =>
        client.fetch(`http://127.0.0.1:${port}/mcp`, { method: 'POST', body: '{}' }),
      );
      expect(isLinkFailure(refused)).toBe(true);
      // A backend that takes the request and drops the connection without answering.
      const dropping = createServer((socket: Socket) => socket.once('data', () => socket.destroy()));
      await new Promise<void>((resolve) => dropping.listen(0, '127.0.0.1', resolve));
      const { port: droppingPort } = dropping.address() as { port: number };
      const reset = await failureOf(() =>
        client.fetch(`http://127.0.0.1:${droppingPort}/mcp`, { method: 'POST', body: '{}' }),
      );
      await new Promise<void>((resolve) => dropping.close(() => resolve()));
      expect(isLinkFailure(reset)).toBe(true);
      // A header the message made that node refuses is the message's own failure.
      const badHeader = await failureOf(() =>
        client.fetch(`http://127.0.0.1:${droppingPort}/mcp`, {
          method: 'POST',
          body: '{}',
          headers: [['mcp-name', 'a\u0000b']],
        }),
      );
      expect(isLinkFailure(badHeader)).toBe(false);
    } finally {
      client.onApplicationShutdown();
    }
  });

  it('is true for a transport that is not connected, a stdio child that is gone, an aborted send', async () => {
    expect(isLinkFailure(new SdkError(SdkErrorCode.NotConnected, 'Not connected'))).toBe(true);
    expect(isLinkFailure(stdioNotRunning('files'))).toBe(true);
    expect(isLinkFailure(stdioStdinClosed('files'))).toBe(true);
    const aborted = await failureOf(() => fetch('http://127.0.0.1:1/', { signal: AbortSignal.abort() }));
    expect(isLinkFailure(aborted)).toBe(true);
  });

  it('is false for failures of the message itself', async () => {
    let deep: unknown = {};
    for (let level = 0; level < 100_000; level += 1) deep = [deep];
    const failures = [
      await failureOf(() => JSON.stringify(deep)),
      await failureOf(() => JSON.stringify({ count: 1n })),
      await failureOf(() => new Headers().set('mcp-method', 'tools/call\r\nx: y')),
      new SdkHttpError(SdkErrorCode.ClientHttpNotImplemented, 'Error POSTing to endpoint: too large', {
        status: 413,
      }),
      new Error('Error POSTing to endpoint (HTTP 401): invalid token'),
      stdioInvalidLine('files'),
    ];
    expect(failures.map((failure) => isLinkFailure(failure))).toEqual(failures.map(() => false));
  });
});
