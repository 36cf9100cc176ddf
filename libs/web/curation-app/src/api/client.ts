// The one way the app talks to the curation API: openapi-fetch over the types generated from the
// service's OpenAPI document (curation-api.d.ts), with the session cookie, and every failed answer
// turned into a ProblemError that names the problem.
import { ProblemError } from '@platform/web-ui';
import createClient from 'openapi-fetch';
import type { paths } from './curation-api';

export const api = createClient<paths>({ baseUrl: window.location.origin, credentials: 'same-origin' });

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

/** Where an item's poster is: same origin, so the session cookie goes along and the CSP's img-src 'self' allows it. */
export function posterUrl(itemId: string): string {
  return `/api/v1/catalog/${encodeURIComponent(itemId)}/poster`;
}
