// A real OpenID provider (`oidc-provider`) on 127.0.0.1 for integration tests: client-credentials
// grant, RFC 8707 resource indicators, JWT access tokens with extra claims per client.
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import type { CryptoKey, JWTPayload } from 'jose';
import { InMemoryOidcAdapter } from './in-memory-oidc.adapter';

export interface TestClient {
  readonly clientId: string;
  /** Added to every access token this client obtains. */
  readonly claims?: Record<string, unknown>;
}

export interface StartTestProviderOptions {
  readonly clients: readonly TestClient[];
  /** Reuse a port (restart on the same issuer URL); 0 or absent picks a free one. */
  readonly port?: number;
  readonly keyId?: string;
  readonly accessTokenTtlSeconds?: number;
}

export interface TestProvider {
  readonly issuer: string;
  readonly port: number;
  /** HTTP requests the provider has received so far. */
  readonly requestCount: () => number;
  /** Client-credentials grant over HTTP; throws when the provider refuses. */
  readonly obtainToken: (clientId: string, resource: string, scope?: string) => Promise<string>;
  /** Signs arbitrary claims with the provider's own key and kid, for hand-made edge cases. */
  readonly signWithProviderKey: (claims: JWTPayload, header?: Record<string, unknown>) => Promise<string>;
  readonly stop: () => Promise<void>;
}

export const TEST_SCOPES = 'mcp:tools mcp:admin';
const secretOf = (clientId: string): string => `${clientId}-secret`;

export async function startTestProvider(options: StartTestProviderOptions): Promise<TestProvider> {
  const keyId = options.keyId ?? 'key-1';
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const privateJwk = { ...(await exportJWK(privateKey)), kid: keyId, alg: 'RS256', use: 'sig' };
  const server = createServer();
  server.listen(options.port ?? 0, '127.0.0.1');
  await once(server, 'listening');
  const port = (server.address() as AddressInfo).port;
  const issuer = `http://127.0.0.1:${port}`;
  const claimsByClient = new Map(options.clients.map((client) => [client.clientId, client.claims ?? {}]));
  const provider = new Provider(issuer, {
    adapter: InMemoryOidcAdapter.factory(),
    clients: options.clients.map((client) => ({
      client_id: client.clientId,
      client_secret: secretOf(client.clientId),
      grant_types: ['client_credentials'],
      redirect_uris: [],
      response_types: [],
    })),
    jwks: { keys: [privateJwk] },
    features: {
      devInteractions: { enabled: false },
      clientCredentials: { enabled: true },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => 'urn:test:no-resource-requested',
        getResourceServerInfo: (_context, resourceIndicator) => ({
          audience: resourceIndicator,
          scope: TEST_SCOPES,
          accessTokenFormat: 'jwt',
          accessTokenTTL: options.accessTokenTtlSeconds ?? 600,
        }),
      },
    },
    ttl: { ClientCredentials: options.accessTokenTtlSeconds ?? 600 },
    extraTokenClaims: (_context, token) => claimsByClient.get(token.clientId ?? ''),
  });
  let requests = 0;
  const handle = provider.callback();
  server.on('request', (request, response) => {
    requests += 1;
    handle(request, response);
  });

  return {
    issuer,
    port,
    requestCount: () => requests,
    obtainToken: (clientId, resource, scope = 'mcp:tools') => obtainToken(issuer, clientId, resource, scope),
    signWithProviderKey: (claims, header = {}) => sign(privateKey, keyId, claims, header),
    stop: async () => {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}

async function obtainToken(
  issuer: string,
  clientId: string,
  resource: string,
  scope: string,
): Promise<string> {
  const response = await fetch(`${issuer}/token`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: `Basic ${Buffer.from(`${clientId}:${secretOf(clientId)}`).toString('base64')}`,
    },
    body: new URLSearchParams({ grant_type: 'client_credentials', resource, scope }),
  });
  const body = (await response.json()) as { access_token?: string; error?: string };
  if (response.status !== 200 || body.access_token === undefined) {
    throw new Error(`token endpoint answered ${response.status} ${body.error ?? ''}`);
  }
  return body.access_token;
}

function sign(
  key: CryptoKey,
  keyId: string,
  claims: JWTPayload,
  header: Record<string, unknown>,
): Promise<string> {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'RS256', typ: 'at+jwt', kid: keyId, ...header })
    .sign(key);
}
