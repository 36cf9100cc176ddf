import {
  BACKEND_ALLOWED_NETWORKS_ENV,
  BACKEND_BLOCKED_NETWORKS_ENV,
  DEFAULT_BACKEND_NETWORK_POLICY,
  parseBackendNetworkPolicy,
} from './backend-network.policy';
import type { NetworkPolicy } from './backend-network.policy';

function policyOf(environment: Record<string, string>): NetworkPolicy {
  const parsed = parseBackendNetworkPolicy(environment);
  if (!parsed.ok) {
    throw new Error(parsed.problems.join('; '));
  }
  return parsed.policy;
}

describe('parseBackendNetworkPolicy', () => {
  it.each([
    ['nothing set', {}],
    ['blank settings', { [BACKEND_ALLOWED_NETWORKS_ENV]: '  ', [BACKEND_BLOCKED_NETWORKS_ENV]: '' }],
  ])('gives the default policy for %s', (_name, environment) => {
    expect(policyOf(environment)).toEqual(DEFAULT_BACKEND_NETWORK_POLICY);
  });

  it('replaces the allowed networks and adds to the blocked ones', () => {
    const policy = policyOf({
      [BACKEND_ALLOWED_NETWORKS_ENV]: '10.0.0.0/8, fd00::/8 192.168.1.0/24',
      [BACKEND_BLOCKED_NETWORKS_ENV]: '10.9.0.0/16',
    });
    expect(policy.allowedNetworks.map((range) => range.cidr)).toEqual([
      '10.0.0.0/8',
      'fd00::/8',
      '192.168.1.0/24',
    ]);
    expect(policy.allowedNetworksConfigured).toBe(true);
    expect(policy.blockedNetworks.length).toBe(DEFAULT_BACKEND_NETWORK_POLICY.blockedNetworks.length + 1);
    expect(policy.blockedNetworks.at(-1)).toMatchObject({
      cidr: '10.9.0.0/16',
      label: `listed in ${BACKEND_BLOCKED_NETWORKS_ENV}`,
    });
  });

  it('reports every entry that is not a network', () => {
    expect(
      parseBackendNetworkPolicy({
        [BACKEND_ALLOWED_NETWORKS_ENV]: '10.0.0.0/33,lan',
        [BACKEND_BLOCKED_NETWORKS_ENV]: '::ffff:0:0/96',
      }),
    ).toEqual({
      ok: false,
      problems: [
        `${BACKEND_ALLOWED_NETWORKS_ENV}: "10.0.0.0/33" is not a network (e.g. 10.0.0.0/8 or fd00::/8)`,
        `${BACKEND_ALLOWED_NETWORKS_ENV}: "lan" is not a network (e.g. 10.0.0.0/8 or fd00::/8)`,
        `${BACKEND_BLOCKED_NETWORKS_ENV}: "::ffff:0:0/96" is not a network (e.g. 10.0.0.0/8 or fd00::/8)`,
      ],
    });
  });

  it('refuses an allowed list made only of separators', () => {
    expect(parseBackendNetworkPolicy({ [BACKEND_ALLOWED_NETWORKS_ENV]: ' , ,' })).toEqual({
      ok: false,
      problems: [`${BACKEND_ALLOWED_NETWORKS_ENV}: lists no network; leave it unset for the default`],
    });
  });
});
