// The one way the dashboard talks to the gateway's administration API: openapi-fetch over the
// types generated from the gateway's OpenAPI document (gateway-api.d.ts), with the signed-in
// administrator key (or nothing, behind the SSO proxy) unless a request brings its own, and every
// failed answer turned into a
// ProblemError that names the problem.
import { ProblemError } from '@platform/web-ui';
import createClient from 'openapi-fetch';
import { credentialHeaders } from './credential';
import type { paths } from './gateway-api';

export const api = createClient<paths>({ baseUrl: window.location.origin, credentials: 'same-origin' });

api.use({
  onRequest({ request }) {
    // A request that brings its own credential (the test bench's AppKey) keeps it.
    for (const [name, value] of Object.entries(credentialHeaders()))
      if (!request.headers.has(name)) request.headers.set(name, value);
    return request;
  },
});

interface Answer<T> {
  readonly data?: T;
  readonly error?: unknown;
  readonly response: Response;
}

/** The answer's body, or a ProblemError for any status outside 2xx. */
export async function call<T>(request: Promise<Answer<T>>): Promise<T> {
  const { data, error, response } = await request;
  if (!response.ok) throw ProblemError.from(response.status, error);
  return data as T;
}
