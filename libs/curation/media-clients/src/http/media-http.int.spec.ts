// The HTTP core against a small local server: credentials in the query never reach an error
// message, a POST is never retried, and a mistyped field is named by its path.
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import { mediaClientFailure } from '../testing/media-client-failure';
import { MediaHttp } from './media-http';

let answer: (request: IncomingMessage, response: ServerResponse) => void;
let server: Server;
let origin: string;
let received = 0;

beforeAll(async () => {
  server = createServer((request, response) => {
    received += 1;
    answer(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  received = 0;
});

const SECRET = 'plex-token-that-must-not-leak';

function http(): MediaHttp {
  return new MediaHttp({
    source: 'plex',
    baseUrl: `${origin}/base/`,
    headers: { 'X-Plex-Token': SECRET },
    query: { 'X-Plex-Token': SECRET },
    timeoutMs: 300,
    retry: { retries: 1, baseDelayMs: 1, maxDelayMs: 1 },
  });
}

describe('MediaHttp', () => {
  it('redacts a token in the query from every kind of failure message', async () => {
    for (const status of [401, 404, 500]) {
      answer = (_request, response) => response.writeHead(status).end();
      const error = await mediaClientFailure(http().getJson({ path: '/x' }, z.object({})));
      expect(error.message).not.toContain(SECRET);
      expect(error.message).toContain('X-Plex-Token=[REDACTED]');
    }
    answer = () => undefined;
    const timedOut = await mediaClientFailure(http().getJson({ path: '/slow' }, z.object({})));
    expect(timedOut.code).toBe('timeout');
    expect(timedOut.message).not.toContain(SECRET);
    answer = (_request, response) =>
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"a":"x"}');
    const badAnswer = await mediaClientFailure(http().getJson({ path: '/doc' }, z.object({ a: z.number() })));
    expect(badAnswer.code).toBe('bad-answer');
    expect(badAnswer.message).toContain('field a');
    expect(badAnswer.message).not.toContain(SECRET);
  });

  it('never retries a POST', async () => {
    answer = (_request, response) => response.writeHead(503).end();
    const client = http();
    expect((await mediaClientFailure(client.postJson({ path: '/pins' }, z.object({})))).code).toBe(
      'bad-status',
    );
    expect(received).toBe(1);
    expect(client.requestCount).toBe(1);
  });

  it('retries a GET once per the policy, counting each attempt', async () => {
    answer = (_request, response) => response.writeHead(503).end();
    const client = http();
    await mediaClientFailure(client.getJson({ path: '/x' }, z.object({})));
    expect(received).toBe(2);
    expect(client.requestCount).toBe(2);
  });

  it('repeats array query parameters and joins the base URL and path once', async () => {
    let url = '';
    answer = (request, response) => {
      url = request.url ?? '';
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    };
    await http().getJson(
      { path: '/api/v3/moviefile', query: { movieId: [1, 2], skip: undefined } },
      z.object({}),
    );
    expect(url).toBe(`/base/api/v3/moviefile?X-Plex-Token=${SECRET}&movieId=1&movieId=2`);
  });
});
