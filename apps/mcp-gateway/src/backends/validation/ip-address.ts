// Reads an IP address the way the network will use it: brackets and IPv6 zone ids dropped,
// IPv4-mapped IPv6 (`::ffff:a9fe:a9fe`) turned into the IPv4 address it actually reaches, and
// IPv4 carried inside other IPv6 transition addresses (6to4, NAT64, Teredo, …) noted so it is
// checked too.
import { isIPv4, isIPv6 } from 'node:net';
import { type EmbeddedIpv4, embeddedIpv4Addresses } from './ipv6-transition';

export type IpFamily = 'ipv4' | 'ipv6';

export interface IpAddress {
  /** Dotted quad for IPv4 (also for IPv4-mapped input), lowercase IPv6 text without zone otherwise. */
  readonly text: string;
  readonly family: IpFamily;
  /** IPv4 addresses an IPv6 address also reaches (./ipv6-transition.ts); absent when there are none. */
  readonly embeddedIpv4?: readonly EmbeddedIpv4[];
}

/** Undefined for anything that is not a literal IP address (names, `0x7f.1`, `010.0.0.1`). */
export function readIpAddress(text: string): IpAddress | undefined {
  const unbracketed = text.startsWith('[') && text.endsWith(']') ? text.slice(1, -1) : text;
  const zoneStart = unbracketed.indexOf('%');
  const address = (zoneStart >= 0 ? unbracketed.slice(0, zoneStart) : unbracketed).toLowerCase();
  if (zoneStart < 0 && isIPv4(address)) {
    return { text: address, family: 'ipv4' };
  }
  if (!isIPv6(address) || (zoneStart >= 0 && zoneStart === unbracketed.length - 1)) {
    return undefined;
  }
  const groups = ipv6Groups(address);
  if (startsWith(groups, [0, 0, 0, 0, 0, 0xffff])) {
    return { text: dottedQuad(groups.slice(6)), family: 'ipv4' };
  }
  const embedded = embeddedIpv4Addresses(groups);
  return embedded.length > 0
    ? { text: address, family: 'ipv6', embeddedIpv4: embedded }
    : { text: address, family: 'ipv6' };
}

/** The eight 16-bit groups of a valid IPv6 address (one that `isIPv6` accepted). */
function ipv6Groups(address: string): number[] {
  const lastColon = address.lastIndexOf(':');
  const tail = address.slice(lastColon + 1);
  let text = address;
  if (tail.includes('.')) {
    const [a = 0, b = 0, c = 0, d = 0] = tail.split('.').map(Number);
    text = `${address.slice(0, lastColon + 1)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', rest] = text.split('::');
  const headGroups = head === '' ? [] : head.split(':');
  const restGroups = rest === undefined || rest === '' ? [] : rest.split(':');
  const zeros =
    rest === undefined ? [] : new Array<string>(8 - headGroups.length - restGroups.length).fill('0');
  return [...headGroups, ...zeros, ...restGroups].map((group) => Number.parseInt(group, 16));
}

function startsWith(groups: readonly number[], prefix: readonly number[]): boolean {
  return prefix.every((group, index) => groups[index] === group);
}

function dottedQuad(groups: readonly number[]): string {
  const [high = 0, low = 0] = groups;
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
}
