// Issuer selection, discovery and key rotation against real OpenID providers: what happens when
// an issuer is unknown, down, renamed, or rotates its signing key behind the same issuer URL.
import { once } from 'node:events';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { OidcTokenVerifier } from './oidc-token-verifier';
import { startTestProvider } from './testing/oidc-test-provider';
import type { TestProvider } from './testing/oidc-test-provider';

const GATEWAY = 'https://gateway.test/mcp';
const CLIENTS = [{ clientId: 'agent' }];

async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  server.close();
  await once(server, 'close');
  return port;
}

describe('OidcTokenVerifier issuer lifecycle', () => {
  const running: TestProvider[] = [];
  const start = async (options: Parameters<typeof startTestProvider>[0]): Promise<TestProvider> => {
    const provider = await startTestProvider(options);
    running.push(provider);
    return provider;
  };
  const stop = async (provider: TestProvider): Promise<void> => {
    running.splice(running.indexOf(provider), 1);
    await provider.stop();
  };
  afterEach(async () => {
    await Promise.all(running.splice(0).map((provider) => provider.stop()));
  });

  it('refuses a token from an issuer outside the configured list without contacting either issuer', async () => {
    const trusted = await start({ clients: CLIENTS });
    const stranger = await start({ clients: CLIENTS });
    const token = await stranger.obtainToken('agent', GATEWAY);
    const [trustedBefore, strangerBefore] = [trusted.requestCount(), stranger.requestCount()];
    const verifier = new OidcTokenVerifier({ issuers: [trusted.issuer], audience: GATEWAY });
    const result = await verifier.verify(token);
    expect(result).toMatchObject({ ok: false, reason: 'unknown-issuer' });
    expect(!result.ok && result.message).toContain(stranger.issuer);
    expect([trusted.requestCount(), stranger.requestCount()]).toEqual([trustedBefore, strangerBefore]);
  });

  it('shares one discovery and one JWKS fetch among concurrent first requests', async () => {
    const provider = await start({ clients: CLIENTS });
    const token = await provider.obtainToken('agent', GATEWAY);
    const before = provider.requestCount();
    const verifier = new OidcTokenVerifier({ issuers: [provider.issuer], audience: GATEWAY });
    const results = await Promise.all(Array.from({ length: 5 }, () => verifier.verify(token)));
    expect(results.map((result) => result.ok)).toEqual([true, true, true, true, true]);
    expect(provider.requestCount() - before).toBe(2);
  });

  it('accepts tokens signed with a rotated key once the JWKS is refetched, and refuses the retired key', async () => {
    const first = await start({ clients: CLIENTS, keyId: 'key-2025' });
    const verifier = new OidcTokenVerifier(
      { issuers: [first.issuer], audience: GATEWAY },
      { jwksCooldownSeconds: 0 },
    );
    const oldToken = await first.obtainToken('agent', GATEWAY);
    expect((await verifier.verify(oldToken)).ok).toBe(true);
    await stop(first);
    const second = await start({ clients: CLIENTS, keyId: 'key-2026', port: first.port });
    expect(second.issuer).toBe(first.issuer);
    expect(await verifier.verify(await second.obtainToken('agent', GATEWAY))).toMatchObject({
      ok: true,
      subject: 'agent',
    });
    expect(await verifier.verify(oldToken)).toMatchObject({ ok: false, reason: 'bad-signature' });
  });

  it('reports keys-unavailable when the JWKS cannot be refetched for a new kid', async () => {
    const provider = await start({ clients: CLIENTS });
    const verifier = new OidcTokenVerifier(
      { issuers: [provider.issuer], audience: GATEWAY },
      { jwksCooldownSeconds: 0 },
    );
    expect((await verifier.verify(await provider.obtainToken('agent', GATEWAY))).ok).toBe(true);
    const now = Math.floor(Date.now() / 1000);
    const rotated = await provider.signWithProviderKey(
      { iss: provider.issuer, aud: GATEWAY, sub: 'agent', exp: now + 60 },
      { kid: 'new-key' },
    );
    await stop(provider);
    expect(await verifier.verify(rotated)).toMatchObject({ ok: false, reason: 'keys-unavailable' });
  });

  it('reports discovery-failed while the issuer is down, retries after the back-off, then accepts', async () => {
    const port = await freePort();
    const issuer = `http://127.0.0.1:${port}`;
    let clock = Date.now();
    const verifier = new OidcTokenVerifier(
      { issuers: [issuer], audience: GATEWAY },
      { now: () => new Date(clock), discoveryRetrySeconds: 60 },
    );
    const early = await startTestProvider({ clients: CLIENTS });
    const handMade = await early.signWithProviderKey({
      iss: issuer,
      aud: GATEWAY,
      sub: 'agent',
      exp: Math.floor(clock / 1000) + 600,
    });
    await early.stop();
    const down = await verifier.verify(handMade);
    expect(down).toMatchObject({ ok: false, reason: 'discovery-failed' });
    expect(!down.ok && down.message).toContain('ECONNREFUSED');

    const provider = await start({ clients: CLIENTS, port });
    const token = await provider.obtainToken('agent', GATEWAY);
    expect(await verifier.verify(token)).toMatchObject({ ok: false, reason: 'discovery-failed' });
    expect(provider.requestCount()).toBe(1);
    clock += 61_000;
    expect(await verifier.verify(token)).toMatchObject({ ok: true, issuer });
  });

  it('refuses an issuer whose discovery document names a different issuer', async () => {
    const provider = await start({ clients: CLIENTS });
    const configured = `${provider.issuer}/`;
    const verifier = new OidcTokenVerifier({ issuers: [configured], audience: GATEWAY });
    const now = Math.floor(Date.now() / 1000);
    const token = await provider.signWithProviderKey({
      iss: configured,
      aud: GATEWAY,
      sub: 'agent',
      exp: now + 60,
    });
    const result = await verifier.verify(token);
    expect(result).toMatchObject({ ok: false, reason: 'discovery-failed' });
    expect(!result.ok && result.message).toContain(`expected "${configured}"`);
  });
});
