// Where a server's secret comes from and the fields each provider needs. Fields a provider does
// not use are problems: `secretPath` with provider None usually means the provider was forgotten.
import type { BackendTransport, SecretProvider } from '../backend-server';
import { RESERVED_VARIABLE_PREFIXES, parseSecretProvider } from '../secrets';
import { hasControlCharacters } from './input-value.helpers';
import type { InputValue, ServerInputFields } from './server-input-fields';
import { readText } from './scalar-field.readers';

export const ENVIRONMENT_VARIABLE_NAME_PATTERN = /^[A-Za-z_][A-Za-z0-9_]*$/;
const MAX_SECRET_PATH_LENGTH = 1024;
const MAX_SECRET_NAME_LENGTH = 256;

export interface SecretSettings {
  readonly secretProvider: SecretProvider;
  readonly secretPath?: string;
  readonly secretField?: string;
  readonly secretItemKey?: string;
}

type SecretField = 'secretPath' | 'secretField' | 'secretItemKey';

export function readSecretSettings(
  fields: ServerInputFields,
  type: BackendTransport | undefined,
  problems: string[],
): SecretSettings {
  const secretProvider = readSecretProvider(fields.secretProvider, problems);
  const secretPath = readSecretText(fields.secretPath, MAX_SECRET_PATH_LENGTH, problems);
  const secretField = readSecretText(fields.secretField, MAX_SECRET_NAME_LENGTH, problems);
  const secretItemKey = readSecretText(fields.secretItemKey, MAX_SECRET_NAME_LENGTH, problems);
  const used = fieldsUsedBy(secretProvider, type);
  for (const field of ['secretPath', 'secretField', 'secretItemKey'] as const) {
    const input = fields[field];
    if (input !== undefined && !used.has(field)) {
      problems.push(
        `${input.name}: is not used with secretProvider "${secretProvider}"${itemKeyHint(field)}`,
      );
    }
  }
  if (used.has('secretItemKey') && secretItemKey !== undefined) {
    checkVariableName(secretItemKey, secretProvider, problems);
  }
  checkRequiredFields(secretProvider, fields, problems);
  checkSecretPath(secretProvider, secretPath, problems);
  return {
    secretProvider,
    ...(secretPath === undefined ? {} : { secretPath }),
    ...(secretField === undefined ? {} : { secretField }),
    ...(secretItemKey === undefined ? {} : { secretItemKey }),
  };
}

/** Spellings are shared with the secret resolvers (`HashiCorpVault`, `environment`, …). */
function readSecretProvider(input: InputValue | undefined, problems: string[]): SecretProvider {
  const text = readText(input, 256, problems);
  if (input === undefined || text === undefined) {
    return 'None';
  }
  const provider = parseSecretProvider(text);
  if (!provider.ok) {
    problems.push(`${input.name}: ${provider.message}`);
    return 'None';
  }
  return provider.value;
}

// Values are not echoed: someone may have pasted the secret itself into this field.
function checkVariableName(name: string, provider: SecretProvider, problems: string[]): void {
  if (!ENVIRONMENT_VARIABLE_NAME_PATTERN.test(name)) {
    problems.push(
      'secretItemKey: must be an environment variable name (letters, digits and "_", not starting with a digit)',
    );
    return;
  }
  const reserved = RESERVED_VARIABLE_PREFIXES.find((prefix) => name.toUpperCase().startsWith(prefix));
  if (provider === 'Environment' && reserved !== undefined) {
    problems.push(
      `secretItemKey: variables starting with ${reserved} hold the gateway's own settings and cannot be a server's secret`,
    );
  }
}

function readSecretText(
  input: InputValue | undefined,
  maxLength: number,
  problems: string[],
): string | undefined {
  const text = readText(input, maxLength, problems);
  if (input !== undefined && text !== undefined && hasControlCharacters(text)) {
    problems.push(`${input.name}: must not contain control characters`);
  }
  return text;
}

/** `secretItemKey` also names the child's variable for stdio servers (default API_KEY). */
function fieldsUsedBy(
  provider: SecretProvider,
  type: BackendTransport | undefined,
): ReadonlySet<SecretField> {
  const childVariable: readonly SecretField[] = type === 'stdio' ? ['secretItemKey'] : [];
  switch (provider) {
    case 'None':
      return new Set();
    case 'Environment':
      return new Set(['secretItemKey']);
    case 'File':
      return new Set(['secretPath', ...childVariable]);
    case 'Vault':
      return new Set(['secretPath', 'secretField', ...childVariable]);
  }
}

function itemKeyHint(field: SecretField): string {
  return field === 'secretItemKey' ? ' (for File and Vault only by stdio servers)' : '';
}

const REQUIRED_FIELDS: Readonly<Record<SecretProvider, readonly [SecretField, string][]>> = {
  None: [],
  Environment: [['secretItemKey', 'the variable holding the secret']],
  File: [['secretPath', 'an absolute file path']],
  Vault: [
    ['secretPath', 'the KV v2 path'],
    ['secretField', 'the field inside the secret'],
  ],
};

function checkRequiredFields(provider: SecretProvider, fields: ServerInputFields, problems: string[]): void {
  for (const [field, meaning] of REQUIRED_FIELDS[provider]) {
    if (fields[field] === undefined) {
      problems.push(`${field}: is required with secretProvider "${provider}" (${meaning})`);
    }
  }
}

function checkSecretPath(provider: SecretProvider, secretPath: string | undefined, problems: string[]): void {
  if (secretPath === undefined) {
    return;
  }
  if (provider === 'File' && !secretPath.startsWith('/')) {
    problems.push('secretPath: must be an absolute file path with secretProvider "File"');
  }
  if (provider === 'Vault' && !isVaultPath(secretPath)) {
    problems.push(
      'secretPath: must be a Vault KV v2 path without spaces, "?", "#", "%", "\\", "." or ".." segments',
    );
  }
}

/** The path becomes part of a Vault API URL, so nothing that could change the URL's meaning. */
function isVaultPath(path: string): boolean {
  return !/[\s?#%\\]/.test(path) && !path.split('/').some((segment) => segment === '..' || segment === '.');
}
