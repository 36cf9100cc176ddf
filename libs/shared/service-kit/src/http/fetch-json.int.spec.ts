// fetchJson against a real local HTTP server: each way a read can fail comes back as its kind,
// with a message that names the URL without its credentials.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describeFetchError, fetchJson, fetchText } from './fetch-json';

type Answer = (request: IncomingMessage, response: ServerResponse) => void;

let answer: Answer = (_request, response) => response.end();
let server: Server;
let origin: string;
const seen: IncomingMessage[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    seen.push(request);
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
  seen.length = 0;
});

const json =
  (body: string, type = 'application/json'): Answer =>
  (_request, response) =>
    response.writeHead(200, { 'content-type': type }).end(body);

describe('fetchJson', () => {
  it('returns the parsed body and sends the caller headers with an Accept for JSON', async () => {
    answer = json('{"issuer":"x","keys":[1,2]}');
    const result = await fetchJson({
      url: `${origin}/doc`,
      headers: { 'X-Vault-Token': 't' },
      timeoutMs: 2000,
      maxBytes: 1000,
    });
    expect(result).toEqual({ ok: true, body: { issuer: 'x', keys: [1, 2] } });
    expect(seen[0]?.headers['x-vault-token']).toBe('t');
    expect(seen[0]?.headers['accept']).toBe('application/json');
  });

  it('accepts +json media types, a charset, a missing type and a byte-order mark', async () => {
    for (const type of ['application/jwk-set+json', 'application/json; charset=utf-8']) {
      answer = json('[1]', type);
      expect(await fetchJson({ url: origin, timeoutMs: 2000, maxBytes: 100 })).toEqual({
        ok: true,
        body: [1],
      });
    }
    answer = (_request, response) => response.writeHead(200).end('\uFEFF{"a":1}');
    expect(await fetchJson({ url: origin, timeoutMs: 2000, maxBytes: 100 })).toEqual({
      ok: true,
      body: { a: 1 },
    });
  });

  it('does not follow a redirect, so the headers stay with the server asked', async () => {
    answer = (_request, response) => response.writeHead(302, { location: 'http://127.0.0.2:1/x' }).end();
    const result = await fetchJson({ url: `${origin}/doc`, timeoutMs: 2000, maxBytes: 100 });
    expect(result).toEqual({
      ok: false,
      failure: { kind: 'status', status: 302 },
      message: `${origin}/doc answered HTTP 302`,
    });
    expect(seen).toHaveLength(1);
  });

  it('refuses a body over the cap by bytes, not characters', async () => {
    answer = json(`"${'é'.repeat(60)}"`);
    const result = await fetchJson({ url: `${origin}/big`, timeoutMs: 2000, maxBytes: 100 });
    expect(result).toEqual({
      ok: false,
      failure: { kind: 'too-large' },
      message: `${origin}/big answered more than 100 bytes`,
    });
  });

  it('refuses a document declared as something other than JSON, and text that does not parse', async () => {
    answer = json('{"a":1}', 'text/html; charset=utf-8');
    expect(await fetchJson({ url: origin, timeoutMs: 2000, maxBytes: 100 })).toEqual({
      ok: false,
      failure: { kind: 'not-json', contentType: 'text/html; charset=utf-8' },
      message: `${origin} answered text/html; charset=utf-8, not JSON`,
    });
    answer = json('{"a":');
    expect(await fetchJson({ url: origin, timeoutMs: 2000, maxBytes: 100 })).toEqual({
      ok: false,
      failure: { kind: 'not-json', contentType: 'application/json' },
      message: `${origin} answered a body that is not JSON`,
    });
  });

  it('times out on a server that never finishes its answer', async () => {
    answer = (_request, response) =>
      response.writeHead(200, { 'content-type': 'application/json' }).write('{');
    const result = await fetchJson({ url: `${origin}/slow`, timeoutMs: 150, maxBytes: 100 });
    expect(result).toEqual({
      ok: false,
      failure: { kind: 'timeout' },
      message: `fetching ${origin}/slow timed out after 150 ms`,
    });
  });

  it('names the network error of an unreachable server, never a credential in its URL', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const refused = await fetchJson({
      url: `http://127.0.0.1:${port}/doc?token=hunter2&page=1`,
      timeoutMs: 2000,
      maxBytes: 100,
    });
    expect(refused).toEqual({
      ok: false,
      failure: { kind: 'unreachable', cause: 'ECONNREFUSED' },
      message: `fetching http://127.0.0.1:${port}/doc?token=[REDACTED]&page=1 failed (ECONNREFUSED)`,
    });
    // fetch refuses URLs with user information before sending anything.
    const withUser = await fetchJson({
      url: `http://user:hunter2@127.0.0.1:${port}/`,
      timeoutMs: 2000,
      maxBytes: 100,
    });
    expect(withUser).toEqual({
      ok: false,
      failure: { kind: 'unreachable', cause: 'TypeError' },
      message: `fetching http://127.0.0.1:${port}/ failed (TypeError)`,
    });
  });
});

