// Builds the SDK client transport for a network backend (`sse`, `streamable` or plain `http`):
// the URL with any query credential, the backend's extra headers and its secret in the
// configured auth shape, and a fetch that honours pass-through auth per request. The address is
// checked against the network policy right before connecting, because a name may resolve
// differently than when the server was registered.
import {
  SSEClientTransport,
  StreamableHTTPClientTransport,
  type Transport,
} from '@modelcontextprotocol/client';
import type { BackendServerDefinition } from '../backend-server';
import { applyBackendAuth, type BackendAuthPlacement, type BackendSecretResolver } from '../secrets';
import { checkBackendUrl, type NetworkPolicy } from '../validation';
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
  networkPolicy: NetworkPolicy,
): Promise<Transport> {
  const url = new URL(server.url);
  const verdict = await checkBackendUrl(url, networkPolicy);
  if (!verdict.allowed) throw new TransportSetupError(verdict.message, verdict.reason !== 'unresolvable');
  const headers: Record<string, string> = { ...server.headers };
  const placement = await staticCredential(server, secrets);
  if (placement !== undefined) {
    Object.assign(headers, placement.headers);
    for (const [name, value] of Object.entries(placement.query)) url.searchParams.set(name, value);
  }
  const fetch = passThroughFetch(placement);
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
