// Test support: a local HTTP proxy in front of a simulator that lets a test change one JSON answer
// (drop a field) on its way to the client, so the clients' schema checks meet a real answer with
// exactly one thing wrong. Not exported from the library.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export type AnswerRewrite = (path: string, body: unknown) => unknown;

export interface AnswerRewritingProxy {
  readonly url: string;
  stop(): Promise<void>;
}

export async function startAnswerRewritingProxy(
  target: string,
  rewrite: AnswerRewrite,
): Promise<AnswerRewritingProxy> {
  const server = createServer((request, response) => {
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(request.headers)) {
      if (typeof value === 'string' && name !== 'host' && name !== 'connection') headers[name] = value;
    }
    const url = new URL(request.url ?? '/', target);
    void fetch(url, { method: request.method ?? 'GET', headers })
      .then(async (upstream) => {
        const contentType = upstream.headers.get('content-type') ?? '';
        const text = await upstream.text();
        const body = contentType.includes('json')
          ? JSON.stringify(rewrite(url.pathname, JSON.parse(text)))
          : text;
        response.writeHead(upstream.status, { 'content-type': contentType }).end(body);
      })
      .catch(() => response.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stop: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** Removes `field` from the object at `path` (keys and array indexes) inside `body`. */
export function withoutField(body: unknown, path: readonly (string | number)[], field: string): unknown {
  let target: unknown = body;
  for (const segment of path) target = (target as Record<string | number, unknown>)[segment];
  if (typeof target !== 'object' || target === null || !(field in target)) {
    throw new Error(`no field ${field} at ${path.join('.')}`);
  }
  delete (target as Record<string, unknown>)[field];
  return body;
}
