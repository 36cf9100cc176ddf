// Builds the SDK client transport for a network backend (`sse`, `streamable` or plain `http`):
// the URL with any query credential, the backend's extra headers and its secret in the
// configured auth shape, and the backend HTTP client's fetch (which checks the address of every
// connection and never follows redirects) wrapped to honour pass-through auth per request.
import {
  SSEClientTransport,
  StreamableHTTPClientTransport,
  type Transport,
} from '@modelcontextprotocol/client';
import type { BackendServerDefinition } from '../backend-server';
import { applyBackendAuth, type BackendAuthPlacement, type BackendSecretResolver } from '../secrets';
import type { BackendHttpClient } from '../egress';
import { passThroughFetch } from './pass-through.context';
import { PlainHttpClientTransport } from './plain-http.transport';

/** Why a transport could not be built; `permanent` failures wait for a definition change. */
export class TransportSetupError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
    this.name = 'TransportSetupError';
  }
}

export async function createNetworkTransport(
  server: BackendServerDefinition,
  secrets: BackendSecretResolver,
  http: BackendHttpClient,
): Promise<Transport> {
  const url = new URL(server.url);
  // A refusal known before connecting makes the server Failed with a clear reason; the client
  // checks each connection again, which is what stops a name that changes its answer later.
  const verdict = await http.checkUrl(url);
  if (!verdict.allowed) throw new TransportSetupError(verdict.message, verdict.reason !== 'unresolvable');
  const headers: Record<string, string> = { ...server.headers };
  const placement = await staticCredential(server, secrets);
  if (placement !== undefined) {
    Object.assign(headers, placement.headers);
    for (const [name, value] of Object.entries(placement.query)) url.searchParams.set(name, value);
  }
  const fetch = passThroughFetch(placement, http.fetch);
  switch (server.type) {
    case 'streamable':
      return new StreamableHTTPClientTransport(url, { requestInit: { headers }, fetch });
    case 'sse':
      return new SSEClientTransport(url, { requestInit: { headers }, fetch });
    case 'http':
      return new PlainHttpClientTransport(url, { headers, fetch });
    case 'stdio':
    case 'custom':
      throw new TransportSetupError(`type "${server.type}" is not a network transport`, true);
  }
}

async function staticCredential(
  server: BackendServerDefinition,
  secrets: BackendSecretResolver,
): Promise<BackendAuthPlacement | undefined> {
  const secret = await secrets.resolve(server);
  if (secret.kind === 'failed') {
    throw new TransportSetupError(`secret: ${secret.message}`, secret.reason !== 'unavailable');
  }
  if (secret.kind !== 'secret') return undefined;
  const placed = applyBackendAuth(server.authShape, secret.value, server.authParameter);
  if (!placed.ok) throw new TransportSetupError(`authShape: ${placed.message}`, true);
  return placed;
}
