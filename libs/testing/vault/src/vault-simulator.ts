// A HashiCorp Vault stand-in for tests: a real HTTP server on 127.0.0.1 that speaks the part of
// Vault's HTTP API the gateway uses (KV v2 read and write, sys/health), with hooks to seed
// secrets, count requests, slow responses down and inject failures. See README.md for the subset.
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { handleKvData } from './vault-kv.routes';
import { VaultKvStore } from './vault-kv.store';
import type { VaultSecretData } from './vault-kv.store';
import { PERMISSION_DENIED, sendErrors, sendHealth } from './vault-responses';

export interface VaultSimulatorOptions {
  /** The one valid client token; a random `hvs.`-style token by default. */
  readonly token?: string;
  /** Path of the KV v2 mount; `secret` by default, as in a Vault dev server. */
  readonly mount?: string;
  /** When set, requests must carry this `X-Vault-Namespace` (Vault Enterprise); others get 403. */
  readonly namespace?: string;
  /** Delay before every response, in milliseconds. */
  readonly latencyMs?: number;
}

/** An HTTP status with Vault's `{"errors": [...]}` body, or a dropped connection. */
export type VaultInjectedFailure =
  { readonly status: number; readonly errors?: readonly string[] } | 'reset-connection';

export interface RecordedVaultRequest {
  readonly method: string;
  /** The path as sent, percent-encoding kept, without the query. */
  readonly path: string;
  readonly query: string;
  readonly namespace: string | undefined;
  readonly tokenPresented: boolean;
}

export interface VaultSimulator {
  /** `http://127.0.0.1:<port>`: what VAULT_ADDR would be. */
  readonly address: string;
  readonly token: string;
  readonly mount: string;
  readonly namespace: string | undefined;
  /** Writes a new version directly (no HTTP request, not counted); returns its version number. */
  put(path: string, data: VaultSecretData): number;
  /** HTTP requests received so far, of any kind. */
  requestCount(): number;
  requests(): readonly RecordedVaultRequest[];
  setLatency(milliseconds: number): void;
  /** The next `times` requests (after the latency) fail this way instead of being served. */
  failNext(failure: VaultInjectedFailure, times?: number): void;
  /** A sealed Vault answers 503 to everything, sys/health included. */
  setSealed(sealed: boolean): void;
  stop(): Promise<void>;
}

export async function startVaultSimulator(options: VaultSimulatorOptions = {}): Promise<VaultSimulator> {
  const token = options.token ?? `hvs.${randomBytes(18).toString('base64url')}`;
  const mount = (options.mount ?? 'secret').replace(/^\/+|\/+$/g, '');
  const namespace = options.namespace === undefined ? undefined : trimSlashes(options.namespace);
  const store = new VaultKvStore();
  const recorded: RecordedVaultRequest[] = [];
  const failures: VaultInjectedFailure[] = [];
  const pendingDelays = new Set<{ timer: NodeJS.Timeout; resolve: () => void }>();
  let latencyMs = options.latencyMs ?? 0;
  let sealed = false;

  const delay = (milliseconds: number): Promise<void> =>
    new Promise((resolve) => {
      const pending = { timer: setTimeout(() => finish(), milliseconds), resolve };
      const finish = (): void => {
        pendingDelays.delete(pending);
        resolve();
      };
      pending.resolve = finish;
      pendingDelays.add(pending);
    });

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://vault.invalid');
    const requestNamespace = headerValue(request, 'x-vault-namespace');
    const presentedToken = headerValue(request, 'x-vault-token') ?? bearerToken(request);
    recorded.push({
      method: request.method ?? '',
      path: url.pathname,
      query: url.search,
      namespace: requestNamespace,
      tokenPresented: presentedToken !== undefined,
    });
    if (latencyMs > 0) await delay(latencyMs);
    const failure = failures.shift();
    if (failure === 'reset-connection') {
      request.socket.destroy();
      return;
    }
    if (failure !== undefined) return sendErrors(response, failure.status, failure.errors ?? []);

    if (url.pathname === '/v1/sys/health' && (request.method === 'GET' || request.method === 'HEAD')) {
      return sendHealth(response, sealed, request.method === 'HEAD');
    }
    if (sealed) return sendErrors(response, 503, ['Vault is sealed']);
    const namespaceMatches = namespace === undefined || trimSlashes(requestNamespace ?? '') === namespace;
    if (presentedToken !== token || !namespaceMatches) return sendErrors(response, 403, [PERMISSION_DENIED]);

    const dataPrefix = `/v1/${mount}/data/`;
    if (url.pathname.startsWith(dataPrefix)) {
      const secretPath = decodePath(url.pathname.slice(dataPrefix.length));
      if (secretPath === undefined) return sendErrors(response, 400, ['invalid path encoding']);
      if (trimSlashes(secretPath) === '') return sendErrors(response, 404, []);
      return handleKvData(request, response, store, secretPath, url.searchParams);
    }
    const route = url.pathname.replace(/^\/v1\//, '');
    sendErrors(response, 404, [`no handler for route "${route}". route entry not found.`]);
  }

  const server = createServer((request, response) => {
    response.on('error', () => undefined);
    handle(request, response).catch(() => {
      if (!response.headersSent) sendErrors(response, 500, ['internal error']);
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;

  return {
    address: `http://127.0.0.1:${port}`,
    token,
    mount,
    namespace,
    put: (path, data) => {
      const written = store.write(path, data);
      if (!written.ok) throw new Error(written.error);
      return written.version.version;
    },
    requestCount: () => recorded.length,
    requests: () => [...recorded],
    setLatency: (milliseconds) => {
      latencyMs = milliseconds;
    },
    failNext: (failure, times = 1) => {
      for (let count = 0; count < times; count += 1) failures.push(failure);
    },
    setSealed: (value) => {
      sealed = value;
    },
    stop: async () => {
      for (const pending of [...pendingDelays]) {
        clearTimeout(pending.timer);
        pending.resolve();
      }
      if (!server.listening) return;
      const closed = once(server, 'close');
      server.close();
      server.closeAllConnections();
      await closed;
    },
  };
}

function headerValue(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** Vault also accepts the token as `Authorization: Bearer <token>`. */
function bearerToken(request: IncomingMessage): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  return match?.[1];
}

function trimSlashes(text: string): string {
  return text.replace(/^\/+|\/+$/g, '');
}

function decodePath(encoded: string): string | undefined {
  try {
    return encoded.split('/').map(decodeURIComponent).join('/');
  } catch {
    return undefined;
  }
}
