import type { IncomingHttpHeaders } from 'node:http';
import fc from 'fast-check';

import { trimAsciiWhitespace } from '@platform/scopes';
import { readProxyIdentity, type ProxyIdentity, type ProxyRequestHeaders } from './read-proxy-identity';
import { SsoConfig } from './sso-config';

const SECRET = 'correct-horse-battery-staple-42';
const ENABLED = SsoConfig.create({ proxySecret: SECRET });
/** Reads the spec's Sid and GroupSid too, as an operator who names them in GATEWAY_SSO_HEADERS. */
const ALL_HEADERS = SsoConfig.create({
  proxySecret: SECRET,
  headers: 'Remote-User, Remote-Groups, Remote-User-Sid, Sid, GroupSid',
});
const BEHIND_PROXY_RANGE = SsoConfig.create({ proxySecret: SECRET, trustedProxies: '10.0.0.0/8' });

/** What Node would hand us for these header lines: names lower-cased, repeats joined. */
function requestWith(
  pairs: ReadonlyArray<readonly [string, string]>,
  remoteAddress = '10.1.2.3',
): ProxyRequestHeaders {
  const headers: IncomingHttpHeaders = {};
  for (const [name, value] of pairs) {
    const key = name.toLowerCase();
    const previous = headers[key];
    headers[key] = typeof previous === 'string' ? `${previous}, ${value}` : value;
  }
  return { headers, rawHeaders: pairs.flatMap(([name, value]) => [name, value]), remoteAddress };
}

function proven(...pairs: Array<readonly [string, string]>): ProxyRequestHeaders {
  return requestWith([['X-Proxy-Auth', SECRET], ...pairs]);
}

function principalOf(identity: ProxyIdentity) {
  if (identity.kind !== 'trusted')
    throw new Error(`expected a trusted identity, got ${JSON.stringify(identity)}`);
  return identity.principal;
}

