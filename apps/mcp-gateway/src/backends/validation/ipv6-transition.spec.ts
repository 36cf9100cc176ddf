import { readIpAddress } from './ip-address';
import { embeddedIpv4Addresses } from './ipv6-transition';

/** What readIpAddress reports as carried inside `address`, as `mechanism text` pairs. */
function carried(address: string): string[] {
  return (readIpAddress(address)?.embeddedIpv4 ?? []).map(({ mechanism, text }) => `${mechanism} ${text}`);
}

describe('embeddedIpv4Addresses', () => {
  it.each([
    ['::ffff:0:a9fe:a9fe', ['IPv4-translated (SIIT) 169.254.169.254']],
    ['::ffff:0:169.254.169.254', ['IPv4-translated (SIIT) 169.254.169.254']],
    ['::169.254.169.254', ['IPv4-compatible 169.254.169.254']],
    ['::2', ['IPv4-compatible 0.0.0.2']],
    ['64:ff9b::7f00:1', ['NAT64 127.0.0.1']],
    ['2002:a9fe:a9fe:1:2:3:4:5', ['6to4 169.254.169.254']],
    // Teredo: server 65.54.227.120, client 169.254.169.254 written bit-inverted (5601:5601).
    [
      '2001:0:4136:e378:8000:63bf:5601:5601',
      ['Teredo server 65.54.227.120', 'Teredo client 169.254.169.254'],
    ],
    ['fd00:1:2:3:0:5efe:a9fe:a9fe', ['ISATAP 169.254.169.254']],
    ['fe80::200:5efe:a00:1', ['ISATAP 10.0.0.1']],
    // A 6to4 prefix with an ISATAP interface identifier carries two addresses.
    ['2002:a00:1:0:0:5efe:a9fe:a9fe', ['6to4 10.0.0.1', 'ISATAP 169.254.169.254']],
  ])('%s carries %j', (address, expected) => {
    expect(carried(address)).toEqual(expected);
  });

  it.each([
    '::',
    '::1',
    '2001:db8::5efe:1',
    'fd00::1',
    '2001:db8:0:0:1:5efe:a9fe:a9fe',
    '2003::1',
    '64:ff9c::1',
  ])('%s carries nothing', (address) => {
    expect(carried(address)).toEqual([]);
  });

  describe('NAT64 local-use prefix 64:ff9b:1::/48', () => {
    it('reads the /96 layout, and every shorter layout whose suffix is zero', () => {
      // 169.254.169.254 in the /48 layout: bits 48–63, then 72–87 (bits 64–71 stay zero).
      expect(carried('64:ff9b:1:a9fe:a9:fe00::')).toEqual([
        'NAT64 local-use /48 169.254.169.254',
        'NAT64 local-use /56 254.169.254.0',
        'NAT64 local-use /64 169.254.0.0',
        'NAT64 local-use /96 0.0.0.0',
      ]);
      expect(carried('64:ff9b:1:5:a9:fea9:fe00:0')).toEqual([
        'NAT64 local-use /64 169.254.169.254',
        'NAT64 local-use /96 254.0.0.0',
      ]);
    });

    it('reads an ordinary /96 translator address once, as the IPv4 it ends with', () => {
      expect(carried('64:ff9b:1::808:808')).toEqual(['NAT64 local-use /96 8.8.8.8']);
      expect(carried('64:ff9b:1:abcd:12:3456:a00:1')).toEqual(['NAT64 local-use /96 10.0.0.1']);
    });

    it('takes every layout of a malformed address (bits 64–71 set), suffix or not', () => {
      expect(carried('64:ff9b:1:a9fe:1a9:fe00:808:808')).toEqual([
        'NAT64 local-use /48 169.254.169.254',
        'NAT64 local-use /56 254.169.254.0',
        'NAT64 local-use /64 169.254.0.8',
        'NAT64 local-use /96 8.8.8.8',
      ]);
    });
  });

  it('never reads more than eight groups', () => {
    expect(embeddedIpv4Addresses([0x2002, 0xa9fe, 0xa9fe])).toEqual([
      { text: '169.254.169.254', mechanism: '6to4' },
    ]);
  });
});
