import { readIpAddress } from './ip-address';
import { NetworkRange } from './network-range';

describe('readIpAddress', () => {
  it.each([
    ['10.0.0.1', { text: '10.0.0.1', family: 'ipv4' }],
    ['[::1]', { text: '::1', family: 'ipv6' }],
    ['FE80::1%eth0', { text: 'fe80::1', family: 'ipv6' }],
    ['::ffff:169.254.169.254', { text: '169.254.169.254', family: 'ipv4' }],
    ['::ffff:a9fe:a9fe', { text: '169.254.169.254', family: 'ipv4' }],
    ['0:0:0:0:0:ffff:7f00:1', { text: '127.0.0.1', family: 'ipv4' }],
    [
      '64:ff9b::a9fe:a9fe',
      {
        text: '64:ff9b::a9fe:a9fe',
        family: 'ipv6',
        embeddedIpv4: [{ text: '169.254.169.254', mechanism: 'NAT64' }],
      },
    ],
    [
      '::a9fe:a9fe',
      {
        text: '::a9fe:a9fe',
        family: 'ipv6',
        embeddedIpv4: [{ text: '169.254.169.254', mechanism: 'IPv4-compatible' }],
      },
    ],
    [
      '2002:A9FE:A9FE::1',
      {
        text: '2002:a9fe:a9fe::1',
        family: 'ipv6',
        embeddedIpv4: [{ text: '169.254.169.254', mechanism: '6to4' }],
      },
    ],
    ['::1', { text: '::1', family: 'ipv6' }],
    ['2001:db8::1', { text: '2001:db8::1', family: 'ipv6' }],
    ['::', { text: '::', family: 'ipv6' }],
  ])('reads %s', (text, expected) => {
    expect(readIpAddress(text)).toEqual(expected);
  });

  it.each([
    '0x7f.1',
    '2130706433',
    '010.0.0.1',
    '127.1',
    '10.0.0.1%eth0',
    'fe80::1%',
    'localhost',
    '',
    '1.2.3.4.5',
    '[::1',
  ])('refuses %j, which is not a literal address', (text) => {
    expect(readIpAddress(text)).toBeUndefined();
  });
});

describe('NetworkRange', () => {
  it.each([
    ['10.0.0.0/8', '10.0.0.0/8'],
    [' 10.1.2.3/8 ', '10.1.2.3/8'],
    ['192.168.1.10', '192.168.1.10/32'],
    ['FD00::/8', 'fd00::/8'],
    ['::1', '::1/128'],
    ['0.0.0.0/0', '0.0.0.0/0'],
  ])('parses %j as %s', (text, cidr) => {
    expect(NetworkRange.parse(text)?.cidr).toBe(cidr);
  });

  it.each([
    '10.0.0.0/33',
    'fd00::/129',
    '10.0.0.0/-1',
    '10.0.0.0/8/8',
    '10.0.0.0/',
    '10.0.0.0/0x8',
    'lan',
    '::ffff:10.0.0.0/104',
    '[fd00::]/8',
    'fe80::%eth0/10',
  ])('refuses %j', (text) => {
    expect(NetworkRange.parse(text)).toBeUndefined();
  });

  it('matches only addresses of its own family (no IPv4 through ::/0)', () => {
    const everyIpv6 = NetworkRange.parse('::/0');
    const ipv4 = readIpAddress('10.0.0.1');
    const ipv6 = readIpAddress('2001:db8::1');
    expect(ipv4 && everyIpv6?.contains(ipv4)).toBe(false);
    expect(ipv6 && everyIpv6?.contains(ipv6)).toBe(true);
  });

  it('knows which ranges lie inside others', () => {
    const linkLocal = NetworkRange.parse('169.254.0.0/16');
    const within = (text: string): boolean | undefined =>
      linkLocal && NetworkRange.parse(text)?.isWithin(linkLocal);
    expect(within('169.254.169.254/32')).toBe(true);
    expect(within('169.254.0.0/16')).toBe(true);
    expect(within('169.0.0.0/8')).toBe(false);
    expect(within('0.0.0.0/0')).toBe(false);
    expect(within('fe80::/10')).toBe(false);
  });
});
