// The kit's JSON body parser on a real HTTP server: bodies within the limits are parsed, a body
// nested deeper than JSON_MAX_DEPTH or larger than JSON_BODY_LIMIT is refused with a client error
// that names the limit, before anything recursive sees it.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { JSON_MAX_DEPTH, JSON_TOO_DEEP, jsonBodyParser } from './json-body.parser';

interface Outcome {
  readonly status: number;
  readonly body: unknown;
}

describe('jsonBodyParser', () => {
  let server: Server;
  let url: string;

  beforeAll(async () => {
    const parse = jsonBodyParser();
    server = createServer((request, response) => {
      parse(request, response, (error?: unknown) => {
        const failure = error as { status?: number; type?: string; message?: string } | undefined;
        const body = failure
          ? { status: failure.status, type: failure.type, message: failure.message }
          : { parsed: (request as { body?: unknown }).body };
        response.end(JSON.stringify(body));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  async function post(body: string | Uint8Array, contentType = 'application/json'): Promise<Outcome> {
    const response = await fetch(url, { method: 'POST', headers: { 'Content-Type': contentType }, body });
    return { status: response.status, body: await response.json() };
  }

  const nested = (depth: number): string => `${'['.repeat(depth)}${']'.repeat(depth)}`;

  it(`parses a body nested exactly ${JSON_MAX_DEPTH} deep`, async () => {
    const { body } = await post(`{"a":${nested(JSON_MAX_DEPTH - 1)}}`);
    expect(body).toMatchObject({ parsed: { a: expect.any(Array) } });
  });

  it('refuses a body nested 100,000 deep with a 400 that names the limit', async () => {
    expect((await post(`{"arguments":${nested(100_000)}}`)).body).toEqual({
      status: 400,
      type: JSON_TOO_DEEP,
      message: `JSON body is nested deeper than ${JSON_MAX_DEPTH} levels`,
    });
  });

  it('checks a UTF-16 body after decoding it', async () => {
    const text = `{"a":${nested(JSON_MAX_DEPTH + 1)}}`;
    const utf16 = new Uint8Array(Buffer.from(text, 'utf16le'));
    expect((await post(utf16, 'application/json; charset=utf-16le')).body).toMatchObject({
      status: 400,
      type: JSON_TOO_DEEP,
    });
  });

  it('refuses a body over the size limit with a 413 that names the limit', async () => {
    expect((await post(`"${'a'.repeat(4 * 1024 * 1024)}"`)).body).toEqual({
      status: 413,
      type: 'entity.too.large',
      message: 'request body is larger than the 4 MB limit',
    });
  });
});
