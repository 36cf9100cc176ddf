import crypto from 'node:crypto';
import { jest } from '@jest/globals';
import { ConfigurationError } from '@platform/service-kit';

import { SsoConfig } from './sso-config';

const SECRET = 'correct-horse-battery-staple-42';

function problemsOf(build: () => unknown): readonly string[] {
  try {
    build();
  } catch (error) {
    if (error instanceof ConfigurationError) return error.problems;
    throw error;
  }
  throw new Error('expected a ConfigurationError');
}

describe('SsoConfig', () => {
  it('is off when GATEWAY_SSO_PROXY_SECRET is unset or empty', () => {
    for (const environment of [{}, { GATEWAY_SSO_PROXY_SECRET: '' }]) {
      const config = SsoConfig.fromEnvironment(environment);

      expect(config.enabled).toBe(false);
      expect(config.proofMatches('')).toBe(false);
    }
    expect(SsoConfig.disabled().enabled).toBe(false);
  });

  it('is on with a secret and accepts exactly that secret as proof', () => {
    const config = SsoConfig.fromEnvironment({ GATEWAY_SSO_PROXY_SECRET: SECRET });

    expect(config.enabled).toBe(true);
    expect(config.proofMatches(SECRET)).toBe(true);
    expect(config.proofMatches(`${SECRET} `)).toBe(false);
    expect(config.proofMatches(SECRET.slice(0, -1))).toBe(false);
    expect(config.allowsSource(undefined)).toBe(true);
    expect(config.trustedProxyRanges).toEqual([]);
  });

  it('compares proofs with timingSafeEqual on SHA-256 digests, whatever the presented length', () => {
    const config = SsoConfig.create({ proxySecret: SECRET });
    const compare = jest.spyOn(crypto, 'timingSafeEqual');
    try {
      for (const presented of ['', 'x', SECRET, `${SECRET}${SECRET}`]) config.proofMatches(presented);

      expect(compare).toHaveBeenCalledTimes(4);
      for (const [left, right] of compare.mock.calls) {
        expect([(left as Buffer).length, (right as Buffer).length]).toEqual([32, 32]);
      }
    } finally {
      compare.mockRestore();
    }
  });

  it('does not let a non-Latin-1 character stand in for its low byte', () => {
    // Hashing as latin1 would turn U+0161 into 0x61 ("a") and accept the wrong string.
    const config = SsoConfig.create({ proxySecret: 'aaaaaaaaaaaaaaaa' });

    expect(config.proofMatches('\u0161'.repeat(16))).toBe(false);
  });

  it('narrows the sources with GATEWAY_SSO_TRUSTED_PROXIES', () => {
    const config = SsoConfig.fromEnvironment({
      GATEWAY_SSO_PROXY_SECRET: SECRET,
      GATEWAY_SSO_TRUSTED_PROXIES: '10.0.0.0/8, fd00::/8',
    });

    expect(config.trustedProxyRanges).toEqual(['10.0.0.0/8', 'fd00::/8']);
    expect(config.allowsSource('::ffff:10.1.2.3')).toBe(true);
    expect(config.allowsSource('172.16.0.1')).toBe(false);
    expect(config.allowsSource(undefined)).toBe(false);
  });

  it('refuses a CIDR list without a secret: an address is no proof inside Kubernetes', () => {
    const problems = problemsOf(() =>
      SsoConfig.fromEnvironment({ GATEWAY_SSO_TRUSTED_PROXIES: '10.0.0.0/8' }),
    );

    expect(problems).toEqual([
      expect.stringMatching(/^GATEWAY_SSO_TRUSTED_PROXIES: only narrows GATEWAY_SSO_PROXY_SECRET/),
    ]);
  });

  it.each([
    ['too short', 'fifteen-chars!!'],
    ['too long', 'x'.repeat(1025)],
    ['with a space inside', 'correct horse battery staple'],
    ['with trailing whitespace', `${SECRET} `],
    ['with a tab', `${SECRET}\t`],
    ['with a non-ASCII character', `${SECRET}é`],
  ])('refuses a secret %s, naming the variable without echoing the value', (_case, secret) => {
    const problems = problemsOf(() => SsoConfig.fromEnvironment({ GATEWAY_SSO_PROXY_SECRET: secret }));

    expect(problems.length).toBeGreaterThan(0);
    for (const problem of problems) {
      expect(problem).toMatch(/^GATEWAY_SSO_PROXY_SECRET: /);
      expect(problem).not.toContain(secret);
    }
  });

  it('accepts a secret of exactly 16 characters', () => {
    expect(SsoConfig.create({ proxySecret: 'sixteen-chars-ok' }).enabled).toBe(true);
  });

  it('reports a bad CIDR list by variable and entry', () => {
    const problems = problemsOf(() =>
      SsoConfig.fromEnvironment({
        GATEWAY_SSO_PROXY_SECRET: SECRET,
        GATEWAY_SSO_TRUSTED_PROXIES: '10.0.0.0/8,nope',
      }),
    );

    expect(problems).toEqual(['GATEWAY_SSO_TRUSTED_PROXIES: "nope" is not an IPv4 or IPv6 address or CIDR']);
  });

  it('never shows the secret or its digest when serialised', () => {
    const config = SsoConfig.create({ proxySecret: SECRET, trustedProxies: '10.0.0.0/8' });
    const digest = crypto.createHash('sha256').update(SECRET).digest();
    const shown = JSON.stringify(config);

    expect(JSON.parse(shown)).toEqual({
      enabled: true,
      trustedProxies: ['10.0.0.0/8'],
      headers: ['Remote-User', 'Remote-Groups', 'Remote-User-Sid'],
    });
    expect(shown).not.toContain(SECRET);
    expect(shown).not.toContain(digest.toString('hex'));
    expect(shown).not.toContain(digest.toString('base64'));
  });

  describe('GATEWAY_SSO_HEADERS', () => {
    it('reads the Remote-* family by default, not Sid or GroupSid', () => {
      const config = SsoConfig.fromEnvironment({ GATEWAY_SSO_PROXY_SECRET: SECRET });

      expect(config.headerNames.readHeaders).toEqual(['Remote-User', 'Remote-Groups', 'Remote-User-Sid']);
    });

    it('reads the headers named, in any case, each once', () => {
      const config = SsoConfig.fromEnvironment({
        GATEWAY_SSO_PROXY_SECRET: SECRET,
        GATEWAY_SSO_HEADERS: ' remote-user , GROUPSID,Sid,, Remote-User',
      });

      expect(config.headerNames.readHeaders).toEqual(['Remote-User', 'GroupSid', 'Sid']);
    });

    it.each([
      ['X-Forwarded-User,Remote-User', '"X-Forwarded-User" is not one of the headers the gateway can read'],
      ['Remote_User', '"Remote_User" is not one of the headers'],
      ['Remote-Groups,GroupSid', 'must include Remote-User'],
    ])('refuses %p', (headers, problem) => {
      const problems = problemsOf(() =>
        SsoConfig.fromEnvironment({ GATEWAY_SSO_PROXY_SECRET: SECRET, GATEWAY_SSO_HEADERS: headers }),
      );

      expect(problems).toEqual([expect.stringContaining(problem)]);
      expect(problems[0]).toMatch(/^GATEWAY_SSO_HEADERS: /);
    });

    it('is refused without the secret, which it would do nothing without', () => {
      expect(problemsOf(() => SsoConfig.fromEnvironment({ GATEWAY_SSO_HEADERS: 'Remote-User' }))).toEqual([
        expect.stringMatching(/^GATEWAY_SSO_HEADERS: .*GATEWAY_SSO_PROXY_SECRET/),
      ]);
    });
  });
});
