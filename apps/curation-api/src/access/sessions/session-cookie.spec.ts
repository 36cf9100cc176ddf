import type { Request, Response } from 'express';
import { SESSION_COOKIE, sessionCookieOf, setSessionCookie } from './session-cookie';

function requestWith(headers: Record<string, string>, secure = false): Request {
  return { headers, secure } as unknown as Request;
}

function cookieOptionsFor(request: Request): Record<string, unknown> {
  let options: Record<string, unknown> = {};
  const response = {
    cookie: (_name: string, _value: string, given: Record<string, unknown>) => {
      options = given;
    },
  } as unknown as Response;
  setSessionCookie(request, response, 'token', new Date(0));
  return options;
}

describe('the session cookie', () => {
  it('is HttpOnly and SameSite=Lax, and Secure only when the request came over TLS', () => {
    expect(cookieOptionsFor(requestWith({}))).toMatchObject({
      httpOnly: true,
      sameSite: 'lax',
      secure: false,
    });
    expect(cookieOptionsFor(requestWith({}, true)).secure).toBe(true);
    expect(cookieOptionsFor(requestWith({ 'x-forwarded-proto': 'https, http' })).secure).toBe(true);
    expect(cookieOptionsFor(requestWith({ 'x-forwarded-proto': 'http' })).secure).toBe(false);
    expect(cookieOptionsFor(requestWith({ forwarded: 'for=192.0.2.1;proto=https' })).secure).toBe(true);
    expect(cookieOptionsFor(requestWith({ forwarded: 'for=192.0.2.1;proto=http' })).secure).toBe(false);
  });

  it('is read from among other cookies, and an empty one is none', () => {
    expect(sessionCookieOf(requestWith({ cookie: `a=1; ${SESSION_COOKIE}=abc; b=2` }))).toBe('abc');
    expect(sessionCookieOf(requestWith({ cookie: `${SESSION_COOKIE}=` }))).toBeUndefined();
    expect(sessionCookieOf(requestWith({ cookie: `x${SESSION_COOKIE}=abc` }))).toBeUndefined();
    expect(sessionCookieOf(requestWith({}))).toBeUndefined();
  });
});
