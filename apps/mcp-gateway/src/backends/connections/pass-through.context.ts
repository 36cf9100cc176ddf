// Pass-through auth on a shared backend connection (spec 4.1): the caller's `X-Target-Auth`
// replaces the static secret for the HTTP requests that carry that caller's message, and for
// nothing else. The value travels in async context from the proxy core to the transport's fetch,
// so one connection can serve callers with different upstream credentials.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { FetchLike } from '@modelcontextprotocol/client';
import type { BackendAuthPlacement } from '../secrets';

const currentAuthorization = new AsyncLocalStorage<string>();

/** Runs `action` so that backend HTTP requests it starts carry `authorization` (when given). */
export function runWithPassThroughAuthorization<T>(authorization: string | undefined, action: () => T): T {
  return authorization === undefined ? action() : currentAuthorization.run(authorization, action);
}

/**
 * Wraps `fetch` so that, inside `runWithPassThroughAuthorization`, it sends the caller's
 * Authorization and removes every trace of the static secret (its header or query parameter,
 * whatever the auth shape).
 */
export function passThroughFetch(placement: BackendAuthPlacement | undefined, fetch: FetchLike): FetchLike {
  const staticHeaders = Object.keys(placement?.headers ?? {});
  const staticQuery = Object.keys(placement?.query ?? {});
  return (url, init) => {
    const authorization = currentAuthorization.getStore();
    if (authorization === undefined) return fetch(url, init);
    const target = new URL(url);
    for (const name of staticQuery) target.searchParams.delete(name);
    const headers = new Headers(init?.headers);
    for (const name of staticHeaders) headers.delete(name);
    headers.set('authorization', authorization);
    return fetch(target, { ...init, headers });
  };
}
