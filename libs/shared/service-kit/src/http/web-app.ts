// Serves a service's single-page web app (a Vite build) from memory: every file of the build is
// read once at start-up, with its gzip form, and only those files are ever answered, so no request
// path reaches the file system. Hashed assets are cached for a year; the page itself is revalidated
// on every load, so a new deployment shows at once. Any other GET that asks for HTML and is not
// under a reserved prefix (the API, MCP, docs, probes) answers the page, so the app's own links can
// be bookmarked and reloaded (docs/decisions/049).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, relative, sep } from 'node:path';
import { gzipSync } from 'node:zlib';

export interface WebAppOptions {
  /** The folder holding the build (index.html and assets/). */
  readonly directory: string;
  /** Where the app lives: `/` or a prefix ending in `/`, e.g. `/ui/`. */
  readonly mountPath: string;
  /** Paths under the mount that are never the app's (checked as `/x` and `/x/...`). */
  readonly reservedPrefixes: readonly string[];
}

interface WebFile {
  readonly body: Buffer;
  readonly gzipped: Buffer | null;
  readonly type: string;
  readonly immutable: boolean;
}

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.map': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

/** Same-origin everything; no inline script; the page may not be framed (clickjacking). */
const PAGE_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy':
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; " +
    "font-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'X-Frame-Options': 'DENY',
};

type Next = (error?: unknown) => void;

/**
 * The middleware serving the app, or null when `directory` holds no build (the service then runs
 * without its web app and says so once in its log).
 */
export function webAppMiddleware(
  options: WebAppOptions,
): ((request: IncomingMessage, response: ServerResponse, next: Next) => void) | null {
  const files = readBuild(options.directory);
  const page = files.get('index.html');
  if (page === undefined) return null;
  const mount = options.mountPath;
  const reserved = options.reservedPrefixes.map((prefix) => prefix.replace(/^\/+|\/+$/g, ''));
  return (request, response, next) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return next();
    const path = pathOf(request.url ?? '/');
    if (path === null) return next();
    if (mount !== '/' && path === mount.slice(0, -1)) return redirect(response, mount);
    if (!path.startsWith(mount)) return next();
    const inside = path.slice(mount.length);
    const head = inside.split('/', 1)[0] ?? '';
    if (reserved.includes(head)) return next();
    const file = files.get(inside);
    if (file !== undefined && inside !== 'index.html') return send(request, response, file, {});
    if (!acceptsHtml(request)) return next();
    return send(request, response, page, PAGE_SECURITY_HEADERS);
  };
}

function readBuild(directory: string): Map<string, WebFile> {
  const files = new Map<string, WebFile>();
  let names: string[];
  try {
    if (!statSync(directory).isDirectory()) return files;
    names = readdirSync(directory, { recursive: true, encoding: 'utf8' });
  } catch {
    return files;
  }
  for (const name of names) {
    const full = join(directory, name);
    if (!statSync(full).isFile()) continue;
    const type = CONTENT_TYPES[extname(name).toLowerCase()];
    if (type === undefined) continue;
    const key = relative(directory, full).split(sep).join('/');
    const body = readFileSync(full);
    const compressible = !type.startsWith('image/') || type === 'image/svg+xml';
    const gzipped = compressible && body.length > 1024 ? gzipSync(body) : null;
    files.set(key, { body, gzipped, type, immutable: key.startsWith('assets/') });
  }
  return files;
}

/** The decoded path of a request URL, or null when it cannot be a file of the app. */
function pathOf(url: string): string | null {
  const raw = url.split('?', 1)[0] ?? '/';
  let path: string;
  try {
    path = decodeURIComponent(raw);
  } catch {
    return null;
  }
  return path.includes('\0') ? null : path;
}

function acceptsHtml(request: IncomingMessage): boolean {
  return (request.headers.accept ?? '').includes('text/html');
}

function redirect(response: ServerResponse, location: string): void {
  response.statusCode = 308;
  response.setHeader('Location', location);
  response.end();
}

function send(
  request: IncomingMessage,
  response: ServerResponse,
  file: WebFile,
  headers: Readonly<Record<string, string>>,
): void {
  const gzip = file.gzipped !== null && /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
  const body = gzip && file.gzipped !== null ? file.gzipped : file.body;
  response.statusCode = 200;
  response.setHeader('Content-Type', file.type);
  response.setHeader('Cache-Control', file.immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
  response.setHeader('Vary', 'Accept-Encoding');
  if (gzip) response.setHeader('Content-Encoding', 'gzip');
  response.setHeader('Content-Length', body.length);
  for (const [name, value] of Object.entries(headers)) response.setHeader(name, value);
  response.end(request.method === 'HEAD' ? undefined : body);
}
