import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { generateAppKey } from '@platform/appkey';
import { NestLogger } from './nest-logger';
import { currentLogger, markRoutineRequest, requestLogging } from './request-logging';
import { createServiceLogger } from './service-logger';

/** Serves every request through the service's logger and request logging, collecting the log lines. */
async function startLoggedServer(level: 'info' | 'debug' = 'info'): Promise<{
  lines: Record<string, unknown>[];
  url: string;
  server: Server;
}> {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  const root = createServiceLogger('log-spec', level, { stream: sink });
  const logging = requestLogging(root);
  const nest = new NestLogger(root);
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    logging(request, response, () => {
      if (request.url?.startsWith('/fail')) {
        currentLogger(root).error(
          { err: new Error(`upstream said Bearer abc.def for ${request.url}`) },
          'failed',
        );
      }
      if (request.url?.startsWith('/nest')) nest.warn('backend slow', 'BackendProxy');
      if (request.url?.startsWith('/routine')) markRoutineRequest(response);
      if (request.url?.includes('missing')) response.statusCode = 404;
      if (request.url?.includes('broken')) response.statusCode = 500;
      response.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { lines, server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

describe('service logs', () => {
  let context: Awaited<ReturnType<typeof startLoggedServer>>;

  beforeEach(async () => {
    context = await startLoggedServer();
  });

  afterEach(async () => {
    await new Promise((resolve) => context.server.close(resolve));
  });

  it('write one JSON line per request with the service name and request id', async () => {
    const response = await fetch(`${context.url}/api/things`, { headers: { 'X-Request-Id': 'req-1' } });
    expect(response.headers.get('x-request-id')).toBe('req-1');
    expect(context.lines).toHaveLength(1);
    expect(context.lines[0]).toMatchObject({
      service: 'log-spec',
      msg: 'request completed',
      req: { id: 'req-1', method: 'GET', url: '/api/things' },
      res: { statusCode: 200 },
    });
  });

  it('never contain credentials from headers, query parameters or messages', async () => {
    const { key } = generateAppKey({ scopes: ['*'] });
    const secret = key.slice(-64);
    await fetch(`${context.url}/sse?app_key=${key}&key=hunter2&page=2`, {
      headers: {
        Authorization: `Bearer ${key}`,
        'X-App-Key': key,
        'X-Api-Key': 'hunter2',
        'X-Target-Auth': 'Bearer upstream-secret',
        Cookie: 'session=hunter2',
      },
    });
    await fetch(`${context.url}/fail?token=${key}`);
    const text = JSON.stringify(context.lines);
    expect(text).not.toContain(secret);
    expect(text).not.toContain('hunter2');
    expect(text).not.toContain('upstream-secret');
    expect(text).not.toContain('abc.def');
    expect(context.lines[0]).toMatchObject({
      req: { url: '/sse?app_key=[REDACTED]&key=[REDACTED]&page=2' },
    });
    expect(context.lines[0]?.['req']).not.toHaveProperty('headers');
    expect(context.lines[0]?.['res']).toEqual({ statusCode: 200 });
  });

  it('keep the user agent, scrubbed and bounded, and no other header', async () => {
    const { key } = generateAppKey({ scopes: ['*'] });
    await fetch(`${context.url}/a`, {
      headers: {
        'User-Agent': `agent/1.0 (Bearer ${key}) ${'x'.repeat(400)}`,
        'X-Vault-Token': 'hvs.secret',
      },
    });
    const logged = context.lines[0]?.['req'] as Record<string, unknown>;
    expect(Object.keys(logged).sort()).toEqual(['id', 'method', 'url', 'userAgent']);
    expect(logged['userAgent']).toMatch(/^agent\/1\.0 \(Bearer \[REDACTED\]/);
    expect(String(logged['userAgent']).length).toBeLessThanOrEqual(200);
    expect(JSON.stringify(context.lines)).not.toContain('hvs.secret');
  });

  it('skip liveness, readiness and metrics probes', async () => {
    await fetch(`${context.url}/health`);
    await fetch(`${context.url}/ready/`);
    await fetch(`${context.url}/metrics?x=1`);
    await fetch(`${context.url}/healthy`);
    expect(context.lines.map((line) => (line['req'] as { url: string }).url)).toEqual(['/healthy']);
  });

  it('log successful routine requests at debug only, and routine failures at info', async () => {
    await fetch(`${context.url}/routine/ok`);
    await fetch(`${context.url}/routine/missing`);
    await fetch(`${context.url}/plain`);
    expect(context.lines.map((line) => [(line['req'] as { url: string }).url, line['level']])).toEqual([
      ['/routine/missing', 30],
      ['/plain', 30],
    ]);
    const verbose = await startLoggedServer('debug');
    try {
      await fetch(`${verbose.url}/routine/ok`);
      expect(verbose.lines).toEqual([
        expect.objectContaining({ level: 20, req: expect.objectContaining({ url: '/routine/ok' }) }),
      ]);
    } finally {
      await new Promise((resolve) => verbose.server.close(resolve));
    }
  });

  it('give the lines a request logs the request, and mark server errors', async () => {
    await fetch(`${context.url}/nest/broken`, { headers: { 'X-Request-Id': 'req-9' } });
    expect(context.lines).toEqual([
      expect.objectContaining({
        level: 40,
        msg: 'backend slow',
        context: 'BackendProxy',
        req: expect.objectContaining({ id: 'req-9', url: '/nest/broken' }),
      }),
      expect.objectContaining({ level: 30, msg: 'request errored', res: { statusCode: 500 } }),
    ]);
  });

  it('log a request the client abandoned as aborted', async () => {
    const root = createServiceLogger('log-spec', 'info', {
      stream: new Writable({
        write(chunk: Buffer, _encoding, done) {
          context.lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
          done();
        },
      }),
    });
    const logging = requestLogging(root);
    const hanging = createServer((request, response) => logging(request, response, () => undefined));
    await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
    try {
      const controller = new AbortController();
      const sent = fetch(`http://127.0.0.1:${(hanging.address() as AddressInfo).port}/slow`, {
        signal: controller.signal,
      }).catch(() => undefined);
      await new Promise((resolve) => setTimeout(resolve, 100));
      controller.abort();
      await sent;
      const deadline = Date.now() + 2_000;
      while (context.lines.length === 0 && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 10));
      expect(context.lines).toEqual([
        expect.objectContaining({ msg: 'request aborted', req: expect.objectContaining({ url: '/slow' }) }),
      ]);
    } finally {
      hanging.closeAllConnections();
      await new Promise((resolve) => hanging.close(resolve));
    }
  });

  it('replace a hostile request id with a fresh one', async () => {
    const response = await fetch(`${context.url}/x`, { headers: { 'X-Request-Id': 'a'.repeat(65) } });
    expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});
