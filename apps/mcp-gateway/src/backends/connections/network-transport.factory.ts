// Builds the SDK client transport for a network backend (`sse` or `streamable`): the URL with
// any query credential, the backend's extra headers and its secret in the configured auth
// shape. The address is checked against the network policy right before connecting, because
// a name may resolve differently than when the server was registered.
import { SSEClientTransport, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import type { BackendServerDefinition } from '../backend-server';
import { applyBackendAuth, type BackendSecretResolver } from '../secrets';
import { checkBackendUrl, type NetworkPolicy } from '../validation';

export type NetworkTransport = SSEClientTransport | StreamableHTTPClientTransport;

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
): Promise<NetworkTransport> {
  const url = new URL(server.url);
  const verdict = await checkBackendUrl(url, networkPolicy);
  if (!verdict.allowed) throw new TransportSetupError(verdict.message, verdict.reason !== 'unresolvable');
  const headers: Record<string, string> = { ...server.headers };
  const secret = await secrets.resolve(server);
  if (secret.kind === 'failed')
    throw new TransportSetupError(`secret: ${secret.message}`, secret.reason !== 'unavailable');
  if (secret.kind === 'secret') {
    const placed = applyBackendAuth(server.authShape, secret.value, server.authParameter);
    if (!placed.ok) throw new TransportSetupError(`authShape: ${placed.message}`, true);
    Object.assign(headers, placed.headers);
    for (const [name, value] of Object.entries(placed.query)) url.searchParams.set(name, value);
  }
  const requestInit: RequestInit = { headers };
  switch (server.type) {
    case 'streamable':
      return new StreamableHTTPClientTransport(url, { requestInit });
    case 'sse':
      return new SSEClientTransport(url, { requestInit });
    case 'http':
    case 'stdio':
    case 'custom':
      throw new TransportSetupError(`type "${server.type}" is not a network stream transport`, true);
  }
}
