// The web-app middleware over a real HTTP server: only the build's files are answered, the page
// answers the app's own paths, the API's paths are never shadowed, and hostile paths find nothing.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, get, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { webAppMiddleware } from './web-app';

const PAGE = '<!doctype html><title>app</title><div id="root"></div>';
const SCRIPT = `console.log(${JSON.stringify('x'.repeat(5000))});`;

describe('webAppMiddleware', () => {
  let directory: string;
  let secretDirectory: string;
  const servers: Server[] = [];

  beforeAll(() => {
    directory = mkdtempSync(join(tmpdir(), 'web-app-'));
    secretDirectory = mkdtempSync(join(tmpdir(), 'web-app-secret-'));
    writeFileSync(join(secretDirectory, 'secret.txt'), 'do not serve');
    mkdirSync(join(directory, 'assets'));
    writeFileSync(join(directory, 'index.html'), PAGE);
    writeFileSync(join(directory, 'assets', 'index-abc123.js'), SCRIPT);
    writeFileSync(join(directory, 'favicon.ico'), Buffer.from([0, 0, 1, 0]));
    writeFileSync(join(directory, 'notes.unknown'), 'not a web type');
    symlinkSync(join(secretDirectory, 'secret.txt'), join(directory, 'link.txt'));
  });

  afterAll(async () => {
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
    rmSync(directory, { recursive: true, force: true });
    rmSync(secretDirectory, { recursive: true, force: true });
  });

  async function serve(mountPath: string): Promise<string> {
    const middleware = webAppMiddleware({ directory, mountPath, reservedPrefixes: ['api', 'health'] });
    if (middleware === null) throw new Error('no build found');
    const server = createServer((request, response) =>
      middleware(request, response, () => {
        response.statusCode = 404;
        response.setHeader('Content-Type', 'application/problem+json');
        response.end('{"status":404}');
      }),
    );
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  const html = { accept: 'text/html,application/xhtml+xml' };

  it('answers the page with its security headers, revalidated on every load', async () => {
    const origin = await serve('/');
    const answer = await fetch(`${origin}/`, { headers: html });
    expect(answer.status).toBe(200);
    expect(await answer.text()).toBe(PAGE);
    expect(answer.headers.get('cache-control')).toBe('no-cache');
    expect(answer.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(answer.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(answer.headers.get('x-frame-options')).toBe('DENY');
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('answers hashed assets cached for a year, gzipped when the client takes gzip', async () => {
    const origin = await serve('/');
    const plain = await fetch(`${origin}/assets/index-abc123.js`, {
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(plain.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(await plain.text()).toBe(SCRIPT);
    const raw = await new Promise<{ encoding: string | undefined; body: Buffer }>((resolve, reject) => {
      const request = get(
        `${origin}/assets/index-abc123.js`,
        { headers: { 'accept-encoding': 'gzip' } },
        (response: IncomingMessage) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () =>
            resolve({ encoding: response.headers['content-encoding'], body: Buffer.concat(chunks) }),
          );
        },
      );
      request.on('error', reject);
    });
    expect(raw.encoding).toBe('gzip');
    expect(gunzipSync(raw.body).toString()).toBe(SCRIPT);
  });

  it("answers the page for the app's own paths, and never for the API's or for non-HTML clients", async () => {
    const origin = await serve('/');
    const deepLink = await fetch(`${origin}/requests?status=pending`, { headers: html });
    expect(await deepLink.text()).toBe(PAGE);
    for (const path of ['/api/v1/catalog', '/api', '/health', '/health/x']) {
      const answer = await fetch(`${origin}${path}`, { headers: html });
      expect({ path, status: answer.status }).toEqual({ path, status: 404 });
    }
    const json = await fetch(`${origin}/requests`, { headers: { accept: 'application/json' } });
    expect(json.status).toBe(404);
    const post = await fetch(`${origin}/`, { method: 'POST', headers: html });
    expect(post.status).toBe(404);
    const head = await fetch(`${origin}/`, { method: 'HEAD', headers: html });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });

  it('finds nothing outside the build, whatever the path says', async () => {
    const origin = await serve('/');
    for (const path of [
      '/../../../../etc/passwd',
      '/assets/..%2f..%2f..%2fetc%2fpasswd',
      '/%2e%2e/%2e%2e/etc/passwd',
      '/assets/%00index-abc123.js',
      '/notes.unknown',
      '/%E0%A4%A',
    ]) {
      const answer = await fetch(`${origin}${path}`);
      expect({ path, status: answer.status }).toEqual({ path, status: 404 });
    }
    // A symbolic link in the build to a file elsewhere is served from the build as read at start,
    // never resolved per request; the linked file's later changes do not show.
    const linked = await fetch(`${origin}/link.txt`);
    expect(linked.status).toBe(200);
    writeFileSync(join(secretDirectory, 'secret.txt'), 'changed');
    expect(await (await fetch(`${origin}/link.txt`)).text()).toBe('do not serve');
  });

  it('serves under a prefix, and redirects the bare prefix to it', async () => {
    const origin = await serve('/ui/');
    const redirect = await fetch(`${origin}/ui`, { redirect: 'manual', headers: html });
    expect(redirect.status).toBe(308);
    expect(redirect.headers.get('location')).toBe('/ui/');
    expect(await (await fetch(`${origin}/ui/keys`, { headers: html })).text()).toBe(PAGE);
    expect((await fetch(`${origin}/keys`, { headers: html })).status).toBe(404);
    expect((await fetch(`${origin}/ui/assets/index-abc123.js`)).status).toBe(200);
  });

  it('is absent when the folder holds no build', () => {
    expect(
      webAppMiddleware({ directory: join(directory, 'missing'), mountPath: '/', reservedPrefixes: [] }),
    ).toBeNull();
    expect(
      webAppMiddleware({ directory: join(directory, 'assets'), mountPath: '/', reservedPrefixes: [] }),
    ).toBeNull();
  });
});
