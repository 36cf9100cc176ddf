import fc from 'fast-check';
import { checkResolvedAddress } from './backend-address.check';
import { BUILT_IN_BLOCKED_NETWORKS, DEFAULT_BACKEND_NETWORK_POLICY } from './backend-network.policy';
import type { BackendHostResolver } from './backend-url.check';
import { checkBackendUrl } from './backend-url.check';
import {
  allowedIpv4,
  blockedIpv4 as blockedIpv4Value,
  ipv6Encodings,
  ipv6Spellings,
} from '../../testing/ipv4-in-ipv6.arbitraries';

// An oracle independent of node:net: IPv4 ranges as integers.
const blockedIpv4 = BUILT_IN_BLOCKED_NETWORKS.filter(({ cidr }) => !cidr.includes(':')).map(({ cidr }) => {
  const [address = '', prefix = '32'] = cidr.split('/');
  return { base: toInteger(address), size: 2 ** (32 - Number(prefix)) };
});

function toInteger(dotted: string): number {
  return dotted.split('.').reduce((value, octet) => value * 256 + Number(octet), 0);
}

function toDotted(value: number): string {
  return [24, 16, 8, 0].map((shift) => Math.floor(value / 2 ** shift) % 256).join('.');
}

const isBlockedIpv4 = (value: number): boolean =>
  blockedIpv4.some(({ base, size }) => value >= base && value < base + size);

const ipv4 = fc.integer({ min: 0, max: 2 ** 32 - 1 });
const blockedIpv4Address = fc
  .constantFrom(...blockedIpv4)
  .chain(({ base, size }) => fc.integer({ min: base, max: base + size - 1 }));
const blockedIpv6Address = fc.oneof(
  fc
    .tuple(fc.integer({ min: 0xfe80, max: 0xfebf }), fc.integer({ min: 0, max: 0xffff }))
    .map(([a, b]) => `${a.toString(16)}::${b.toString(16)}`),
  fc
    .tuple(fc.integer({ min: 0xff00, max: 0xffff }), fc.integer({ min: 0, max: 0xffff }))
    .map(([a, b]) => `${a.toString(16)}::${b.toString(16)}`),
  fc.constantFrom('::', 'fd00:ec2::254', 'fd00:ec2:0:0:0:0:0:254'),
);
const allowedAddress = fc.constantFrom(
  '10.0.0.1',
  '192.168.1.2',
  '127.0.0.1',
  '93.184.215.14',
  'fd00::1',
  '::1',
  '2001:db8::5',
);

/** Spellings of one IPv4 address that WHATWG URL (and inet_aton) read as that address. */
function encodings(value: number): fc.Arbitrary<string> {
  const octets = toDotted(value).split('.').map(Number);
  const [a = 0, b = 0, c = 0, d = 0] = octets;
  const octet = (n: number) => fc.constantFrom(String(n), `0x${n.toString(16)}`, `0${n.toString(8)}`);
  const high = ((a << 8) | b).toString(16);
  const low = ((c << 8) | d).toString(16);
  return fc.oneof(
    fc.constantFrom(
      String(value),
      `0x${value.toString(16)}`,
      `0${value.toString(8)}`,
      `${a}.${(b << 16) + (c << 8) + d}`,
      `${a}.${b}.${(c << 8) + d}`,
    ),
    fc.tuple(octet(a), octet(b), octet(c), octet(d)).map((parts) => parts.join('.')),
    fc.constantFrom(
      `[::ffff:${high}:${low}]`,
      `[::ffff:${toDotted(value)}]`,
      `[0:0:0:0:0:ffff:${high}:${low}]`,
      `[64:ff9b::${toDotted(value)}]`,
    ),
  );
}

function resolvingTo(addresses: readonly string[]): BackendHostResolver {
  return () =>
    Promise.resolve(addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })));
}

