// Where a caller's credential may be (spec 5.1 "Credential locations"), in order:
// `Authorization: Bearer`, `X-App-Key`, `X-Api-Key`, then the query parameters `app_key`,
// `api_key`, `key`. The first present one is used; later ones are ignored.
import type { IncomingHttpHeaders } from 'node:http';

export type CredentialSource = 'authorization' | 'x-app-key' | 'x-api-key' | 'query';

export interface PresentedCredential {
  readonly value: string;
  readonly source: CredentialSource;
}

const QUERY_PARAMETERS = ['app_key', 'api_key', 'key'] as const;
/** Credentials are short; anything longer is garbage and is not even parsed. */
const MAX_CREDENTIAL_LENGTH = 16 * 1024;
const BEARER = /^Bearer[ \t]+(\S+)[ \t]*$/i;

export function extractCredential(
  headers: IncomingHttpHeaders,
  query: Readonly<Record<string, unknown>>,
): PresentedCredential | undefined {
  const bearer = BEARER.exec(single(headers.authorization) ?? '')?.[1];
  if (bearer !== undefined) return bounded(bearer, 'authorization');
  for (const header of ['x-app-key', 'x-api-key'] as const) {
    const value = single(headers[header])?.trim();
    if (value) return bounded(value, header);
  }
  for (const name of QUERY_PARAMETERS) {
    const value = query[name];
    if (typeof value === 'string' && value.trim() !== '') return bounded(value.trim(), 'query');
  }
  return undefined;
}

/** A header sent twice is ambiguous; Node joins repeated custom headers with ", ". */
function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function bounded(value: string, source: CredentialSource): PresentedCredential {
  return {
    value: value.length > MAX_CREDENTIAL_LENGTH ? value.slice(0, MAX_CREDENTIAL_LENGTH) : value,
    source,
  };
}
