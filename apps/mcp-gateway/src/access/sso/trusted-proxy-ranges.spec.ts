import fc from 'fast-check';

import { TrustedProxyRanges } from './trusted-proxy-ranges';

describe('TrustedProxyRanges', () => {
  it('matches IPv4 addresses inside a CIDR and nothing outside it', () => {
    const ranges = TrustedProxyRanges.parse('10.0.0.0/8, 192.168.1.7');

    expect(ranges.ranges).toEqual(['10.0.0.0/8', '192.168.1.7/32']);
    expect(ranges.includes('10.20.30.40')).toBe(true);
    expect(ranges.includes('192.168.1.7')).toBe(true);
    expect(ranges.includes('192.168.1.8')).toBe(false);
    expect(ranges.includes('11.0.0.1')).toBe(false);
  });

  it('matches IPv4-mapped IPv6 peers (what a dual-stack listener reports) against IPv4 ranges', () => {
    const ranges = TrustedProxyRanges.parse('10.0.0.0/8');

    expect(ranges.includes('::ffff:10.0.0.1')).toBe(true);
    expect(ranges.includes('::FFFF:10.0.0.1')).toBe(true);
    expect(ranges.includes('::ffff:a00:1')).toBe(true);
    expect(ranges.includes('::ffff:11.0.0.1')).toBe(false);
  });

  it('matches IPv4 peers against an IPv4-mapped IPv6 range', () => {
    const ranges = TrustedProxyRanges.parse('::ffff:10.0.0.0/104');

    expect(ranges.includes('10.9.8.7')).toBe(true);
    expect(ranges.includes('11.0.0.1')).toBe(false);
  });

  it('matches IPv6 ranges, ignoring a zone index on the peer address', () => {
    const ranges = TrustedProxyRanges.parse('fd00::/8,fe80::/10');

    expect(ranges.includes('fd12:3456::1')).toBe(true);
    expect(ranges.includes('fe80::1%eth0')).toBe(true);
    expect(ranges.includes('2001:db8::1')).toBe(false);
    expect(ranges.includes('::ffff:10.0.0.1')).toBe(false);
  });

  it('matches nothing when the peer address is missing or not an address', () => {
    const ranges = TrustedProxyRanges.parse('0.0.0.0/0,::/0');

    expect(ranges.includes(undefined)).toBe(false);
    expect(ranges.includes('')).toBe(false);
    expect(ranges.includes('localhost')).toBe(false);
    expect(ranges.includes('10.0.0.1 ')).toBe(false);
  });

  it.each([
    ['10.0.0.0/33', 'prefix length'],
    ['10.0.0.0/-1', 'prefix length'],
    ['10.0.0.0/8/8', 'prefix length'],
    ['10.0.0.0/', 'prefix length'],
    ['fd00::/129', 'prefix length'],
    ['10.0.0', 'not an IPv4 or IPv6'],
    ['010.0.0.1', 'not an IPv4 or IPv6'],
    ['proxy.internal', 'not an IPv4 or IPv6'],
    ['fe80::1%eth0/64', 'zone index'],
  ])('refuses %p', (entry, problem) => {
    expect(() => TrustedProxyRanges.parse(`10.0.0.0/8, ${entry}`)).toThrow(problem);
  });

  it('refuses a list without any range', () => {
    expect(() => TrustedProxyRanges.parse(' , ,')).toThrow('lists no address ranges');
  });

  it('contains every IPv4 address in its own /prefix range, in plain and mapped form', () => {
    const octet = fc.integer({ min: 0, max: 255 });
    fc.assert(
      fc.property(fc.tuple(octet, octet, octet, octet), fc.integer({ min: 0, max: 32 }), (octets, prefix) => {
        const address = octets.join('.');
        const ranges = TrustedProxyRanges.parse(`${address}/${prefix}`);

        expect(ranges.includes(address)).toBe(true);
        expect(ranges.includes(`::ffff:${address}`)).toBe(true);
      }),
    );
  });
});
