// Gateway-wide settings of the secret providers (README "Configuration"), read from the
// environment once at start-up. Every problem names its variable; none echoes the Vault token.
import path from 'node:path';
import { ConfigurationError } from '@platform/service-kit';
import type { EnvironmentMap } from './environment-secret.resolver';

export const VAULT_ADDRESS_VARIABLE = 'GATEWAY_VAULT_ADDR';
export const VAULT_TOKEN_VARIABLE = 'GATEWAY_VAULT_TOKEN';
export const VAULT_MOUNT_VARIABLE = 'GATEWAY_VAULT_MOUNT';
export const VAULT_NAMESPACE_VARIABLE = 'GATEWAY_VAULT_NAMESPACE';
export const VAULT_CACHE_SECONDS_VARIABLE = 'GATEWAY_VAULT_CACHE_SECONDS';
export const SECRET_FILE_DIRECTORIES_VARIABLE = 'GATEWAY_SECRET_FILE_DIRS';

export const DEFAULT_VAULT_MOUNT = 'secret';
export const DEFAULT_VAULT_CACHE_SECONDS = 60;
export const MAX_VAULT_CACHE_SECONDS = 3600;
/** Nothing else lives here by default, so a fresh install exposes no file to backends. */
export const DEFAULT_SECRET_FILE_DIRECTORIES: readonly string[] = ['/etc/mcp-gateway/secrets'];

export interface VaultSettings {
  /** Scheme, host, port and optional path prefix, without a trailing slash. */
  readonly address: string;
  readonly token: string;
  /** KV v2 mount path, without surrounding slashes. */
  readonly mount: string;
  /** Sent as `X-Vault-Namespace` (Vault Enterprise / HCP) when set. */
  readonly namespace: string | undefined;
  /** How long a resolved secret is reused; 0 disables the cache. */
  readonly cacheTtlMs: number;
}

export interface VaultSettingsInput {
  readonly address: string;
  readonly token: string;
  readonly mount?: string | undefined;
  readonly namespace?: string | undefined;
  readonly cacheSeconds?: number | undefined;
}

export interface SecretSettings {
  /** Undefined when GATEWAY_VAULT_ADDR is unset: backends using `Vault` then fail to resolve. */
  readonly vault: VaultSettings | undefined;
  /** Directories the `File` provider may read from (absolute, normalized). */
  readonly fileDirectories: readonly string[];
}

const LOOPBACK_HOST = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/;
const TOKEN_PATTERN = /^[\x21-\x7e]{1,4096}$/;
const PATH_SEGMENT = /^[A-Za-z0-9._-]+$/;

/** Throws ConfigurationError listing every problem. */
export function readSecretSettings(environment: EnvironmentMap): SecretSettings {
  const problems: string[] = [];
  const value = (name: string): string | undefined => emptyAsUnset(environment[name]);
  const address = value(VAULT_ADDRESS_VARIABLE);
  const token = value(VAULT_TOKEN_VARIABLE);
  let vault: VaultSettings | undefined;
  if (address === undefined) {
    if (token !== undefined)
      problems.push(`${VAULT_TOKEN_VARIABLE}: is set but ${VAULT_ADDRESS_VARIABLE} is not`);
  } else {
    const cacheText = value(VAULT_CACHE_SECONDS_VARIABLE);
    const cacheSeconds = cacheText === undefined ? undefined : Number(cacheText);
    const input = {
      address,
      token: token ?? '',
      mount: value(VAULT_MOUNT_VARIABLE),
      namespace: value(VAULT_NAMESPACE_VARIABLE),
      cacheSeconds,
    };
    const checked = checkVaultSettings(input);
    if (Array.isArray(checked)) problems.push(...checked);
    else vault = checked;
  }
  const directories = readDirectories(value(SECRET_FILE_DIRECTORIES_VARIABLE), problems);
  if (problems.length > 0) throw new ConfigurationError(problems);
  return { vault, fileDirectories: directories };
}

/** Builds VaultSettings from values (tests, programmatic use); throws ConfigurationError. */
export function createVaultSettings(input: VaultSettingsInput): VaultSettings {
  const checked = checkVaultSettings(input);
  if (Array.isArray(checked)) throw new ConfigurationError(checked);
  return checked;
}

