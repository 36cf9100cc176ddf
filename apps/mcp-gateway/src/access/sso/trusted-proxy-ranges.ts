// The optional source-address allow-list for SSO headers (GATEWAY_SSO_TRUSTED_PROXIES).
// It only ever narrows the shared-secret proof: inside Kubernetes the "proxy address" is
// any pod's address, so an address alone proves nothing.
import { BlockList, isIP } from 'node:net';

const IPV4_BITS = 32;
const IPV6_BITS = 128;

export class TrustedProxyRanges {
  private constructor(
    /** The ranges as `address/prefix`, for start-up logs and diagnostics. */
    readonly ranges: readonly string[],
    private readonly list: BlockList,
  ) {}

  /**
   * Parses a comma-separated list of IPv4/IPv6 CIDRs; a bare address means a single host.
   * Throws an Error whose message names every bad entry.
   */
  static parse(text: string): TrustedProxyRanges {
    const entries = text
      .split(',')
      .map((entry) => entry.trim())
      .filter((entry) => entry !== '');
    if (entries.length === 0) throw new Error('lists no address ranges');
    const list = new BlockList();
    const ranges: string[] = [];
    const problems: string[] = [];
    for (const entry of entries) {
      const range = parseRange(entry);
      if (typeof range === 'string') {
        problems.push(`"${entry}" ${range}`);
        continue;
      }
      list.addSubnet(range.address, range.prefix, range.family);
      ranges.push(`${range.address}/${range.prefix}`);
    }
    if (problems.length > 0) throw new Error(problems.join('; '));
    return new TrustedProxyRanges(Object.freeze(ranges), list);
  }

  /**
   * Whether a socket's remote address lies in one of the ranges. IPv4-mapped IPv6
   * addresses (`::ffff:10.0.0.1`, what a dual-stack listener reports for IPv4 peers) match
   * IPv4 ranges; a missing address (the socket already closed) matches nothing.
   */
  includes(remoteAddress: string | undefined): boolean {
    if (remoteAddress === undefined) return false;
    // A zone index (`fe80::1%eth0`) names an interface, not part of the address.
    const address = remoteAddress.split('%', 1)[0] ?? '';
    switch (isIP(address)) {
      case 4:
        return this.list.check(address, 'ipv4');
      case 6:
        return this.list.check(address, 'ipv6');
      default:
        return false;
    }
  }
}

interface Range {
  address: string;
  prefix: number;
  family: 'ipv4' | 'ipv6';
}

/** A range, or why the entry is not one. */
function parseRange(entry: string): Range | string {
  const slash = entry.indexOf('/');
  const address = slash < 0 ? entry : entry.slice(0, slash);
  const prefixText = slash < 0 ? undefined : entry.slice(slash + 1);
  if (address.includes('%')) return 'has a zone index (%...); list the address without it';
  const version = isIP(address);
  if (version !== 4 && version !== 6) return 'is not an IPv4 or IPv6 address or CIDR';
  const maximum = version === 4 ? IPV4_BITS : IPV6_BITS;
  if (prefixText === undefined) return { address, prefix: maximum, family: version === 4 ? 'ipv4' : 'ipv6' };
  if (!/^\d{1,3}$/.test(prefixText) || Number(prefixText) > maximum) {
    return `has a prefix length that is not a whole number from 0 to ${maximum}`;
  }
  return { address, prefix: Number(prefixText), family: version === 4 ? 'ipv4' : 'ipv6' };
}
