import type { IncomingHttpHeaders } from 'node:http';
import fc from 'fast-check';

import { readProxyIdentity } from './read-proxy-identity';
import { SsoConfig } from './sso-config';
import { DEFAULT_SSO_HEADERS, SSO_HEADERS, SsoHeaderNames } from './sso-header-names';
import { stripIdentityHeaders, type HeaderBearingRequest } from './strip-identity-headers';

const SECRET = 'correct-horse-battery-staple-42';
const DEFAULT_NAMES = new SsoHeaderNames(DEFAULT_SSO_HEADERS);
const ALL_NAMES = new SsoHeaderNames(Object.values(SSO_HEADERS));
const classifyHeaderName = (name: string): string => DEFAULT_NAMES.classify(name);

function requestWith(pairs: ReadonlyArray<readonly [string, string]>): HeaderBearingRequest {
  const headers: IncomingHttpHeaders = {};
  for (const [name, value] of pairs) {
    const key = name.toLowerCase();
    const previous = headers[key];
    headers[key] = typeof previous === 'string' ? `${previous}, ${value}` : value;
  }
  return { headers, rawHeaders: pairs.flatMap(([name, value]) => [name, value]) };
}

function namesIn(request: HeaderBearingRequest): string[] {
  const rawNames = request.rawHeaders.filter((_, index) => index % 2 === 0);
  return [...rawNames, ...Object.keys(request.headers), ...Object.keys(request.headersDistinct ?? {})];
}

describe('SsoHeaderNames.classify', () => {
  it.each([
    ['Remote-User', 'read'],
    ['REMOTE-GROUPS', 'read'],
    ['remote-user-sid', 'read'],
    ['X-Proxy-Auth', 'proof'],
    // The spec's Sid and GroupSid are read only when GATEWAY_SSO_HEADERS names them.
    ['Sid', 'identity'],
    ['GroupSid', 'identity'],
    ['Group-Sid', 'identity'],
    ['User-Sid', 'identity'],
    ['Sids', 'identity'],
    // Other proxies' conventions, never read.
    ['Remote-Email', 'identity'],
    ['Remote-Name', 'identity'],
    ['Remote-Anything-New', 'identity'],
    ['X-Remote-User', 'identity'],
    ['X-Remote-Group', 'identity'],
    ['X-Remote-Extra-Scopes', 'identity'],
    ['X-Forwarded-User', 'identity'],
    ['X-Forwarded-Groups', 'identity'],
    ['X-Forwarded-Email', 'identity'],
    ['X-Forwarded-Preferred-Username', 'identity'],
    ['X-Forwarded-Access-Token', 'identity'],
    ['X-Auth-Request-User', 'identity'],
    ['X-Auth-Request-Groups', 'identity'],
    ['X-WEBAUTH-USER', 'identity'],
    ['X-WEBAUTH-NAME', 'identity'],
    ['X-authentik-username', 'identity'],
    ['Cf-Access-Authenticated-User-Email', 'identity'],
    ['X-Goog-Authenticated-User-Email', 'identity'],
    ['X-Amzn-Oidc-Identity', 'identity'],
    ['X-MS-CLIENT-PRINCIPAL-NAME', 'identity'],
    ['Tailscale-User-Login', 'identity'],
    ['X-Consumer-Username', 'identity'],
    ['X-Authenticated-Userid', 'identity'],
    ['X-User', 'identity'],
    ['X-Email', 'identity'],
    ['X-Groups', 'identity'],
    ['X-Roles', 'identity'],
    ['X-Auth-User', 'identity'],
    ['X-Userinfo', 'identity'],
    ['X-Token-Subject', 'identity'],
    ['X-MemberOf', 'identity'],
    // Underscore spellings of anything above, and of the proof.
    ['Remote_User', 'identity'],
    ['remote_user-sid', 'identity'],
    ['Group_Sid', 'identity'],
    ['X_Forwarded_User', 'identity'],
    ['X_Proxy_Auth', 'identity'],
    // Not identity.
    ['Remote-', 'other'],
    ['Remote', 'other'],
    ['Authorization', 'other'],
    ['X-App-Key', 'other'],
    ['X-Api-Key', 'other'],
    ['User-Agent', 'other'],
    ['Sec-Fetch-User', 'other'],
    ['X-Forwarded-For', 'other'],
    ['X-Forwarded-Proto', 'other'],
    ['X-Forwarded-Host', 'other'],
    ['Mcp-Session-Id', 'other'],
    ['Mcp-Name', 'other'],
    ['Mcp-Method', 'other'],
    ['Last-Event-Id', 'other'],
    ['X-Request-Id', 'other'],
    ['my_header', 'other'],
  ])('classifies %s as %s by default', (name, expected) => {
    expect(classifyHeaderName(name)).toBe(expected);
  });

  it('reads Sid and GroupSid only when configured, and never their underscore spellings', () => {
    expect(ALL_NAMES.classify('Sid')).toBe('read');
    expect(ALL_NAMES.classify('groupsid')).toBe('read');
    expect(ALL_NAMES.classify('Group_Sid')).toBe('identity');
    expect(ALL_NAMES.classify('GroupSid ')).toBe('other');
  });
});

