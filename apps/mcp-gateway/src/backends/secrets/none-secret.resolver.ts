// The `None` provider: the backend needs no secret, so no auth is applied to it.
import type { SecretResolution, SecretResolver } from './secret-resolution';

export class NoneSecretResolver implements SecretResolver {
  resolve(): Promise<SecretResolution> {
    return Promise.resolve({ kind: 'none' });
  }
}
