// A Vault address that answers with a redirect: the read fails as unavailable and the token never
// goes where the Location points (fetch would carry X-Vault-Token along). Vault cannot run here;
// a recording HTTP server stands for a Vault node that redirects (a standby, or a hostile proxy).
import { startRecordingHttpServer } from '../../testing/recording-http-server';
import { createVaultSettings } from './secrets.settings';
import { readVaultField } from './vault-kv.client';

const TOKEN = 'hvs.redirect-test-token';

describe('readVaultField and redirects', () => {
  it.each([301, 302, 303, 307, 308])(
    'does not follow HTTP %d, so the token stays with Vault',
    async (status) => {
      const elsewhere = await startRecordingHttpServer('127.0.0.2');
      const vault = await startRecordingHttpServer('127.0.0.1', {
        answer: (_request, response) =>
          response.writeHead(status, { location: `${elsewhere.origin}/v1/secret/data/apps/github` }).end(),
      });
      try {
        const settings = createVaultSettings({ address: vault.origin, token: TOKEN, mount: 'secret' });
        const read = await readVaultField(settings, 'apps/github', 'token', 2_000);
        expect(elsewhere.requests).toEqual([]);
        expect(vault.requests[0]?.headers['x-vault-token']).toBe(TOKEN);
        expect(read).toEqual({
          ok: false,
          reason: 'unavailable',
          detail: `Vault answered a redirect (HTTP ${status}), which is not followed; point GATEWAY_VAULT_ADDR at the active node or its load balancer`,
        });
      } finally {
        await Promise.all([vault.close(), elsewhere.close()]);
      }
    },
  );
});
