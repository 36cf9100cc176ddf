// Public API of backend secret handling: resolving a backend's secret from its provider
// (None, Environment, File, Vault KV v2) and presenting it to the backend (auth shapes,
// extra headers, pass-through). See README.md.
export { applyBackendAuth } from './apply-backend-auth';
export type { BackendAuthPlacement, BackendAuthProblem, BackendAuthResult } from './apply-backend-auth';
export {
  AUTH_SHAPE_SPELLINGS,
  DEFAULT_AUTH_SHAPE,
  DEFAULT_SECRET_PROVIDER,
  normalizeAuthShape,
  normalizeSecretProvider,
  parseAuthShape,
  parseSecretProvider,
  SECRET_PROVIDER_SPELLINGS,
} from './backend-record.spellings';
export type { SpellingResult } from './backend-record.spellings';
export { BackendSecretResolver } from './backend-secret.resolver';
export type { SecretProviders } from './backend-secret.resolver';
export { EnvironmentSecretResolver, RESERVED_VARIABLE_PREFIXES } from './environment-secret.resolver';
export type { EnvironmentMap } from './environment-secret.resolver';
export { FileSecretResolver, MAX_SECRET_FILE_BYTES } from './file-secret.resolver';
export type { FileSecretResolverOptions } from './file-secret.resolver';
export { FORBIDDEN_HEADER_NAMES, headerNameProblem, headerValueProblem } from './http-field-syntax';
export { NoneSecretResolver } from './none-secret.resolver';
export { MAX_EXTRA_HEADERS, parseHeadersJson } from './parse-headers-json';
export type { HeadersJsonResult } from './parse-headers-json';
export { PASS_THROUGH_HEADER, passThroughAuthorization } from './pass-through-authorization';
export type { PassThroughDecision, PassThroughOptions } from './pass-through-authorization';
export { SECRET_FAILURE_REASONS } from './secret-resolution';
export type {
  BackendSecretReference,
  SecretFailureReason,
  SecretResolution,
  SecretResolver,
} from './secret-resolution';
export {
  createVaultSettings,
  DEFAULT_SECRET_FILE_DIRECTORIES,
  DEFAULT_VAULT_CACHE_SECONDS,
  DEFAULT_VAULT_MOUNT,
  readSecretSettings,
} from './secrets.settings';
export type { SecretSettings, VaultSettings, VaultSettingsInput } from './secrets.settings';
export { DEFAULT_VAULT_TIMEOUT_MS } from './vault-kv.client';
export { VaultSecretResolver } from './vault-secret.resolver';
export type { VaultSecretResolverOptions } from './vault-secret.resolver';
