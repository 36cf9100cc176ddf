// One CIDR network. Membership is answered by node:net's BlockList (one subnet per range, checked
// only with addresses of the range's own family: BlockList would otherwise let an IPv6 rule such
// as `::/0` match IPv4 addresses through their mapped form).
import { BlockList } from 'node:net';
import { readIpAddress } from './ip-address';
import type { IpAddress, IpFamily } from './ip-address';

export class NetworkRange {
  private readonly members = new BlockList();

  private constructor(
    /** Normalized text, e.g. `10.0.0.0/8` or `fd00::/8`; a bare address gets /32 or /128. */
    readonly cidr: string,
    readonly family: IpFamily,
    private readonly address: string,
    readonly prefix: number,
    /** What the range is, for denial messages (e.g. `cloud metadata`). */
    readonly label: string,
  ) {
    this.members.addSubnet(address, prefix, family);
  }

  /**
   * `address/prefix` or a bare address. Host bits are ignored (`10.1.2.3/8` is `10.0.0.0/8`), as in
   * `ip route`. IPv4-mapped IPv6 networks are refused: addresses are checked in IPv4 form, so such a
   * range would never match.
   */
  static parse(text: string, label?: string): NetworkRange | undefined {
    const [addressText = '', prefixText, extra] = text.trim().split('/');
    if (extra !== undefined || addressText.includes('%')) {
      return undefined;
    }
    const address = readIpAddress(addressText);
    const family = address?.family;
    const mapped = family === 'ipv4' && addressText.includes(':');
    if (address === undefined || family === undefined || mapped || addressText.startsWith('[')) {
      return undefined;
    }
    const bits = family === 'ipv4' ? 32 : 128;
    const prefix = prefixText === undefined ? bits : /^\d{1,3}$/.test(prefixText) ? Number(prefixText) : -1;
    if (prefix < 0 || prefix > bits) {
      return undefined;
    }
    const cidr = `${address.text}/${prefix}`;
    return new NetworkRange(cidr, family, address.text, prefix, label ?? cidr);
  }

  contains(address: IpAddress): boolean {
    return address.family === this.family && this.members.check(address.text, this.family);
  }

  /** True when every address of this range is inside `other`. */
  isWithin(other: NetworkRange): boolean {
    return (
      this.family === other.family &&
      this.prefix >= other.prefix &&
      other.members.check(this.address, other.family)
    );
  }
}
