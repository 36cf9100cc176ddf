// fast-check arbitraries for property tests of the network guard: IPv4 addresses of the blocked
// ranges, and the IPv6 transition addresses that carry an IPv4 address, written the ways an IPv6
// address can be written. Built from the RFCs' bit layouts, independently of ipv6-transition.ts.
import fc from 'fast-check';
import { BUILT_IN_BLOCKED_NETWORKS } from '../backends/validation';

/** A 32-bit IPv4 address as an integer. */
export type Ipv4Value = number;

const blockedIpv4Ranges = BUILT_IN_BLOCKED_NETWORKS.filter(({ cidr }) => !cidr.includes(':')).map(
  ({ cidr }) => {
    const [address = '', prefix = '32'] = cidr.split('/');
    return { base: ipv4Value(address), size: 2 ** (32 - Number(prefix)) };
  },
);

export function ipv4Value(dotted: string): Ipv4Value {
  return dotted.split('.').reduce((value, octet) => value * 256 + Number(octet), 0);
}

export function dotted(value: Ipv4Value): string {
  return [24, 16, 8, 0].map((shift) => Math.floor(value / 2 ** shift) % 256).join('.');
}

export const isBlockedIpv4 = (value: Ipv4Value): boolean =>
  blockedIpv4Ranges.some(({ base, size }) => value >= base && value < base + size);

/** Any address of any built-in blocked IPv4 range, each range equally likely. */
export const blockedIpv4 = fc
  .constantFrom(...blockedIpv4Ranges)
  .chain(({ base, size }) => fc.integer({ min: base, max: base + size - 1 }));

/** Public unicast addresses outside every built-in blocked range (and outside 0.0.0.0/8). */
export const allowedIpv4 = fc
  .integer({ min: ipv4Value('1.0.0.0'), max: ipv4Value('223.255.255.255') })
  .filter((value) => !isBlockedIpv4(value));

const group = fc.integer({ min: 0, max: 0xffff });
const high = (value: Ipv4Value): number => Math.floor(value / 0x10000);
const low = (value: Ipv4Value): number => value % 0x10000;

/** Eight 16-bit groups and the name of the mechanism that puts the IPv4 address there. */
export interface Ipv6Encoding {
  readonly mechanism: string;
  readonly groups: readonly number[];
}

/**
 * Every transition form that carries `value` as an address the connection goes to or through
 * (a Teredo address names its server too). `::ffff:…` (mapped) is included: it is the IPv4
 * address itself. IPv4-compatible is left out for 0.0.0.0
 * and 0.0.0.1, which are IPv6's `::` and `::1`.
 */
export function ipv6Encodings(value: Ipv4Value): fc.Arbitrary<Ipv6Encoding> {
  const h = high(value);
  const l = low(value);
  const [a = 0, b = 0, c = 0, d = 0] = dotted(value).split('.').map(Number);
  const forms: fc.Arbitrary<Ipv6Encoding>[] = [
    fc.constant({ mechanism: 'IPv4-mapped', groups: [0, 0, 0, 0, 0, 0xffff, h, l] }),
    fc.constant({ mechanism: 'SIIT', groups: [0, 0, 0, 0, 0xffff, 0, h, l] }),
    fc.constant({ mechanism: 'NAT64', groups: [0x64, 0xff9b, 0, 0, 0, 0, h, l] }),
    // RFC 6052 2.2 layouts under 64:ff9b:1::/48: bits 64–71 zero, the suffix after the IPv4 zero.
    fc.constant({
      mechanism: 'NAT64 local-use /48',
      groups: [0x64, 0xff9b, 1, (a << 8) | b, c, d << 8, 0, 0],
    }),
    group.map((g3) => ({
      mechanism: 'NAT64 local-use /56',
      groups: [0x64, 0xff9b, 1, (g3 & 0xff00) | a, b, (c << 8) | d, 0, 0],
    })),
    group.map((g3) => ({
      mechanism: 'NAT64 local-use /64',
      groups: [0x64, 0xff9b, 1, g3, a, (b << 8) | c, d << 8, 0],
    })),
    fc.tuple(group, group, group).map(([g3, g4, g5]) => ({
      mechanism: 'NAT64 local-use /96',
      groups: [0x64, 0xff9b, 1, g3, g4 & 0x00ff, g5, h, l],
    })),
    fc.tuple(group, group, group, group, group).map(([subnet, i1, i2, i3, i4]) => ({
      mechanism: '6to4',
      groups: [0x2002, h, l, subnet, i1, i2, i3, i4],
    })),
    fc.tuple(group, group, group, group).map(([s1, s2, flags, port]) => ({
      mechanism: 'Teredo client',
      groups: [0x2001, 0, s1, s2, flags, port, ~h & 0xffff, ~l & 0xffff],
    })),
    fc.tuple(group, group, group, group).map(([flags, port, c1, c2]) => ({
      mechanism: 'Teredo server',
      groups: [0x2001, 0, h, l, flags, port, c1, c2],
    })),
    fc.tuple(group, group, group, group, fc.constantFrom(0, 0x200)).map(([p1, p2, p3, p4, u]) => ({
      mechanism: 'ISATAP',
      groups: [p1, p2, p3, p4, u, 0x5efe, h, l],
    })),
  ];
  if (value > 1) forms.push(fc.constant({ mechanism: 'IPv4-compatible', groups: [0, 0, 0, 0, 0, 0, h, l] }));
  return fc.oneof(...forms);
}

/**
 * The ways to write eight groups: in full with leading zeros, shortest per group, `::` for the
 * longest zero run (RFC 5952), upper case, and with the last 32 bits as a dotted quad.
 */
export function ipv6Spellings(groups: readonly number[]): fc.Arbitrary<string> {
  const hex = groups.map((g) => g.toString(16));
  const [g6 = 0, g7 = 0] = groups.slice(6);
  const compressed = compress(hex);
  return fc.constantFrom(
    groups.map((g) => g.toString(16).padStart(4, '0')).join(':'),
    hex.join(':'),
    compressed,
    compressed.toUpperCase(),
    compress([...hex.slice(0, 6), dotted(g6 * 0x10000 + g7)]),
  );
}

/** `::` in place of the longest run of two or more zero groups (the first of equal runs). */
function compress(tokens: readonly string[]): string {
  let bestStart = -1;
  let bestLength = 1;
  for (let start = 0; start < tokens.length; start += 1) {
    let length = 0;
    while (tokens[start + length] === '0') length += 1;
    if (length > bestLength) {
      bestStart = start;
      bestLength = length;
    }
  }
  if (bestStart < 0) return tokens.join(':');
  return `${tokens.slice(0, bestStart).join(':')}::${tokens.slice(bestStart + bestLength).join(':')}`;
}
