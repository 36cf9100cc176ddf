// How the first administrator gets in (README "First start"). On a database that has never had
// an administrator key, the gateway creates one and prints it once to standard output; only its
// digest is stored. Alternatively GATEWAY_BOOTSTRAP_ADMIN_KEY installs a key the operator made
// (`main.js generate-admin-key`), which suits Kubernetes Secrets. Administrator keys are
// operator credentials for `/api/*`, not AppKeys: they never appear in AppKey listings.
import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { digestAppKey, generateAppKey, parseAppKey } from '@platform/appkey';
import { ConfigurationError, withAdvisoryLock } from '@platform/service-kit';
import { DataSource } from 'typeorm';
import { AppKeyRepository, type NewAppKey } from '../app-keys/app-key.repository';
import { ADMIN_KEY_SOURCE } from '../identity';

export const BOOTSTRAP_ADMIN_KEY = Symbol('BOOTSTRAP_ADMIN_KEY');
export const ADMIN_KEY_SLUG = 'adm';

/** Writes the one-time banner; standard output by default, replaceable in tests. */
export type SecretPrinter = (text: string) => void;
export const SECRET_PRINTER = Symbol('SECRET_PRINTER');

@Injectable()
export class AdminBootstrapService implements OnApplicationBootstrap {
  private readonly logger = new Logger('AdminBootstrap');

  constructor(
    private readonly dataSource: DataSource,
    private readonly appKeys: AppKeyRepository,
    @Inject(BOOTSTRAP_ADMIN_KEY) private readonly configuredKey: string | undefined,
    @Inject(SECRET_PRINTER) private readonly print: SecretPrinter,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const key = this.configuredKey === undefined ? undefined : checkedConfiguredKey(this.configuredKey);
    // Several replicas may start on an empty database at once; only one creates the key.
    const created = await withAdvisoryLock(this.dataSource, 'gatewayAdminBootstrap', async (manager) => {
      const keys = this.appKeys.within(manager);
      if (key !== undefined) return this.installConfiguredKey(keys, key);
      if (await keys.hasAdministratorKey()) return undefined;
      const generated = generateAppKey({ slug: ADMIN_KEY_SLUG });
      await keys.insert(
        adminRow(generated.keyPrefix, generated.digest, 'first administrator key (generated at first start)'),
      );
      return generated.key;
    });
    if (created !== undefined) this.announce(created);
  }

  private async installConfiguredKey(
    keys: AppKeyRepository,
    key: { text: string; keyPrefix: string },
  ): Promise<undefined> {
    const existing = await keys.findByKeyPrefix(key.keyPrefix);
    if (existing === null) {
      await keys.insert(
        adminRow(key.keyPrefix, digestAppKey(key.text), 'bootstrap key (GATEWAY_BOOTSTRAP_ADMIN_KEY)'),
      );
      this.logger.log(`Installed the administrator key ${key.keyPrefix} from GATEWAY_BOOTSTRAP_ADMIN_KEY`);
    } else if (existing.kind !== 'admin' || existing.encryptedKey.toLowerCase() !== digestAppKey(key.text)) {
      throw new ConfigurationError([
        'GATEWAY_BOOTSTRAP_ADMIN_KEY: another key with the same prefix exists; generate a new administrator key',
      ]);
    } else if (existing.revokedAt !== null) {
      // A revoked key stays revoked, even if the deployment still carries it.
      this.logger.warn(`GATEWAY_BOOTSTRAP_ADMIN_KEY ${key.keyPrefix} was revoked and stays revoked`);
    }
    return undefined;
  }

  private announce(key: string): void {
    this.print(
      [
        '',
        '================================================================================',
        ' First start: an administrator key was created. It is shown this once only;',
        ' the gateway stores nothing but its SHA-256 digest. Use it for /api/* as',
        '   Authorization: Bearer <key>',
        '',
        `   ${key}`,
        '',
        ' Create AppKeys with it (POST /api/appkeys); revoke it once you have other admins.',
        '================================================================================',
        '',
      ].join('\n'),
    );
  }
}

function checkedConfiguredKey(text: string): { text: string; keyPrefix: string } {
  const parsed = parseAppKey(text.trim());
  if (!parsed.ok || parsed.key.scopeSlug !== ADMIN_KEY_SLUG) {
    throw new ConfigurationError([
      'GATEWAY_BOOTSTRAP_ADMIN_KEY: must be an administrator key (mcp-adm-…); create one with "main.js generate-admin-key"',
    ]);
  }
  return { text: text.trim(), keyPrefix: parsed.key.keyPrefix };
}

/** An administrator key is nobody's: it is named by its own prefix, in the `admin-key` source. */
function adminRow(keyPrefix: string, digest: string, name: string): NewAppKey {
  return {
    kind: 'admin',
    name,
    username: keyPrefix,
    identitySource: ADMIN_KEY_SOURCE,
    keyPrefix,
    encryptedKey: digest,
    scopes: ['*'],
    expiresAt: null,
    ownerSid: '',
    createdBy: 'system',
  };
}