describe('stripIdentityHeaders', () => {
  const mixed: Array<readonly [string, string]> = [
    ['Host', 'gateway'],
    ['Remote-User', 'mallory'],
    ['remote-user', 'eve'],
    ['Remote_User', 'trudy'],
    ['X-Proxy-Auth', 'guess'],
    ['Accept', 'application/json'],
    ['GroupSid', 'S-1-5-32-544'],
    ['Remote-Email', 'm@example.org'],
  ];

  it('removes every identity header, alias and the proof from headers and rawHeaders, in place', () => {
    const request = requestWith(mixed);
    const { rawHeaders, headers } = request;

    const removed = stripIdentityHeaders(request, DEFAULT_NAMES, 'everything');

    expect(request.rawHeaders).toBe(rawHeaders);
    expect(request.headers).toBe(headers);
    expect(rawHeaders).toEqual(['Host', 'gateway', 'Accept', 'application/json']);
    expect(headers).toEqual({ host: 'gateway', accept: 'application/json' });
    expect(removed.sort()).toEqual([
      'groupsid',
      'remote-email',
      'remote-user',
      'remote_user',
      'x-proxy-auth',
    ]);
  });

  it('keeps the read headers of a trusted request and removes the proof and every other identity header', () => {
    const request = requestWith(mixed);

    stripIdentityHeaders(request, DEFAULT_NAMES, 'keep-read');

    expect(request.headers).toEqual({
      host: 'gateway',
      'remote-user': 'mallory, eve',
      accept: 'application/json',
    });
    expect(request.rawHeaders).toEqual([
      'Host',
      'gateway',
      'Remote-User',
      'mallory',
      'remote-user',
      'eve',
      'Accept',
      'application/json',
    ]);
  });

  it('keeps GroupSid of a trusted request only when it is configured', () => {
    const request = requestWith(mixed);

    stripIdentityHeaders(request, ALL_NAMES, 'keep-read');

    expect(request.headers).toEqual({
      host: 'gateway',
      'remote-user': 'mallory, eve',
      accept: 'application/json',
      groupsid: 'S-1-5-32-544',
    });
  });

  it('cleans a headersDistinct view that was already built', () => {
    const request = {
      ...requestWith(mixed),
      headersDistinct: { host: ['gateway'], 'remote-user': ['mallory', 'eve'], 'x-proxy-auth': ['guess'] },
    };

    stripIdentityHeaders(request, DEFAULT_NAMES, 'everything');

    expect(request.headersDistinct).toEqual({ host: ['gateway'] });
  });

  it('leaves a request without identity headers untouched', () => {
    const request = requestWith([
      ['Host', 'gateway'],
      ['Authorization', 'Bearer x'],
    ]);

    expect(stripIdentityHeaders(request, DEFAULT_NAMES, 'everything')).toEqual([]);
    expect(request.rawHeaders).toEqual(['Host', 'gateway', 'Authorization', 'Bearer x']);
  });

  describe('without a valid proof, for arbitrary header lists', () => {
    const headerName = fc.oneof(
      fc.constantFrom(
        'Remote-User',
        'Remote-Groups',
        'Remote-User-Sid',
        'Remote-Email',
        'Remote-Name',
        'Sid',
        'GroupSid',
        'X-Remote-User',
        'X-Proxy-Auth',
        'Host',
        'Accept',
        'Authorization',
      ),
      fc.stringMatching(/^[A-Za-z0-9_-]{1,20}$/),
    );
    const randomCase = (name: string, flips: boolean[]): string =>
      [...name]
        .map((character, index) => (flips[index] ? character.toUpperCase() : character.toLowerCase()))
        .join('');
    const underscored = (name: string, useUnderscore: boolean): string =>
      useUnderscore ? name.replaceAll('-', '_') : name;
    const header = fc
      .tuple(
        headerName,
        fc.array(fc.boolean(), { maxLength: 20 }),
        fc.boolean(),
        fc.oneof(fc.string(), fc.constant(SECRET)),
      )
      .map(
        ([name, flips, useUnderscore, value]) =>
          [underscored(randomCase(name, flips), useUnderscore), value] as const,
      );
    const proofValue = fc
      .oneof(fc.string(), fc.constant(` ${SECRET}`), fc.constant(SECRET.slice(1)))
      .filter((value) => value !== SECRET);
    const config = fc.constantFrom(
      SsoConfig.create({ proxySecret: SECRET }),
      SsoConfig.create({ proxySecret: SECRET, trustedProxies: '10.0.0.0/8' }),
    );

    it('never yields an identity, and afterwards no identity or proof header is left', () => {
      fc.assert(
        fc.property(
          fc.array(header, { maxLength: 12 }),
          fc.array(proofValue, { maxLength: 1 }),
          config,
          (pairs, proofs, ssoConfig) => {
            // Any real X-Proxy-Auth copies are replaced by wrong ones: at most one, never the secret.
            const withoutProof = pairs.filter(([name]) => classifyHeaderName(name) !== 'proof');
            const request = requestWith([
              ...withoutProof,
              ...proofs.map((value) => ['X-Proxy-Auth', value] as const),
            ]);
            const identity = readProxyIdentity({ ...request, remoteAddress: '10.0.0.1' }, ssoConfig);

            expect(identity.kind).toBe('untrusted');

            stripIdentityHeaders(request, DEFAULT_NAMES, 'everything');

            for (const name of namesIn(request)) expect(classifyHeaderName(name)).toBe('other');
            const otherPairs = withoutProof.filter(([name]) => classifyHeaderName(name) === 'other');
            expect(request.rawHeaders).toEqual(otherPairs.flat());
          },
        ),
      );
    });

    it('with the right proof, reads only the configured headers and leaves no other identity header', () => {
      const config = SsoConfig.create({ proxySecret: SECRET });
      fc.assert(
        fc.property(fc.array(header, { maxLength: 12 }), (pairs) => {
          // Every identity-like header that is not read, in any case and spelling, with any value.
          const unread = pairs.filter(([name]) => classifyHeaderName(name) === 'identity');
          const request = requestWith([
            ['Remote-User', 'alice'],
            ...unread,
            ...pairs.filter(([name]) => classifyHeaderName(name) === 'other'),
            ['X-Proxy-Auth', SECRET],
          ]);

          expect(readProxyIdentity({ ...request, remoteAddress: '10.0.0.1' }, config)).toEqual({
            kind: 'trusted',
            principal: expect.objectContaining({ username: 'alice', groups: [], sids: [] }),
          });

          stripIdentityHeaders(request, config.headerNames, 'keep-read');

          for (const name of namesIn(request)) expect(['read', 'other']).toContain(classifyHeaderName(name));
        }),
      );
    });

    it('never yields an identity while SSO is off, even with the right proof', () => {
      fc.assert(
        fc.property(fc.array(header, { maxLength: 12 }), (pairs) => {
          const request = requestWith([...pairs, ['X-Proxy-Auth', SECRET]]);

          expect(readProxyIdentity({ ...request, remoteAddress: '10.0.0.1' }, SsoConfig.disabled())).toEqual({
            kind: 'untrusted',
            reason: 'sso-disabled',
          });
        }),
      );
    });

    it('never yields an identity from outside the trusted range, even with the right proof', () => {
      fc.assert(
        fc.property(fc.array(header, { maxLength: 12 }), fc.ipV4(), (pairs, address) => {
          fc.pre(!address.startsWith('10.'));
          const request = requestWith([
            ...pairs.filter(([name]) => classifyHeaderName(name) !== 'proof'),
            ['X-Proxy-Auth', SECRET],
          ]);
          const config = SsoConfig.create({ proxySecret: SECRET, trustedProxies: '10.0.0.0/8' });

          expect(readProxyIdentity({ ...request, remoteAddress: address }, config).kind).toBe('untrusted');
        }),
      );
    });
  });
});