describe('fetchText and the request options', () => {
  it('returns an XML answer as text with its type, under the same size bound', async () => {
    answer = (_request, response) =>
      response.writeHead(200, { 'content-type': 'text/xml' }).end('<MediaContainer size="0"/>');
    expect(await fetchText({ url: origin, timeoutMs: 2000, maxBytes: 100 }, 'application/xml')).toEqual({
      ok: true,
      text: '<MediaContainer size="0"/>',
      contentType: 'text/xml',
      status: 200,
    });
    expect(seen[0]?.headers['accept']).toBe('application/xml');
    const tooLarge = await fetchText({ url: origin, timeoutMs: 2000, maxBytes: 10 });
    expect(tooLarge.ok ? undefined : tooLarge.failure).toEqual({ kind: 'too-large' });
  });

  it('sends a POST and takes only the statuses it was told to accept', async () => {
    answer = (request, response) =>
      response.writeHead(201, { 'content-type': 'application/json' }).end(`{"method":"${request.method}"}`);
    expect(
      await fetchJson({
        url: origin,
        method: 'POST',
        acceptedStatuses: [200, 201],
        timeoutMs: 2000,
        maxBytes: 100,
      }),
    ).toEqual({ ok: true, body: { method: 'POST' } });
    const refused = await fetchJson({ url: origin, method: 'POST', timeoutMs: 2000, maxBytes: 100 });
    expect(refused.ok ? undefined : refused.failure).toEqual({ kind: 'status', status: 201 });
  });

  it('sends a PUT or DELETE with a JSON body and reports the accepted status it got', async () => {
    let received = '';
    answer = (request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        received = `${request.method} ${String(request.headers['content-type'])} ${Buffer.concat(chunks).toString()}`;
        response.writeHead(202).end();
      });
    };
    const sent = await fetchText({
      url: origin,
      method: 'PUT',
      jsonBody: { seasons: [{ seasonNumber: 1, monitored: false }] },
      acceptedStatuses: [200, 202],
      timeoutMs: 2000,
      maxBytes: 100,
    });
    expect(sent).toEqual({ ok: true, text: '', contentType: null, status: 202 });
    expect(received).toBe('PUT application/json {"seasons":[{"seasonNumber":1,"monitored":false}]}');
  });
});

describe('describeFetchError', () => {
  it('says timed out for a TimeoutError from any realm, and the code or name otherwise', () => {
    expect(describeFetchError({ name: 'TimeoutError' }, 250)).toBe('timed out after 250 ms');
    expect(describeFetchError({ name: 'TypeError', cause: { code: 'ENOTFOUND' } }, 250)).toBe(
      'failed (ENOTFOUND)',
    );
    expect(describeFetchError(new SyntaxError('x'), 250)).toBe('failed (SyntaxError)');
    expect(describeFetchError('boom', 250)).toBe('failed (unknown error)');
  });
});
