// The `Environment` provider: the secret is the value of the variable named by `secretItemKey`,
// read from an environment map handed in at construction (process.env in production, a plain
// object in tests).
import type { BackendSecretReference, SecretResolution, SecretResolver } from './secret-resolution';
import { secretFailure } from './secret-resolution';

export type EnvironmentMap = Readonly<Record<string, string | undefined>>;

const VARIABLE_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,255}$/;

/**
 * The gateway's own settings (the Vault token, the database URL, the SSO proxy secret) live in
 * the same environment. Whoever may edit a backend record chooses both the variable and the URL
 * the secret is sent to, so these prefixes are refused: otherwise a backend could be pointed at
 * GATEWAY_VAULT_TOKEN and receive it.
 */
export const RESERVED_VARIABLE_PREFIXES: readonly string[] = ['GATEWAY_', 'DATABASE_'];

export class EnvironmentSecretResolver implements SecretResolver {
  constructor(private readonly environment: EnvironmentMap) {}

  resolve(server: BackendSecretReference): Promise<SecretResolution> {
    return Promise.resolve(this.read(server));
  }

  private read(server: BackendSecretReference): SecretResolution {
    const name = server.secretItemKey?.trim() ?? '';
    if (name === '')
      return secretFailure(server, 'not-configured', 'secretItemKey (the variable name) is not set');
    // The text is not echoed: someone may have pasted the secret itself into this field.
    if (!VARIABLE_NAME.test(name)) {
      return secretFailure(
        server,
        'not-configured',
        'secretItemKey is not a valid variable name (letters, digits and _, not starting with a digit)',
      );
    }
    const reserved = RESERVED_VARIABLE_PREFIXES.find((prefix) => name.toUpperCase().startsWith(prefix));
    if (reserved !== undefined) {
      return secretFailure(
        server,
        'permission-denied',
        `variable ${name} is reserved for the gateway's own configuration (${reserved}*) and cannot be a backend secret`,
      );
    }
    const value = Object.hasOwn(this.environment, name) ? this.environment[name] : undefined;
    if (value === undefined) return secretFailure(server, 'not-found', `variable ${name} is not set`);
    if (value === '') return secretFailure(server, 'invalid', `variable ${name} is empty`);
    return { kind: 'secret', value };
  }
}
