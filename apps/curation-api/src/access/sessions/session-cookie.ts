// The session cookie: HttpOnly (scripts never see it), SameSite=Lax (other sites' requests do not
// carry it, except top-level navigations, which are GETs), Path=/, and Secure when the request
// came over TLS (docs/decisions/031).
import type { Request, Response } from 'express';

export const SESSION_COOKIE = 'curation_session';

export function setSessionCookie(request: Request, response: Response, token: string, expiresAt: Date): void {
  response.cookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: cameOverTls(request),
    path: '/',
    expires: expiresAt,
  });
}

export function clearSessionCookie(request: Request, response: Response): void {
  response.clearCookie(SESSION_COOKIE, {
    httpOnly: true,
    sameSite: 'lax',
    secure: cameOverTls(request),
    path: '/',
  });
}

/** The session cookie's value, or undefined; read without a cookie-parsing middleware. */
export function sessionCookieOf(request: Request): string | undefined {
  const header = request.headers.cookie;
  if (header === undefined) return undefined;
  for (const part of header.split(';')) {
    const separator = part.indexOf('=');
    if (separator < 0 || part.slice(0, separator).trim() !== SESSION_COOKIE) continue;
    const value = part.slice(separator + 1).trim();
    return value === '' ? undefined : value;
  }
  return undefined;
}

/**
 * TLS to this process (`request.secure`), or to the proxy in front as it reports it
 * (X-Forwarded-Proto, RFC 7239 Forwarded). The service kit does not set Express's 'trust proxy',
 * and need not here: the header only ever adds Secure, and a browser that reached us over plain
 * HTTP while a forger claimed https merely drops the cookie of that one response.
 */
function cameOverTls(request: Request): boolean {
  if (request.secure) return true;
  const forwardedProto = request.headers['x-forwarded-proto'];
  const first = (Array.isArray(forwardedProto) ? forwardedProto[0] : forwardedProto)?.split(',')[0];
  if (first?.trim().toLowerCase() === 'https') return true;
  const forwarded = request.headers.forwarded?.split(',')[0] ?? '';
  return /(?:^|;)\s*proto="?https"?\s*(?:;|$)/i.test(forwarded);
}
