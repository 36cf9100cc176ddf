// Spellings of `secretProvider` and `authShape` as they arrive from the declarative servers file
// or the administration API, turned into the canonical values of backend-server.ts. Matching
// ignores letter case, spaces, `-` and `_`, so `HashiCorpVault`, `hashicorp-vault` and `VAULT` agree.
import { ConfigurationError } from '@platform/service-kit';
import type { AuthShape, SecretProvider } from '../backend-server';

export type SpellingResult<T> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly message: string };

/** Accepted spellings, canonical first; shown in error messages. */
export const SECRET_PROVIDER_SPELLINGS: Readonly<Record<SecretProvider, readonly string[]>> = {
  None: ['None'],
  Environment: ['Environment'],
  File: ['File'],
  Vault: ['Vault', 'HashiCorpVault'],
};

export const AUTH_SHAPE_SPELLINGS: Readonly<Record<AuthShape, readonly string[]>> = {
  bearer: ['bearer'],
  'x-api-key': ['x-api-key'],
  basic: ['basic'],
  raw: ['raw'],
  'custom-header': ['custom-header'],
  query: ['query'],
};

/** A blank `secretProvider` means the backend has no secret. */
export const DEFAULT_SECRET_PROVIDER: SecretProvider = 'None';
/** A blank `authShape` means `Authorization: Bearer` (the common case among MCP servers). */
export const DEFAULT_AUTH_SHAPE: AuthShape = 'bearer';

export function parseSecretProvider(text: string | undefined): SpellingResult<SecretProvider> {
  return parseSpelling('secretProvider', SECRET_PROVIDER_SPELLINGS, DEFAULT_SECRET_PROVIDER, text);
}

export function parseAuthShape(text: string | undefined): SpellingResult<AuthShape> {
  return parseSpelling('authShape', AUTH_SHAPE_SPELLINGS, DEFAULT_AUTH_SHAPE, text);
}

/** For start-up (declarative servers file): throws ConfigurationError listing the allowed values. */
export function normalizeSecretProvider(
  text: string | undefined,
  location = 'secretProvider',
): SecretProvider {
  return valueOrThrow(parseSecretProvider(text), location);
}

export function normalizeAuthShape(text: string | undefined, location = 'authShape'): AuthShape {
  return valueOrThrow(parseAuthShape(text), location);
}

function valueOrThrow<T>(result: SpellingResult<T>, location: string): T {
  if (!result.ok) throw new ConfigurationError([`${location}: ${result.message}`]);
  return result.value;
}

function parseSpelling<T extends string>(
  field: string,
  spellings: Readonly<Record<T, readonly string[]>>,
  fallback: T,
  text: string | undefined,
): SpellingResult<T> {
  if (text === undefined || text.trim() === '') return { ok: true, value: fallback };
  const wanted = comparable(text);
  for (const [canonical, accepted] of Object.entries(spellings) as Array<[T, readonly string[]]>) {
    if (accepted.some((spelling) => comparable(spelling) === wanted)) return { ok: true, value: canonical };
  }
  const allowed = Object.values<readonly string[]>(spellings).flat().join(', ');
  const shown = JSON.stringify(text.length > 64 ? `${text.slice(0, 64)}…` : text);
  return {
    ok: false,
    message: `unknown ${field} ${shown}; allowed values (case-insensitive): ${allowed}`,
  };
}

function comparable(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, '');
}