describe('readProxyIdentity', () => {
  describe('without a valid proof', () => {
    const forged: Array<readonly [string, string]> = [
      ['Remote-User', 'mallory'],
      ['Remote-Groups', 'admins'],
      ['Remote-User-Sid', 'S-1-5-32-544'],
    ];

    it('never trusts headers while SSO is off, even with a proof header', () => {
      const request = requestWith([...forged, ['X-Proxy-Auth', SECRET]]);

      expect(readProxyIdentity(request, SsoConfig.disabled())).toEqual({
        kind: 'untrusted',
        reason: 'sso-disabled',
      });
    });

    it('refuses a forged administrator SID sent without the proof', () => {
      expect(readProxyIdentity(requestWith(forged), ENABLED)).toEqual({
        kind: 'untrusted',
        reason: 'proof-missing',
      });
    });

    it.each([
      ['of the same length', SECRET.replace(/.$/, 'X')],
      ['that is shorter', SECRET.slice(0, -1)],
      ['that is longer', `${SECRET}x`],
      ['that is empty', ''],
      ['with trailing whitespace', `${SECRET} `],
      ['with leading whitespace', ` ${SECRET}`],
      ['with a trailing newline', `${SECRET}\n`],
      ['in another case', SECRET.toUpperCase()],
      ['with a character outside Latin-1', SECRET.replace(/a/g, '\u0161')],
      ['joined with another value', `${SECRET}, ${SECRET}`],
    ])('refuses a secret %s', (_case, presented) => {
      const request = requestWith([...forged, ['X-Proxy-Auth', presented]]);

      expect(readProxyIdentity(request, ENABLED)).toEqual({ kind: 'untrusted', reason: 'proof-mismatch' });
    });

    it('refuses a proof sent twice, even when both copies are right', () => {
      const request = requestWith([...forged, ['X-Proxy-Auth', SECRET], ['x-proxy-auth', SECRET]]);

      expect(readProxyIdentity(request, ENABLED)).toEqual({ kind: 'untrusted', reason: 'proof-repeated' });
    });

    it('does not accept the proof under an underscore alias', () => {
      const request = requestWith([...forged, ['X_Proxy_Auth', SECRET]]);

      expect(readProxyIdentity(request, ENABLED)).toEqual({ kind: 'untrusted', reason: 'proof-missing' });
    });

    it('refuses the right proof from a source outside GATEWAY_SSO_TRUSTED_PROXIES', () => {
      const outside = requestWith([...forged, ['X-Proxy-Auth', SECRET]], '172.16.0.9');
      const noAddress = requestWith([...forged, ['X-Proxy-Auth', SECRET]]);
      noAddress.remoteAddress = undefined;

      expect(readProxyIdentity(outside, BEHIND_PROXY_RANGE)).toEqual({
        kind: 'untrusted',
        reason: 'source-not-allowed',
      });
      expect(readProxyIdentity(noAddress, BEHIND_PROXY_RANGE)).toEqual({
        kind: 'untrusted',
        reason: 'source-not-allowed',
      });
    });

    it('refuses a wrong proof from an allowed source: the address only narrows', () => {
      const request = requestWith([...forged, ['X-Proxy-Auth', 'not-the-secret-at-all!']], '10.0.0.1');

      expect(readProxyIdentity(request, BEHIND_PROXY_RANGE)).toEqual({
        kind: 'untrusted',
        reason: 'proof-mismatch',
      });
    });

    it('does not parse the untrusted values: malformed or repeated forgeries are simply untrusted', () => {
      const request = requestWith([
        ['Remote-User', 'a\r\nb'],
        ['Remote-User', 'c'],
        ['Remote-User-Sid', 'not-a-sid'],
      ]);

      expect(readProxyIdentity(request, ENABLED).kind).toBe('untrusted');
    });
  });

  describe('with a valid proof', () => {
    it('builds an sso-header principal from the headers', () => {
      const identity = readProxyIdentity(
        proven(
          ['Remote-User', '  alice  '],
          ['Remote-Groups', ' media , ,admins,media,  '],
          ['Remote-User-Sid', 's-1-5-21-1004336348-1177238915-682003330-1001'],
          ['Sid', 'S-1-5-21-1004336348-1177238915-682003330-1001'],
          ['GroupSid', 'S-1-5-32-545, S-1-5-32-0544 ,,'],
          ['Remote-Email', 'alice@example.org'],
        ),
        ALL_HEADERS,
      );

      expect(principalOf(identity)).toEqual({
        method: 'sso-header',
        username: 'alice',
        identitySource: 'sso',
        roles: [],
        groups: ['media', 'admins'],
        sids: ['S-1-5-21-1004336348-1177238915-682003330-1001', 'S-1-5-32-545', 'S-1-5-32-544'],
        userSid: 'S-1-5-21-1004336348-1177238915-682003330-1001',
        fullAdminClaim: false,
      });
    });

    it('reads only the configured headers: by default a proven Sid or GroupSid makes nobody an administrator', () => {
      const identity = readProxyIdentity(
        proven(
          ['Remote-User', 'alice'],
          ['Sid', 'S-1-5-32-544'],
          ['GroupSid', 'S-1-5-32-544'],
          ['X-Forwarded-Groups', 'admins'],
          ['X-Remote-Group', 'admins'],
          ['X-Forwarded-User', 'root'],
        ),
        ENABLED,
      );

      expect(principalOf(identity)).toMatchObject({ username: 'alice', groups: [], sids: [] });
    });

    it('ignores unread identity headers even when they are malformed or repeated', () => {
      const identity = readProxyIdentity(
        proven(['Remote-User', 'alice'], ['Sid', 'not-a-sid'], ['GroupSid', 'x'], ['GroupSid', 'y']),
        ENABLED,
      );

      expect(principalOf(identity).sids).toEqual([]);
    });

    it('takes names as sent: no case folding, no Unicode normalization, only ASCII spaces trimmed', () => {
      // As Node hands header bytes over: UTF-8 bytes read as Latin-1.
      const onTheWire = (text: string): string => Buffer.from(text, 'utf8').toString('latin1');
      for (const name of ['\u212Aarl', 'Karl', 'ｋarl', 'karl\u00a0', '\u00a0karl', 'Jose\u0301', 'ſam']) {
        const identity = readProxyIdentity(
          proven(['Remote-User', onTheWire(` ${name} `)], ['Remote-Groups', onTheWire(`${name}, ops`)]),
          ENABLED,
        );

        expect(principalOf(identity)).toMatchObject({ username: name, groups: [name, 'ops'] });
      }
    });

    it('accepts the proof from an allowed source, including an IPv4-mapped IPv6 peer', () => {
      const request = proven(['Remote-User', 'alice']);
      request.remoteAddress = '::ffff:10.0.0.1';

      expect(principalOf(readProxyIdentity(request, BEHIND_PROXY_RANGE)).username).toBe('alice');
    });

    it('reads header objects built without rawHeaders', () => {
      const request = {
        headers: { 'x-proxy-auth': SECRET, 'remote-user': 'bob' },
        rawHeaders: [],
        remoteAddress: undefined,
      };

      expect(principalOf(readProxyIdentity(request, ENABLED)).username).toBe('bob');
    });

    it.each([
      ['no Remote-User', []],
      ['a blank Remote-User', [['Remote-User', '   ']]],
      [
        'only SIDs and groups',
        [
          ['Remote-User-Sid', 'S-1-5-32-544'],
          ['Remote-Groups', 'admins'],
        ],
      ],
      ['only an underscore alias', [['Remote_User', 'mallory']]],
    ] as Array<[string, Array<[string, string]>]>)('is anonymous with %s', (_case, pairs) => {
      expect(readProxyIdentity(proven(...pairs), ENABLED)).toEqual({ kind: 'anonymous' });
    });

    it('ignores underscore aliases next to the real header', () => {
      const identity = readProxyIdentity(
        proven(['Remote_User', 'mallory'], ['Remote-User', 'alice'], ['Remote_User_Sid', 'S-1-5-32-544']),
        ENABLED,
      );

      expect(principalOf(identity)).toMatchObject({ username: 'alice', sids: [] });
    });

    it('decodes UTF-8 names that Node handed over as Latin-1', () => {
      const asReceived = (text: string) => Buffer.from(text, 'utf8').toString('latin1');
      const identity = readProxyIdentity(
        proven(['Remote-User', asReceived('José')], ['Remote-Groups', asReceived('Équipe, 映画')]),
        ENABLED,
      );

      expect(principalOf(identity)).toMatchObject({ username: 'José', groups: ['Équipe', '映画'] });
    });

    it('keeps user names of exactly 256 characters and 256 groups', () => {
      const groups = Array.from({ length: 256 }, (_, index) => `group-${index}`);
      const identity = readProxyIdentity(
        proven(['Remote-User', 'u'.repeat(256)], ['Remote-Groups', groups.join(',')]),
        ENABLED,
      );

      expect(principalOf(identity).groups).toHaveLength(256);
    });

    it('counts groups after removing duplicates', () => {
      const identity = readProxyIdentity(
        proven(['Remote-User', 'alice'], ['Remote-Groups', Array(5000).fill('media').join(',')]),
        ENABLED,
      );

      expect(principalOf(identity).groups).toEqual(['media']);
    });
  });

  describe('with a valid proof and unusable headers', () => {
    function expectInvalid(identity: ProxyIdentity, header: string, message: RegExp) {
      expect(identity).toEqual({ kind: 'invalid', header, message: expect.stringMatching(message) });
      if (identity.kind === 'invalid') expect(identity.message).toContain(header);
    }

    it.each([
      [
        'twice with the same spelling',
        [
          ['Remote-User', 'alice'],
          ['Remote-User', 'mallory'],
        ],
        'Remote-User',
      ],
      [
        'in different cases',
        [
          ['remote-user', 'alice'],
          ['REMOTE-USER', 'alice'],
        ],
        'Remote-User',
      ],
      [
        'twice even with a blank copy',
        [
          ['Remote-User', 'alice'],
          ['Remote-User', ''],
        ],
        'Remote-User',
      ],
      [
        'as a repeated GroupSid',
        [
          ['Remote-User', 'a'],
          ['GroupSid', 'S-1-5-32-545'],
          ['groupsid', 'S-1-5-32-544'],
        ],
        'GroupSid',
      ],
    ] as Array<[string, Array<[string, string]>, string]>)(
      'rejects an identity header sent %s',
      (_case, pairs, header) => {
        expectInvalid(readProxyIdentity(proven(...pairs), ALL_HEADERS), header, /appears 2 times/);
      },
    );

    it('rejects repeats that only the headers object shows', () => {
      const request = {
        headers: {
          'x-proxy-auth': SECRET,
          'remote-user': ['alice', 'mallory'],
        } as unknown as IncomingHttpHeaders,
        rawHeaders: [],
        remoteAddress: undefined,
      };

      expectInvalid(readProxyIdentity(request, ENABLED), 'Remote-User', /appears 2 times/);
    });

    it.each([
      ['CR LF', 'alice\r\nRemote-User-Sid: S-1-5-32-544'],
      ['a lone LF', 'alice\nx'],
      ['a leading LF (not trimmed away)', '\nalice'],
      ['NUL', 'alice\u0000'],
      ['a tab', 'ali\tce'],
      ['DEL', 'alice\u007f'],
      ['a C1 control, UTF-8 encoded as on the wire', Buffer.from('alice\u0085', 'utf8').toString('latin1')],
      ['a C1 control', 'alice\u0085\u4e00'],
      ['a zero-width space', 'al\u200bice'],
      ['a right-to-left override', '\u202eecila'],
      ['a line separator', 'alice\u2028'],
    ])('rejects a user name containing %s', (_case, username) => {
      expectInvalid(
        readProxyIdentity(proven(['Remote-User', username]), ENABLED),
        'Remote-User',
        /control or invisible/,
      );
    });

    it('rejects control characters in groups', () => {
      const identity = readProxyIdentity(
        proven(['Remote-User', 'alice'], ['Remote-Groups', 'media,\u0000admins']),
        ENABLED,
      );

      expectInvalid(identity, 'Remote-Groups', /control or invisible/);
    });

    it('rejects bytes that are not UTF-8', () => {
      expectInvalid(
        readProxyIdentity(proven(['Remote-User', 'Jos\u00e9']), ENABLED),
        'Remote-User',
        /not valid UTF-8/,
      );
    });

    it('rejects a user name longer than 256 characters', () => {
      expectInvalid(
        readProxyIdentity(proven(['Remote-User', 'u'.repeat(257)]), ENABLED),
        'Remote-User',
        /longer than 256/,
      );
    });

    it('rejects more than 256 groups rather than dropping some (a dropped group could be the one a deny rule targets)', () => {
      const groups = Array.from({ length: 257 }, (_, index) => `group-${index}`).join(',');
      const identity = readProxyIdentity(
        proven(['Remote-User', 'alice'], ['Remote-Groups', groups]),
        ENABLED,
      );

      expectInvalid(identity, 'Remote-Groups', /more than 256 groups/);
    });

    it('rejects a very long group list quickly', () => {
      const groups = Array.from({ length: 100_000 }, (_, index) => `g${index}`).join(',');
      const started = process.hrtime.bigint();
      const identity = readProxyIdentity(
        proven(['Remote-User', 'alice'], ['Remote-Groups', groups]),
        ENABLED,
      );

      expectInvalid(identity, 'Remote-Groups', /more than 256 groups/);
      expect(Number(process.hrtime.bigint() - started) / 1e6).toBeLessThan(1000);
    });

    it('rejects a group name longer than 256 characters', () => {
      const identity = readProxyIdentity(
        proven(['Remote-User', 'alice'], ['Remote-Groups', `ok,${'g'.repeat(257)}`]),
        ENABLED,
      );

      expectInvalid(identity, 'Remote-Groups', /longer than 256/);
    });

    it.each([
      ['Remote-User-Sid', 'S-1-5'],
      ['Remote-User-Sid', 'S-1-5-32-544, S-1-5-32-545'],
      ['Remote-User-Sid', 'S-1-5-32-544x'],
      ['Sid', 'S-2-5-32-544'],
      ['Sid', 'S-1-5--32'],
      ['Sid', 'S-1-0x5-32'],
      ['Sid', 'S-1-5-32-4294967296'],
      ['Sid', 'S-1-281474976710656-1'],
      ['Sid', `S-1-5${'-1'.repeat(16)}`],
      ['GroupSid', 'S-1-5-32-545,admins'],
      ['GroupSid', 'S-1-5-32-545;S-1-5-32-544'],
      ['GroupSid', 'S-1-5-32-\u0665'],
    ])('rejects %s: %p, naming the header and not echoing the value', (header, value) => {
      const identity = readProxyIdentity(proven(['Remote-User', 'alice'], [header, value]), ALL_HEADERS);

      expectInvalid(identity, header, /is not a SID/);
      if (identity.kind === 'invalid') expect(identity.message).not.toContain(value);
    });

    it('rejects more than 256 group SIDs', () => {
      const sids = Array.from({ length: 257 }, (_, index) => `S-1-5-21-${index}`).join(',');

      expectInvalid(
        readProxyIdentity(proven(['Remote-User', 'a'], ['GroupSid', sids]), ALL_HEADERS),
        'GroupSid',
        /more than 256 SIDs/,
      );
    });
  });

  describe('properties', () => {
    const sid = fc
      .tuple(
        fc.constantFrom('S', 's'),
        fc.integer({ min: 0, max: 2 ** 48 - 1 }),
        fc.array(fc.integer({ min: 0, max: 2 ** 32 - 1 }), { minLength: 1, maxLength: 15 }),
      )
      .map(([prefix, authority, subAuthorities]) => ({
        written: [prefix, 1, authority, ...subAuthorities].join('-'),
        canonical: ['S', 1, authority, ...subAuthorities].join('-'),
      }));

    it('reads every well-formed SID in canonical form', () => {
      fc.assert(
        fc.property(sid, fc.array(sid, { maxLength: 5 }), (userSid, groupSids) => {
          const identity = readProxyIdentity(
            proven(
              ['Remote-User', 'alice'],
              ['Remote-User-Sid', userSid.written],
              ['GroupSid', groupSids.map((item) => item.written).join(',')],
            ),
            ALL_HEADERS,
          );

          expect(principalOf(identity).sids).toEqual([
            ...new Set([userSid.canonical, ...groupSids.map((item) => item.canonical)]),
          ]);
        }),
      );
    });

    it('never throws, and a trusted principal only ever holds clean, bounded values', () => {
      const anyValue = fc.oneof(
        fc.string(),
        fc.string({ unit: 'binary' }),
        fc.constant(''),
        sid.map((item) => item.written),
      );
      fc.assert(
        fc.property(anyValue, anyValue, anyValue, anyValue, (user, groups, userSid, groupSid) => {
          const identity = readProxyIdentity(
            proven(
              ['Remote-User', user],
              ['Remote-Groups', groups],
              ['Remote-User-Sid', userSid],
              ['GroupSid', groupSid],
            ),
            ALL_HEADERS,
          );
          if (identity.kind !== 'trusted') return;
          const { username, groups: groupNames, sids } = identity.principal;

          expect(username).not.toBe('');
          expect(username.length).toBeLessThanOrEqual(256);
          for (const text of [username, ...groupNames])
            expect(text).not.toMatch(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u);
          for (const group of groupNames) expect(group).toBe(trimAsciiWhitespace(group));
          for (const item of sids) expect(item).toMatch(/^S-1-\d+(-\d+)+$/);
        }),
      );
    });
  });
});
