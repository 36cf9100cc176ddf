import { jest } from '@jest/globals';
import { DEFAULT_BACKEND_NETWORK_POLICY } from './backend-network.policy';
import type { BackendHostResolver } from './backend-url.check';
import { checkBackendUrl } from './backend-url.check';

const noLookup: BackendHostResolver = () => Promise.reject(new Error('tests never resolve names this way'));

function resolvingTo(...addresses: string[]): BackendHostResolver {
  return () =>
    Promise.resolve(addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })));
}

const check = (url: string, policy = DEFAULT_BACKEND_NETWORK_POLICY, resolve = noLookup) =>
  checkBackendUrl(new URL(url), policy, resolve);

describe('checkBackendUrl with literal addresses (default policy)', () => {
  it.each([
    ['http://127.0.0.1:8080/sse', '127.0.0.1', 4],
    ['http://10.0.0.5/', '10.0.0.5', 4],
    ['http://172.16.4.2/', '172.16.4.2', 4],
    ['http://192.168.1.20/', '192.168.1.20', 4],
    ['http://100.64.1.1/', '100.64.1.1', 4],
    ['https://93.184.215.14/', '93.184.215.14', 4],
    ['http://[::1]/', '::1', 6],
    ['http://[fd12:3456::1]/', 'fd12:3456::1', 6],
    ['http://[2001:db8::1]/', '2001:db8::1', 6],
    ['http://[::ffff:192.168.1.20]/', '192.168.1.20', 4],
    ['http://2130706433/', '127.0.0.1', 4],
  ])('allows %s (homelab and public addresses)', async (url, address, family) => {
    await expect(check(url)).resolves.toEqual({ allowed: true, addresses: [{ address, family }] });
  });

  const metadata =
    'is in a blocked network: cloud metadata (AWS, GCP, Azure, OpenStack, Oracle) (169.254.169.254/32)';
  it.each([
    ['http://169.254.169.254/latest/meta-data/', `169.254.169.254 ${metadata}`],
    ['http://2852039166/', `169.254.169.254 ${metadata}`],
    ['http://0xa9fea9fe/', `169.254.169.254 ${metadata}`],
    ['http://0xa9.0xfe.0xa9.0xfe/', `169.254.169.254 ${metadata}`],
    ['http://0251.0376.0251.0376/', `169.254.169.254 ${metadata}`],
    ['http://169.254.43518/', `169.254.169.254 ${metadata}`],
    ['http://[::ffff:a9fe:a9fe]/', `169.254.169.254 (written ::ffff:a9fe:a9fe) ${metadata}`],
    ['http://[::ffff:169.254.169.254]/', `169.254.169.254 (written ::ffff:a9fe:a9fe) ${metadata}`],
    [
      'http://[64:ff9b::169.254.169.254]/',
      `169.254.169.254 (embedded in 64:ff9b::a9fe:a9fe as NAT64) ${metadata}`,
    ],
    [
      'http://[fd00:ec2::254]/',
      'fd00:ec2::254 is in a blocked network: cloud metadata (AWS IPv6) (fd00:ec2::254/128)',
    ],
    [
      'http://100.100.100.200/',
      '100.100.100.200 is in a blocked network: cloud metadata (Alibaba) (100.100.100.200/32)',
    ],
    [
      'http://169.254.170.2/v2/credentials',
      '169.254.170.2 is in a blocked network: cloud metadata (AWS ECS task) (169.254.170.2/32)',
    ],
    ['http://169.254.1.1/', '169.254.1.1 is in a blocked network: IPv4 link-local (169.254.0.0/16)'],
    ['http://[fe80::1]/', 'fe80::1 is in a blocked network: IPv6 link-local (fe80::/10)'],
    ['http://0.0.0.0:8080/', '0.0.0.0 is in a blocked network: "this network" (0.0.0.0/8)'],
    ['http://0/', '0.0.0.0 is in a blocked network: "this network" (0.0.0.0/8)'],
    ['http://224.0.0.251/', '224.0.0.251 is in a blocked network: IPv4 multicast (224.0.0.0/4)'],
    ['http://240.1.2.3/', '240.1.2.3 is in a blocked network: IPv4 reserved (240.0.0.0/4)'],
    [
      'http://255.255.255.255/',
      '255.255.255.255 is in a blocked network: IPv4 broadcast (255.255.255.255/32)',
    ],
    ['http://[::]/', ':: is in a blocked network: IPv6 unspecified (::/128)'],
    ['http://[ff02::1]/', 'ff02::1 is in a blocked network: IPv6 multicast (ff00::/8)'],
  ])('blocks %s', async (url, message) => {
    await expect(check(url)).resolves.toEqual({ allowed: false, reason: 'blocked-network', message });
  });

  it.each(['ftp://media.lan/', 'file:///etc/passwd', 'gopher://127.0.0.1:6379/'])(
    'refuses the scheme of %s',
    async (url) => {
      await expect(check(url)).resolves.toMatchObject({ allowed: false, reason: 'unsupported-protocol' });
    },
  );
});

