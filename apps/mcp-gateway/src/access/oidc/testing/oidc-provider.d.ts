// The few parts of `oidc-provider` (ships no type declarations) that the integration tests use.
declare module 'oidc-provider' {
  interface ClientMetadata {
    client_id: string;
    client_secret: string;
    grant_types: string[];
    redirect_uris: string[];
    response_types: string[];
  }

  interface ResourceServerInfo {
    audience: string;
    scope: string;
    accessTokenFormat: 'jwt' | 'opaque';
    accessTokenTTL?: number;
  }

  interface IssuedToken {
    clientId?: string;
  }

  interface Configuration {
    /** A factory of storage adapters, one per model name. */
    adapter: (model: string) => object;
    clients: ClientMetadata[];
    jwks: { keys: Record<string, unknown>[] };
    features: {
      devInteractions: { enabled: boolean };
      clientCredentials: { enabled: boolean };
      resourceIndicators: {
        enabled: boolean;
        defaultResource: () => string;
        getResourceServerInfo: (context: unknown, resourceIndicator: string) => ResourceServerInfo;
      };
    };
    ttl: { ClientCredentials: number };
    extraTokenClaims: (context: unknown, token: IssuedToken) => Record<string, unknown> | undefined;
  }

  export default class Provider {
    constructor(issuer: string, configuration: Configuration);
    callback(): (
      request: import('node:http').IncomingMessage,
      response: import('node:http').ServerResponse,
    ) => void;
  }
}
