import fc from 'fast-check';
import { crossSiteRefusal, parseOriginPolicy, SAME_ORIGIN_ONLY } from './origin-policy';

const ALLOWING_APP = parseOriginPolicy('https://App.example, http://localhost:6274', undefined);
const PINNED_HOST = parseOriginPolicy(undefined, 'gateway.example');

/** DNS names that are neither `localhost` nor IP literals: what a rebinding page can be served under. */
const dnsName = fc
  .tuple(fc.stringMatching(/^[a-z][a-z0-9-]{0,15}$/), fc.constantFrom('example', 'evil.test', 'home.arpa'))
  .map(([label, zone]) => `${label}.${zone}`)
  .filter((name) => name !== 'app.example');
const port = fc.option(fc.integer({ min: 1, max: 65535 }), { nil: undefined });
const scheme = fc.constantFrom('http', 'https');

describe('crossSiteRefusal', () => {
  it.each([
    ['no Origin (a client that is not a browser)', SAME_ORIGIN_ONLY, { host: 'gateway.example' }],
    [
      'a same-origin page on localhost',
      SAME_ORIGIN_ONLY,
      { host: 'localhost:8080', origin: 'http://localhost:8080' },
    ],
    [
      'a same-origin page on an IP literal',
      SAME_ORIGIN_ONLY,
      { host: '[::1]:8080', origin: 'http://[::1]:8080' },
    ],
    [
      'a listed origin, in any case',
      ALLOWING_APP,
      { host: 'gateway.example', origin: 'https://app.EXAMPLE' },
    ],
    [
      'a same-origin page on a pinned Host',
      PINNED_HOST,
      { host: 'gateway.example', origin: 'https://gateway.example' },
    ],
    [
      'a browser navigation (Sec-Fetch-Site: none)',
      SAME_ORIGIN_ONLY,
      { host: 'g.example', 'sec-fetch-site': 'none' },
    ],
    [
      'Sec-Fetch-Site: same-origin without Origin',
      SAME_ORIGIN_ONLY,
      { host: 'g.example', 'sec-fetch-site': 'same-origin' },
    ],
  ])('accepts %s', (_case, policy, headers) => {
    expect(crossSiteRefusal(policy, headers)).toBeUndefined();
  });

  it.each([
    [
      'a foreign origin',
      SAME_ORIGIN_ONLY,
      { host: 'localhost:8080', origin: 'https://evil.example' },
      "Origin 'https://evil.example' is not allowed",
    ],
    [
      'the opaque origin of a sandboxed frame or a redirect',
      SAME_ORIGIN_ONLY,
      { host: 'localhost', origin: 'null' },
      "Origin 'null' is not allowed",
    ],
    [
      'a same-origin page on an unvouched DNS name (DNS rebinding)',
      SAME_ORIGIN_ONLY,
      { host: 'evil.example:8080', origin: 'http://evil.example:8080' },
      "Origin 'http://evil.example:8080' is not allowed",
    ],
    [
      'the same host on another port',
      SAME_ORIGIN_ONLY,
      { host: 'localhost:8080', origin: 'http://localhost:6274' },
      "Origin 'http://localhost:6274' is not allowed",
    ],
    [
      'a Host that is not pinned',
      PINNED_HOST,
      { host: 'evil.example', origin: 'https://evil.example' },
      "Host 'evil.example' is not allowed",
    ],
    [
      'a cross-site request whose Origin was stripped',
      SAME_ORIGIN_ONLY,
      { host: 'localhost', 'sec-fetch-site': 'cross-site' },
      'Cross-site request refused (Sec-Fetch-Site: cross-site)',
    ],
    [
      'a same-site sibling whose Origin was stripped',
      SAME_ORIGIN_ONLY,
      { host: 'g.home.arpa', 'sec-fetch-site': 'Same-Site' },
      'Cross-site request refused (Sec-Fetch-Site: Same-Site)',
    ],
  ])('refuses %s', (_case, policy, headers, reason) => {
    expect(crossSiteRefusal(policy, headers)).toBe(reason);
  });

  it('refuses every origin that is not listed when the Host is a DNS name nobody vouched for', () => {
    fc.assert(
      fc.property(dnsName, port, scheme, dnsName, (host, hostPort, originScheme, originName) => {
        const hostHeader = hostPort === undefined ? host : `${host}:${hostPort}`;
        // Including the page's own name: under DNS rebinding that is exactly what the attacker sends.
        for (const origin of [`${originScheme}://${originName}`, `${originScheme}://${hostHeader}`]) {
          expect(crossSiteRefusal(SAME_ORIGIN_ONLY, { host: hostHeader, origin })).toBeDefined();
          expect(crossSiteRefusal(ALLOWING_APP, { host: hostHeader, origin })).toBeDefined();
        }
      }),
    );
  });

  it('accepts a listed origin from any Host, and never a listed one with a different scheme or port', () => {
    fc.assert(
      fc.property(dnsName, port, (host, hostPort) => {
        const hostHeader = hostPort === undefined ? host : `${host}:${hostPort}`;
        expect(
          crossSiteRefusal(ALLOWING_APP, { host: hostHeader, origin: 'https://app.example' }),
        ).toBeUndefined();
        expect(
          crossSiteRefusal(ALLOWING_APP, { host: hostHeader, origin: 'http://app.example' }),
        ).toBeDefined();
        expect(
          crossSiteRefusal(ALLOWING_APP, { host: hostHeader, origin: 'https://app.example:444' }),
        ).toBeDefined();
      }),
    );
  });

  it('quotes at most 100 characters of what it refuses', () => {
    const origin = `https://${'a'.repeat(500)}.example`;
    expect(crossSiteRefusal(SAME_ORIGIN_ONLY, { host: 'localhost', origin })?.length).toBeLessThan(140);
  });
});

describe('parseOriginPolicy', () => {
  it('reads comma lists, trimmed and in lower case, ignoring empty items', () => {
    expect(parseOriginPolicy(' https://A.example ,,http://b.example ', 'Gateway.example,')).toEqual({
      allowedOrigins: ['https://a.example', 'http://b.example'],
      allowedHosts: ['gateway.example'],
    });
    expect(parseOriginPolicy(undefined, undefined)).toEqual(SAME_ORIGIN_ONLY);
  });
});