describe('checkBackendUrl with host names', () => {
  it.each(['http://metadata.google.internal/computeMetadata/v1/', 'http://METADATA.Google.Internal./'])(
    'refuses %s before resolving it',
    async (url) => {
      const resolve = jest.fn(resolvingTo('10.0.0.1'));
      await expect(check(url, DEFAULT_BACKEND_NETWORK_POLICY, resolve)).resolves.toEqual({
        allowed: false,
        reason: 'blocked-hostname',
        message: 'metadata.google.internal is a blocked host name (cloud metadata)',
      });
      expect(resolve).not.toHaveBeenCalled();
    },
  );

  it('resolves the name and returns every address for pinning', async () => {
    const resolve = jest.fn(resolvingTo('10.0.0.7', 'fd00::7'));
    await expect(
      check('https://media.lan:8443/sse', DEFAULT_BACKEND_NETWORK_POLICY, resolve),
    ).resolves.toEqual({
      allowed: true,
      addresses: [
        { address: '10.0.0.7', family: 4 },
        { address: 'fd00::7', family: 6 },
      ],
    });
    expect(resolve).toHaveBeenCalledWith('media.lan');
  });

  it.each([
    [
      'one blocked address among good ones',
      ['10.0.0.7', '169.254.169.254'],
      'blocked-network',
      'rebind.example resolves to 169.254.169.254, which is in a blocked network: cloud metadata (AWS, GCP, Azure, OpenStack, Oracle) (169.254.169.254/32)',
    ],
    [
      'an IPv4-mapped AAAA record',
      ['::ffff:127.0.0.1', '::ffff:169.254.169.254'],
      'blocked-network',
      'rebind.example resolves to 169.254.169.254 (written ::ffff:169.254.169.254), which is in a blocked network: cloud metadata (AWS, GCP, Azure, OpenStack, Oracle) (169.254.169.254/32)',
    ],
    [
      'a link-local address with a zone id',
      ['fe80::1%eth0'],
      'blocked-network',
      'rebind.example resolves to fe80::1 (written fe80::1%eth0), which is in a blocked network: IPv6 link-local (fe80::/10)',
    ],
    ['no address', [], 'unresolvable', 'rebind.example resolves to no address'],
    [
      'something that is not an address',
      ['localhost'],
      'not-an-ip-address',
      'rebind.example resolves to "localhost", which is not an IP address',
    ],
  ])('denies %s', async (_name, addresses, reason, message) => {
    await expect(
      check('http://rebind.example/', DEFAULT_BACKEND_NETWORK_POLICY, resolvingTo(...addresses)),
    ).resolves.toEqual({
      allowed: false,
      reason,
      message,
    });
  });

  it('denies a name that cannot be resolved, naming the error code', async () => {
    const failing: BackendHostResolver = () =>
      Promise.reject(Object.assign(new Error('getaddrinfo'), { code: 'ENOTFOUND' }));
    await expect(check('http://nowhere.lan/', DEFAULT_BACKEND_NETWORK_POLICY, failing)).resolves.toEqual({
      allowed: false,
      reason: 'unresolvable',
      message: 'nowhere.lan could not be resolved (ENOTFOUND)',
    });
  });
});