describe('network guard properties', () => {
  it('decides every IPv4 address exactly as the integer oracle (default policy)', () => {
    fc.assert(
      fc.property(fc.oneof(ipv4, blockedIpv4Address), (value) => {
        const decision = checkResolvedAddress(toDotted(value), DEFAULT_BACKEND_NETWORK_POLICY);
        return decision.allowed === !isBlockedIpv4(value);
      }),
      { numRuns: 5000 },
    );
  });

  it('never allows a host name with a blocked address among its answers, whatever the name', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.domain(),
        fc.array(allowedAddress, { maxLength: 4 }),
        fc.oneof(
          blockedIpv4Address.map(toDotted),
          blockedIpv4Address.map((value) => `::ffff:${toDotted(value)}`),
          blockedIpv6Address,
        ),
        fc.nat(),
        async (hostname, good, bad, position) => {
          const answers: string[] = [...good];
          answers.splice(position % (good.length + 1), 0, bad);
          const decision = await checkBackendUrl(
            new URL(`http://${hostname}/`),
            DEFAULT_BACKEND_NETWORK_POLICY,
            resolvingTo(answers),
          );
          return !decision.allowed;
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('blocks every encoding of 169.254.169.254 and of any blocked IPv4 address, without a lookup', async () => {
    const refuseLookup: BackendHostResolver = () =>
      Promise.reject(new Error('a literal address was resolved'));
    await fc.assert(
      fc.asyncProperty(
        fc
          .oneof(fc.constant(toInteger('169.254.169.254')), blockedIpv4Address)
          .chain((value) => encodings(value)),
        async (host) => {
          const decision = await checkBackendUrl(
            new URL(`http://${host}/`),
            DEFAULT_BACKEND_NETWORK_POLICY,
            refuseLookup,
          );
          return !decision.allowed && decision.reason === 'blocked-network';
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('allows every encoding of an address outside the blocked ranges, as that address (NAT64 stays IPv6)', async () => {
    await fc.assert(
      fc.asyncProperty(
        ipv4
          .filter((value) => !isBlockedIpv4(value))
          .chain((value) => encodings(value).map((host) => [value, host] as const)),
        async ([value, host]) => {
          const decision = await checkBackendUrl(new URL(`http://${host}/`), DEFAULT_BACKEND_NETWORK_POLICY);
          const nat64 = host.startsWith('[64:ff9b::');
          const expected = nat64 ? new URL(`http://${host}/`).hostname.slice(1, -1) : toDotted(value);
          return decision.allowed && decision.addresses[0]?.address === expected;
        },
      ),
      { numRuns: 1000 },
    );
  });

  describe('IPv6 transition addresses (6to4, NAT64, SIIT, IPv4-compatible, Teredo, ISATAP)', () => {
    const refuseLookup: BackendHostResolver = () =>
      Promise.reject(new Error('a literal address was resolved'));
    const blockedEncoding = blockedIpv4Value.chain((value) =>
      ipv6Encodings(value).chain((encoding) =>
        ipv6Spellings(encoding.groups).map((text) => ({ value, encoding, text })),
      ),
    );

    it('refuses every transition address of every blocked IPv4 range written in a URL', async () => {
      await fc.assert(
        fc.asyncProperty(blockedEncoding, async ({ text }) => {
          const decision = await checkBackendUrl(
            new URL(`http://[${text}]:8080/mcp`),
            DEFAULT_BACKEND_NETWORK_POLICY,
            refuseLookup,
          );
          return !decision.allowed && decision.reason === 'blocked-network';
        }),
        { numRuns: 3000 },
      );
    });

    it('refuses a name with a transition address of a blocked IPv4 range among its answers, however written', async () => {
      await fc.assert(
        fc.asyncProperty(
          blockedEncoding,
          fc.array(allowedAddress, { maxLength: 3 }),
          async ({ text }, good) => {
            const decision = await checkBackendUrl(
              new URL('http://backend.lan/'),
              DEFAULT_BACKEND_NETWORK_POLICY,
              resolvingTo([...good, text]),
            );
            return !decision.allowed && decision.reason === 'blocked-network';
          },
        ),
        { numRuns: 2000 },
      );
    });

    it('allows the transition addresses of allowed IPv4 addresses (one reading each)', async () => {
      const singleReading = allowedIpv4.chain((value) =>
        ipv6Encodings(value)
          .filter(({ mechanism }) => !mechanism.startsWith('NAT64 local-use') && mechanism !== 'ISATAP')
          // A Teredo address also names its server; keep that one allowed too.
          .map((encoding) =>
            encoding.mechanism === 'Teredo client'
              ? { ...encoding, groups: [0x2001, 0, 0x4136, 0xe378, ...encoding.groups.slice(4)] }
              : encoding,
          )
          .filter(({ mechanism }) => mechanism !== 'Teredo server'),
      );
      await fc.assert(
        fc.asyncProperty(singleReading, async ({ groups }) => {
          const text = groups.map((group) => group.toString(16)).join(':');
          const decision = await checkBackendUrl(
            new URL(`http://[${text}]/`),
            DEFAULT_BACKEND_NETWORK_POLICY,
            refuseLookup,
          );
          return decision.allowed;
        }),
        { numRuns: 2000 },
      );
    });
  });
});
