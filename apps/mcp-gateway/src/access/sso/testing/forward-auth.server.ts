// For tests only: a forward-auth server answering as Authelia's /api/authz/auth-request (nginx)
// and /api/authz/forward-auth (Traefik) endpoints do: 200 with the signed-in user's identity
// headers, or 401. Authelia itself cannot run here; the contract is small and documented
// (integration/trusted-header-sso). The session is a cookie naming one of the known users.
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export const SESSION_COOKIE = 'authelia_session';

/** What the auth server answers for one session: the headers of a 2xx answer. */
export type KnownSessions = Readonly<Record<string, Readonly<Record<string, string>>>>;

export interface ForwardAuthServer {
  /** `http://127.0.0.1:<port>` */
  readonly origin: string;
  /** Requests seen, with the headers the proxy sent (lower-case names). */
  readonly requests: ReadonlyArray<{
    path: string;
    headers: Readonly<Record<string, string | string[] | undefined>>;
  }>;
  close(): Promise<void>;
}

export async function startForwardAuthServer(sessions: KnownSessions): Promise<ForwardAuthServer> {
  const requests: Array<{ path: string; headers: Record<string, string | string[] | undefined> }> = [];
  const known = new Map(Object.entries(sessions));
  const server: Server = createServer((request, response) => {
    requests.push({ path: request.url ?? '', headers: { ...request.headers } });
    const session = sessionOf(request.headers.cookie);
    const identity = session === undefined ? undefined : known.get(session);
    if (identity === undefined) {
      response.writeHead(401, { 'Content-Type': 'text/plain' }).end('Unauthorized');
      return;
    }
    response.writeHead(200, { ...identity, 'Content-Type': 'text/plain' }).end('OK');
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: async () => {
      server.close();
      server.closeAllConnections();
      await once(server, 'close');
    },
  };
}

function sessionOf(cookie: string | undefined): string | undefined {
  for (const part of (cookie ?? '').split(';')) {
    const [name, value] = part.trim().split('=', 2);
    if (name === SESSION_COOKIE && value !== undefined && value !== '') return value;
  }
  return undefined;
}