function checkVaultSettings(input: VaultSettingsInput): VaultSettings | string[] {
  const problems: string[] = [];
  const address = checkAddress(input.address, problems);
  if (!TOKEN_PATTERN.test(input.token)) {
    problems.push(
      `${VAULT_TOKEN_VARIABLE}: must be set when ${VAULT_ADDRESS_VARIABLE} is, as 1 to 4096 visible ASCII characters`,
    );
  }
  const mount = trimSlashes(input.mount ?? DEFAULT_VAULT_MOUNT);
  if (!isSlashSeparatedPath(mount))
    problems.push(`${VAULT_MOUNT_VARIABLE}: must be a path of letters, digits, '.', '_' and '-' segments`);
  const namespace = input.namespace === undefined ? undefined : trimSlashes(input.namespace);
  if (namespace !== undefined && !isSlashSeparatedPath(namespace)) {
    problems.push(
      `${VAULT_NAMESPACE_VARIABLE}: must be a path of letters, digits, '.', '_' and '-' segments`,
    );
  }
  const cacheSeconds = input.cacheSeconds ?? DEFAULT_VAULT_CACHE_SECONDS;
  if (!Number.isInteger(cacheSeconds) || cacheSeconds < 0 || cacheSeconds > MAX_VAULT_CACHE_SECONDS) {
    problems.push(
      `${VAULT_CACHE_SECONDS_VARIABLE}: must be an integer number of seconds from 0 to ${MAX_VAULT_CACHE_SECONDS}`,
    );
  }
  if (problems.length > 0 || address === undefined) return problems;
  const token = input.token;
  const settings: VaultSettings & { toJSON(): unknown } = {
    address,
    token,
    mount,
    namespace,
    cacheTtlMs: cacheSeconds * 1000,
    // Logged settings (pino honours toJSON) must not reveal the token.
    toJSON: () => ({ address, token: '[REDACTED]', mount, namespace, cacheTtlMs: cacheSeconds * 1000 }),
  };
  return settings;
}

function checkAddress(text: string, problems: string[]): string | undefined {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    problems.push(`${VAULT_ADDRESS_VARIABLE}: must be an absolute URL such as https://vault.example:8200`);
    return undefined;
  }
  const before = problems.length;
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && LOOPBACK_HOST.test(url.hostname))) {
    problems.push(
      `${VAULT_ADDRESS_VARIABLE}: must use https (plain http only for localhost, 127.x.x.x and [::1]): the token travels in every request`,
    );
  }
  if (url.username !== '' || url.password !== '')
    problems.push(`${VAULT_ADDRESS_VARIABLE}: must not contain credentials`);
  if (url.search !== '' || url.hash !== '')
    problems.push(`${VAULT_ADDRESS_VARIABLE}: must not contain a query or fragment`);
  return problems.length === before ? `${url.origin}${url.pathname.replace(/\/+$/, '')}` : undefined;
}

function readDirectories(text: string | undefined, problems: string[]): readonly string[] {
  if (text === undefined) return DEFAULT_SECRET_FILE_DIRECTORIES;
  const directories = text
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
  for (const directory of directories) {
    if (
      !path.isAbsolute(directory) ||
      path.normalize(directory).replace(/\/+$/, '') !== directory.replace(/\/+$/, '')
    ) {
      problems.push(
        `${SECRET_FILE_DIRECTORIES_VARIABLE}: ${JSON.stringify(directory)} is not an absolute, normalized path`,
      );
    } else if (path.normalize(directory) === path.parse(directory).root) {
      problems.push(`${SECRET_FILE_DIRECTORIES_VARIABLE}: the file system root cannot be a secret directory`);
    }
  }
  return directories.map((directory) => path.normalize(directory).replace(/(.)\/+$/, '$1'));
}

function isSlashSeparatedPath(text: string): boolean {
  const segments = text.split('/');
  return (
    text !== '' &&
    segments.every((segment) => PATH_SEGMENT.test(segment) && segment !== '.' && segment !== '..')
  );
}

function trimSlashes(text: string): string {
  return text.trim().replace(/^\/+|\/+$/g, '');
}

function emptyAsUnset(text: string | undefined): string | undefined {
  return text === undefined || text.trim() === '' ? undefined : text.trim();
}
