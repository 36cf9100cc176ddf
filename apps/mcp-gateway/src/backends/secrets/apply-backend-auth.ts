// How a resolved secret is presented to a network backend, for each auth shape. Pure: the
// result is the headers and query parameters to add, or a refusal whose message never
// contains the secret. Every value is checked, so a hostile secret cannot inject a header.
import type { AuthShape } from '../backend-server';
import {
  headerNameProblem,
  headerValueProblem,
  MAX_HEADER_VALUE_LENGTH,
  quoted,
  unsafeCharacterProblem,
} from './http-field-syntax';

export interface BackendAuthPlacement {
  readonly headers: Readonly<Record<string, string>>;
  readonly query: Readonly<Record<string, string>>;
}

export type BackendAuthProblem = 'invalid-secret' | 'invalid-parameter';

export type BackendAuthResult =
  | ({ readonly ok: true } & BackendAuthPlacement)
  | { readonly ok: false; readonly problem: BackendAuthProblem; readonly message: string };

/** Unreserved URI characters (RFC 3986 §2.3): a name that needs no encoding and cannot confuse a server. */
const QUERY_PARAMETER_NAME = /^[A-Za-z0-9._~-]{1,128}$/;

/**
 * - `bearer`: `Authorization: Bearer <secret>`
 * - `x-api-key`: `X-Api-Key: <secret>`
 * - `basic`: the secret is `user:password`; `Authorization: Basic <base64 of its UTF-8>`
 * - `raw`: `Authorization: <secret>` as it is (the secret carries its own scheme)
 * - `custom-header`: `<authParameter>: <secret>`
 * - `query`: `?<authParameter>=<secret>` (the caller URL-encodes when building the URL)
 */
export function applyBackendAuth(
  shape: AuthShape,
  secret: string,
  authParameter?: string,
): BackendAuthResult {
  if (secret === '') return refuse('invalid-secret', 'the secret is empty');
  const unsafe = unsafeCharacterProblem(secret);
  if (unsafe !== undefined) return refuse('invalid-secret', `the secret ${unsafe}`);
  switch (shape) {
    case 'bearer':
      return inHeader('Authorization', `Bearer ${secret}`);
    case 'x-api-key':
      return inHeader('X-Api-Key', secret);
    case 'basic':
      return basic(secret);
    case 'raw':
      return inHeader('Authorization', secret);
    case 'custom-header':
      return customHeader(secret, authParameter);
    case 'query':
      return inQuery(secret, authParameter);
  }
}

function basic(secret: string): BackendAuthResult {
  // RFC 7617: the user-id cannot contain a colon, so the first one separates it from the password.
  if (!secret.includes(':')) {
    return refuse(
      'invalid-secret',
      "the basic auth shape needs the secret as user:password, and it contains no ':'",
    );
  }
  return inHeader('Authorization', `Basic ${Buffer.from(secret, 'utf8').toString('base64')}`);
}

function customHeader(secret: string, authParameter: string | undefined): BackendAuthResult {
  const name = authParameter?.trim() ?? '';
  if (name === '')
    return refuse('invalid-parameter', 'the custom-header auth shape needs authParameter (the header name)');
  const problem = headerNameProblem(name);
  if (problem !== undefined) return refuse('invalid-parameter', `authParameter ${quoted(name)} ${problem}`);
  return inHeader(name, secret);
}

function inQuery(secret: string, authParameter: string | undefined): BackendAuthResult {
  const name = authParameter?.trim() ?? '';
  if (name === '')
    return refuse('invalid-parameter', 'the query auth shape needs authParameter (the parameter name)');
  if (!QUERY_PARAMETER_NAME.test(name)) {
    return refuse(
      'invalid-parameter',
      `authParameter ${quoted(name)} must be 1 to 128 letters, digits or . _ ~ -`,
    );
  }
  if (secret.length > MAX_HEADER_VALUE_LENGTH) {
    return refuse('invalid-secret', `the secret is longer than ${MAX_HEADER_VALUE_LENGTH} characters`);
  }
  return { ok: true, headers: {}, query: { [name]: secret } };
}

function inHeader(name: string, value: string): BackendAuthResult {
  const problem = headerValueProblem(value);
  if (problem !== undefined)
    return refuse('invalid-secret', `the ${name} value built from the secret ${problem}`);
  return { ok: true, headers: { [name]: value }, query: {} };
}

function refuse(problem: BackendAuthProblem, message: string): BackendAuthResult {
  return { ok: false, problem, message };
}
