// OpenID Connect discovery for one configured issuer: fetch its metadata and check that it
// names the same issuer and a JWKS location we are willing to fetch keys from.
import { fetchJson } from '@platform/service-kit';
import { isLoopbackHttpUrl } from './oidc-config';

export type DiscoveryResult =
  { readonly ok: true; readonly jwksUri: URL } | { readonly ok: false; readonly message: string };

/** Discovery documents are a few KiB; anything far bigger is refused rather than parsed (bytes). */
const MAX_DOCUMENT_LENGTH = 256 * 1024;

/** `<issuer>/.well-known/openid-configuration`, with one trailing slash of the issuer removed (OIDC Discovery 4). */
export function discoveryUrl(issuer: string): string {
  return `${issuer.replace(/\/$/, '')}/.well-known/openid-configuration`;
}

/**
 * The JWKS location rule: https always; plain http only when the issuer itself is a loopback
 * http URL and the JWKS is on loopback too (local development and tests). Never credentials.
 */
export function checkJwksUri(issuer: string, jwksUri: unknown): URL | string {
  if (typeof jwksUri !== 'string') return 'has no jwks_uri';
  let url: URL;
  try {
    url = new URL(jwksUri);
  } catch {
    return 'has a jwks_uri that is not an absolute URL';
  }
  if (url.username !== '' || url.password !== '') return 'has a jwks_uri with credentials';
  if (url.protocol === 'https:') return url;
  if (isLoopbackHttpUrl(new URL(issuer)) && isLoopbackHttpUrl(url)) return url;
  return 'has a jwks_uri that is not https';
}

/** Never throws; a failure carries a message fit for logs. Redirects are not followed. */
export async function discoverIssuer(issuer: string, timeoutMs: number): Promise<DiscoveryResult> {
  const where = discoveryUrl(issuer);
  const fetched = await fetchJson({ url: where, timeoutMs, maxBytes: MAX_DOCUMENT_LENGTH });
  if (!fetched.ok) return { ok: false, message: fetched.message };
  const document = fetched.body;
  if (typeof document !== 'object' || document === null)
    return { ok: false, message: `${where} is not a JSON object` };
  const metadata = document as Record<string, unknown>;
  // OIDC Discovery 4.3: the issuer in the document must be identical to the one we asked about,
  // which stops one issuer's metadata from vouching for another's keys (mix-up).
  if (metadata['issuer'] !== issuer) {
    const named = JSON.stringify(metadata['issuer'])?.slice(0, 200) ?? 'nothing';
    return { ok: false, message: `${where} names issuer ${named}, expected ${JSON.stringify(issuer)}` };
  }
  const jwksUri = checkJwksUri(issuer, metadata['jwks_uri']);
  return typeof jwksUri === 'string' ? { ok: false, message: `${where} ${jwksUri}` } : { ok: true, jwksUri };
}
