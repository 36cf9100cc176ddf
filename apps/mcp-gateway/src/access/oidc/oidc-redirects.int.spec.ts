// OpenID discovery and the JWKS fetch against an issuer that answers with redirects: neither is
// followed (the Location is the issuer's word, and a redirect would let it point the gateway's
// requests anywhere), and both fail as the issuer's problem.
import type { FlattenedJWSInput } from 'jose';
import { type RecordingHttpServer, startRecordingHttpServer } from '../../testing/recording-http-server';
import { discoverIssuer } from './oidc-discovery';
import { KeysUnavailableError, OidcIssuerKeys } from './oidc-issuer-keys';

const STATUSES = [301, 302, 303, 307, 308];
const NO_TOKEN: FlattenedJWSInput = { payload: '', signature: '' };

describe('OIDC requests and redirects', () => {
  let elsewhere: RecordingHttpServer;
  let issuer: RecordingHttpServer | undefined;

  beforeEach(async () => {
    elsewhere = await startRecordingHttpServer('127.0.0.2');
  });

  afterEach(async () => {
    await Promise.all([elsewhere.close(), issuer?.close()]);
    issuer = undefined;
  });

  it.each(STATUSES)('discovery answered with HTTP %d is not followed', async (status) => {
    issuer = await startRecordingHttpServer('127.0.0.1', {
      answer: (request, response) =>
        response.writeHead(status, { location: `${elsewhere.origin}${request.url ?? '/'}` }).end(),
    });
    const result = await discoverIssuer(issuer.origin, 2_000);
    expect(elsewhere.requests).toEqual([]);
    expect(result).toEqual({
      ok: false,
      message: `${issuer.origin}/.well-known/openid-configuration answered HTTP ${status}`,
    });
  });

  it.each(STATUSES)('a JWKS answered with HTTP %d is not followed', async (status) => {
    let origin = '';
    issuer = await startRecordingHttpServer('127.0.0.1', {
      answer: (request, response) => {
        if (request.url === '/.well-known/openid-configuration') {
          response
            .writeHead(200, { 'content-type': 'application/json' })
            .end(JSON.stringify({ issuer: origin, jwks_uri: `${origin}/jwks` }));
        } else {
          response.writeHead(status, { location: `${elsewhere.origin}/jwks` }).end();
        }
      },
    });
    origin = issuer.origin;
    const keys = new OidcIssuerKeys({
      discoveryTimeoutMs: 2_000,
      discoveryRetryMs: 0,
      jwksCooldownMs: 0,
      now: () => new Date(),
    });
    const found = await keys.keysFor(origin);
    if (!found.ok) throw new Error(found.message);
    await expect(found.getKey({ alg: 'RS256', kid: 'k1' }, NO_TOKEN)).rejects.toBeInstanceOf(
      KeysUnavailableError,
    );
    expect(issuer.requests.map((request) => request.url)).toEqual([
      '/.well-known/openid-configuration',
      '/jwks',
    ]);
    expect(elsewhere.requests).toEqual([]);
  });
});
