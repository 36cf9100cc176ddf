// RFC 9728 protected-resource metadata and the `WWW-Authenticate` challenge that points to it:
// how an OAuth-capable MCP client learns which authorization servers issue tokens for the gateway.

export const PROTECTED_RESOURCE_WELL_KNOWN = '/.well-known/oauth-protected-resource';

export interface ProtectedResourceMetadataInput {
  /** The gateway's resource identifier: the URL clients use (and send as RFC 8707 `resource`). */
  readonly resource: string;
  /** Issuer identifiers (the configured `GATEWAY_OIDC_ISSUERS`). */
  readonly authorizationServers: readonly string[];
  /** Empty or absent: the field is left out (MCP guidance: do not list every scope). */
  readonly scopesSupported?: readonly string[];
  readonly resourceName?: string;
}

/** The JSON document (RFC 9728 section 2); field names are the RFC's. */
export interface ProtectedResourceMetadata {
  readonly resource: string;
  readonly authorization_servers: readonly string[];
  readonly bearer_methods_supported: readonly ['header'];
  readonly scopes_supported?: readonly string[];
  readonly resource_name?: string;
}

export function buildProtectedResourceMetadata(
  input: ProtectedResourceMetadataInput,
): ProtectedResourceMetadata {
  parseResource(input.resource);
  const scopes = input.scopesSupported ?? [];
  return {
    resource: input.resource,
    authorization_servers: [...input.authorizationServers],
    // Only the Authorization header: MCP forbids tokens in the query string.
    bearer_methods_supported: ['header'],
    ...(scopes.length > 0 ? { scopes_supported: [...scopes] } : {}),
    ...(input.resourceName !== undefined ? { resource_name: input.resourceName } : {}),
  };
}

/**
 * Where the metadata of `resource` lives (RFC 9728 section 3.1): the well-known segment goes
 * between the host and the path, so `https://gw.example/mcp` has
 * `https://gw.example/.well-known/oauth-protected-resource/mcp`.
 */
export function protectedResourceMetadataUrl(resource: string): string {
  const url = parseResource(resource);
  const path = url.pathname === '/' ? '' : url.pathname.replace(/\/$/, '');
  return `${url.origin}${PROTECTED_RESOURCE_WELL_KNOWN}${path}${url.search}`;
}

export interface BearerChallengeInput {
  /** Absolute URL of the metadata document, usually `protectedResourceMetadataUrl(resource)`. */
  readonly resourceMetadataUrl: string;
  readonly realm?: string;
  /** RFC 6750 error code: `invalid_token` for a refused token, `insufficient_scope` for step-up (403). */
  readonly error?: 'invalid_request' | 'invalid_token' | 'insufficient_scope';
  readonly errorDescription?: string;
  /** Scopes the request needs (space-separated in the header). */
  readonly scopes?: readonly string[];
}

/** `Bearer realm="mcp", resource_metadata="https://…/.well-known/oauth-protected-resource/mcp"` plus optional error fields. */
export function buildWwwAuthenticateHeader(input: BearerChallengeInput): string {
  const parameters: [string, string][] = [
    ['realm', input.realm ?? 'mcp'],
    ['resource_metadata', input.resourceMetadataUrl],
  ];
  if (input.error !== undefined) parameters.push(['error', input.error]);
  if (input.errorDescription !== undefined) parameters.push(['error_description', input.errorDescription]);
  if (input.scopes !== undefined && input.scopes.length > 0)
    parameters.push(['scope', input.scopes.join(' ')]);
  return `Bearer ${parameters.map(([name, value]) => `${name}=${quote(value)}`).join(', ')}`;
}

/** An RFC 9110 quoted-string; characters a header cannot carry (controls, non-ASCII) are dropped. */
function quote(value: string): string {
  const printable = value.replace(/[^\x20-\x7e]/g, '');
  return `"${printable.replace(/["\\]/g, (character) => `\\${character}`)}"`;
}

/** RFC 9728 section 1.2: an absolute https URL without fragment (http allowed for loopback development). */
function parseResource(resource: string): URL {
  const url = new URL(resource);
  if (url.hash !== '' || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
    throw new TypeError(`resource ${JSON.stringify(resource)} must be an http(s) URL without fragment`);
  }
  return url;
}
