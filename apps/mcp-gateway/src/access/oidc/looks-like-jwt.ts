// Routing a Bearer credential: JWT access tokens go to the OIDC verifier, everything else (AppKeys
// start with `mcp-` and contain no dots) to the AppKey verifier.

/** Tokens longer than this are refused before any parsing (headers this big are an attack or a bug). */
export const MAX_JWT_LENGTH = 16 * 1024;

// Header and payload must be non-empty; the signature may be empty (an `alg: none` token), so
// that such a token reaches the verifier and is refused with a precise reason.
const COMPACT_JWS_PATTERN = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/;

/**
 * True when `text` has the shape of a compact JWS: three base64url segments. Says nothing about
 * validity, and ignores length so that an oversized JWT is still routed to (and refused by) the
 * JWT verifier with a precise reason.
 */
export function looksLikeJwt(text: unknown): text is string {
  return typeof text === 'string' && COMPACT_JWS_PATTERN.test(text);
}
