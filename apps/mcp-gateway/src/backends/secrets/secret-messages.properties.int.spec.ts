// Property: whatever the secret, and however resolution fails after the secret was within
// reach (wrong field, wrong token, file outside the allowed directories, oversized file,
// unusable auth shape), no message contains it, and a successful resolution returns it exactly.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startVaultSimulator } from '@platform/testing-vault';
import type { VaultSimulator } from '@platform/testing-vault';
import fc from 'fast-check';
import { applyBackendAuth } from './apply-backend-auth';
import { BackendSecretResolver } from './backend-secret.resolver';
import type { BackendSecretReference, SecretResolution } from './secret-resolution';
import { createVaultSettings } from './secrets.settings';
import { VaultSecretResolver } from './vault-secret.resolver';

/** Long enough that a secret cannot match message text by accident; no trailing newline (File trims one). */
const secrets = fc
  .string({ unit: 'grapheme', minLength: 12, maxLength: 80 })
  .filter((secret) => !secret.endsWith('\n') && secret.trim().length >= 12);

describe('secrets never appear in messages', () => {
  let vault: VaultSimulator;
  let root: string;
  let allowed: string;

  beforeAll(async () => {
    vault = await startVaultSimulator();
    root = await mkdtemp(path.join(tmpdir(), 'secret-messages-'));
    allowed = path.join(root, 'allowed');
    await mkdir(allowed);
  });
  afterAll(async () => {
    await vault.stop();
    await rm(root, { recursive: true, force: true });
  });

  function expectHidden(resolution: SecretResolution, secret: string): void {
    expect(resolution.kind).toBe('failed');
    expect(JSON.stringify(resolution)).not.toContain(JSON.stringify(secret).slice(1, -1));
    expect(resolution.kind === 'failed' && resolution.message).not.toContain(secret);
  }

  it('holds for every provider', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(secrets, async (secret) => {
        run += 1;
        const vaultPath = `property/${run}`;
        vault.put(vaultPath, { token: secret, nested: { token: secret } });
        const good = createVaultSettings({ address: vault.address, token: vault.token, cacheSeconds: 0 });
        const onVault = (field: string): BackendSecretReference => ({
          id: 'p',
          secretProvider: 'Vault',
          secretPath: vaultPath,
          secretField: field,
        });
        expect(await new VaultSecretResolver(good).resolve(onVault('token'))).toEqual({
          kind: 'secret',
          value: secret,
        });
        expectHidden(await new VaultSecretResolver(good).resolve(onVault('missing')), secret);
        expectHidden(await new VaultSecretResolver(good).resolve(onVault('nested')), secret);
        expectHidden(
          await new VaultSecretResolver({ ...good, token: 'hvs.wrong' }).resolve(onVault('token')),
          secret,
        );

        const inside = path.join(allowed, `secret-${run}`);
        const outside = path.join(root, `outside-${run}`);
        const oversized = path.join(allowed, `big-${run}`);
        await Promise.all([
          writeFile(inside, `${secret}\n`),
          writeFile(outside, secret),
          writeFile(oversized, secret.repeat(Math.ceil(70_000 / Buffer.byteLength(secret)))),
        ]);
        const environment = { API_TOKEN: secret, GATEWAY_VAULT_TOKEN: secret };
        const resolver = BackendSecretResolver.fromSettings(
          { vault: undefined, fileDirectories: [allowed] },
          environment,
        );
        const onFile = (secretPath: string): BackendSecretReference => ({
          id: 'p',
          secretProvider: 'File',
          secretPath,
        });
        const onEnvironment = (secretItemKey: string): BackendSecretReference => ({
          id: 'p',
          secretProvider: 'Environment',
          secretItemKey,
        });
        expect(await resolver.resolve(onFile(inside))).toEqual({ kind: 'secret', value: secret });
        expectHidden(await resolver.resolve(onFile(outside)), secret);
        expectHidden(await resolver.resolve(onFile(oversized)), secret);
        expect(await resolver.resolve(onEnvironment('API_TOKEN'))).toEqual({ kind: 'secret', value: secret });
        expectHidden(await resolver.resolve(onEnvironment('GATEWAY_VAULT_TOKEN')), secret);
        expectHidden(await resolver.resolve(onEnvironment('OTHER_TOKEN')), secret);

        for (const hostile of [secret.replaceAll(':', ''), `${secret}\r\nX-Evil: 1`]) {
          const auth = applyBackendAuth(hostile.includes('\n') ? 'bearer' : 'basic', hostile);
          expect(auth.ok).toBe(false);
          expect(JSON.stringify(auth)).not.toContain(hostile.length >= 12 ? hostile : secret);
        }
      }),
      { numRuns: 40 },
    );
  });
});
