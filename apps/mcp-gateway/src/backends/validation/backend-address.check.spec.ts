import { checkResolvedAddress } from './backend-address.check';
import {
  BACKEND_ALLOWED_NETWORKS_ENV,
  BACKEND_BLOCKED_NETWORKS_ENV,
  DEFAULT_BACKEND_NETWORK_POLICY,
  parseBackendNetworkPolicy,
} from './backend-network.policy';
import type { NetworkPolicy } from './backend-network.policy';
import { checkBackendUrl } from './backend-url.check';

function policyOf(allowed: string, blocked = ''): NetworkPolicy {
  const parsed = parseBackendNetworkPolicy({
    [BACKEND_ALLOWED_NETWORKS_ENV]: allowed,
    [BACKEND_BLOCKED_NETWORKS_ENV]: blocked,
  });
  if (!parsed.ok) throw new Error(parsed.problems.join('; '));
  return parsed.policy;
}

const check = (url: string, policy: NetworkPolicy) => checkBackendUrl(new URL(url), policy);

describe('configured networks', () => {
  it.each<[string, string, string, string, boolean]>([
    ['an allow list', '10.0.0.0/8', '', 'http://93.184.215.14/', false],
    ['an allow list', '10.0.0.0/8', '', 'http://10.1.2.3/', true],
    ['an allow list (IPv4-mapped form)', '10.0.0.0/8', '', 'http://[::ffff:10.1.2.3]/', true],
    ['"anywhere" does not unblock metadata', '0.0.0.0/0', '', 'http://169.254.169.254/', false],
    ['an explicit metadata allow', '0.0.0.0/0,169.254.169.254/32', '', 'http://169.254.169.254/', true],
    [
      'an explicit metadata allow leaves link-local blocked',
      '0.0.0.0/0,169.254.169.254/32',
      '',
      'http://169.254.1.1/',
      false,
    ],
    ['allowing link-local leaves metadata blocked', '169.254.0.0/16', '', 'http://169.254.169.254/', false],
    ['allowing link-local', '169.254.0.0/16', '', 'http://169.254.1.1/', true],
    ['a blocked homelab range', '', '192.168.0.0/16', 'http://192.168.1.2/', false],
    [
      'a more specific allow inside a blocked range',
      '0.0.0.0/0,192.168.5.0/24',
      '192.168.0.0/16',
      'http://192.168.5.1/',
      true,
    ],
    ['IPv6 "anywhere" allows no IPv4', '::/0', '', 'http://10.0.0.1/', false],
  ])('%s: %s / %s → %s', async (_name, allowed, blocked, url, expected) => {
    expect((await check(url, policyOf(allowed, blocked))).allowed).toBe(expected);
  });

  it('names the setting that denied an address', async () => {
    await expect(check('http://10.9.0.1/', policyOf('', '10.9.0.0/16'))).resolves.toMatchObject({
      message: `10.9.0.1 is in a blocked network: listed in ${BACKEND_BLOCKED_NETWORKS_ENV} (10.9.0.0/16)`,
    });
    await expect(check('http://93.184.215.14/', policyOf('10.0.0.0/8'))).resolves.toMatchObject({
      reason: 'outside-allowed-networks',
      message: `93.184.215.14 is outside ${BACKEND_ALLOWED_NETWORKS_ENV}`,
    });
  });
});

describe('checkResolvedAddress (connect-time check)', () => {
  it.each([
    ['::ffff:7f00:1', { allowed: true, address: { address: '127.0.0.1', family: 4 } }],
    ['FD00::1', { allowed: true, address: { address: 'fd00::1', family: 6 } }],
    ['::ffff:a9fe:a9fe', { allowed: false, reason: 'blocked-network' }],
    ['0x7f.1', { allowed: false, reason: 'not-an-ip-address', message: '"0x7f.1" is not an IP address' }],
  ])('%s', (address, expected) => {
    expect(checkResolvedAddress(address, DEFAULT_BACKEND_NETWORK_POLICY)).toMatchObject(expected);
  });
});
