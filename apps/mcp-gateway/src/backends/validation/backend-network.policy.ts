// Which networks backend URLs may reach (SSRF guard). By default everything is reachable, private
// homelab ranges and loopback included, except ranges that are never a backend but are a classic
// SSRF target: link-local, cloud metadata endpoints, "this network", multicast, broadcast/reserved
// and the unspecified address. Operators narrow or widen this with two settings (README).
import { NetworkRange } from './network-range';

/** Comma-separated CIDRs; when set, replaces the default "anywhere" (0.0.0.0/0, ::/0). */
export const BACKEND_ALLOWED_NETWORKS_ENV = 'GATEWAY_BACKEND_ALLOWED_NETWORKS';
/** Comma-separated CIDRs blocked in addition to the built-in ranges. */
export const BACKEND_BLOCKED_NETWORKS_ENV = 'GATEWAY_BACKEND_BLOCKED_NETWORKS';

export const DEFAULT_ALLOWED_NETWORKS: readonly string[] = ['0.0.0.0/0', '::/0'];

/** Always blocked unless an allowed network inside the range is configured (README "Network guard"). */
export const BUILT_IN_BLOCKED_NETWORKS: readonly { readonly cidr: string; readonly label: string }[] = [
  { cidr: '0.0.0.0/8', label: '"this network"' },
  { cidr: '169.254.0.0/16', label: 'IPv4 link-local' },
  { cidr: '169.254.169.254/32', label: 'cloud metadata (AWS, GCP, Azure, OpenStack, Oracle)' },
  { cidr: '169.254.170.2/32', label: 'cloud metadata (AWS ECS task)' },
  { cidr: '100.100.100.200/32', label: 'cloud metadata (Alibaba)' },
  { cidr: '224.0.0.0/4', label: 'IPv4 multicast' },
  { cidr: '240.0.0.0/4', label: 'IPv4 reserved' },
  { cidr: '255.255.255.255/32', label: 'IPv4 broadcast' },
  { cidr: '::/128', label: 'IPv6 unspecified' },
  { cidr: 'fe80::/10', label: 'IPv6 link-local' },
  { cidr: 'ff00::/8', label: 'IPv6 multicast' },
  { cidr: 'fd00:ec2::254/128', label: 'cloud metadata (AWS IPv6)' },
];

/** Names refused before any lookup (they resolve to metadata addresses only inside a cloud). */
export const BLOCKED_HOSTNAMES: readonly string[] = ['metadata.google.internal'];

/** Nest injection token for the gateway's `NetworkPolicy`. */
export const BACKEND_NETWORK_POLICY = Symbol('BACKEND_NETWORK_POLICY');

export interface NetworkPolicy {
  readonly allowedNetworks: readonly NetworkRange[];
  /** Built-in ranges first, then the configured ones. */
  readonly blockedNetworks: readonly NetworkRange[];
  readonly blockedHostnames: ReadonlySet<string>;
  /** Whether allowedNetworks came from configuration (for messages). */
  readonly allowedNetworksConfigured: boolean;
}

/** The policy when neither setting is given. */
export const DEFAULT_BACKEND_NETWORK_POLICY: NetworkPolicy = {
  allowedNetworks: defaultRanges(DEFAULT_ALLOWED_NETWORKS),
  blockedNetworks: builtInBlockedRanges(),
  blockedHostnames: new Set(BLOCKED_HOSTNAMES),
  allowedNetworksConfigured: false,
};

export type NetworkPolicyParse =
  { readonly ok: true; readonly policy: NetworkPolicy } | { readonly ok: false; readonly problems: string[] };

/** Reads the two settings; blank or unset means the default. */
export function parseBackendNetworkPolicy(
  environment: Readonly<Record<string, string | undefined>>,
): NetworkPolicyParse {
  const problems: string[] = [];
  const allowedText = environment[BACKEND_ALLOWED_NETWORKS_ENV]?.trim() ?? '';
  const configuredAllowed = parseNetworkList(BACKEND_ALLOWED_NETWORKS_ENV, allowedText, problems);
  const configuredBlocked = parseNetworkList(
    BACKEND_BLOCKED_NETWORKS_ENV,
    environment[BACKEND_BLOCKED_NETWORKS_ENV] ?? '',
    problems,
  );
  if (allowedText !== '' && configuredAllowed.length === 0 && problems.length === 0) {
    problems.push(`${BACKEND_ALLOWED_NETWORKS_ENV}: lists no network; leave it unset for the default`);
  }
  if (problems.length > 0) {
    return { ok: false, problems };
  }
  const allowedNetworksConfigured = allowedText !== '';
  return {
    ok: true,
    policy: {
      ...DEFAULT_BACKEND_NETWORK_POLICY,
      ...(allowedNetworksConfigured ? { allowedNetworks: configuredAllowed, allowedNetworksConfigured } : {}),
      blockedNetworks: [...DEFAULT_BACKEND_NETWORK_POLICY.blockedNetworks, ...configuredBlocked],
    },
  };
}

function parseNetworkList(setting: string, text: string, problems: string[]): NetworkRange[] {
  const ranges: NetworkRange[] = [];
  for (const entry of text.split(/[\s,]+/).filter((part) => part !== '')) {
    const range = NetworkRange.parse(entry, `listed in ${setting}`);
    if (range === undefined) {
      problems.push(
        `${setting}: ${JSON.stringify(entry.slice(0, 60))} is not a network (e.g. 10.0.0.0/8 or fd00::/8)`,
      );
    } else {
      ranges.push(range);
    }
  }
  return ranges;
}

function builtInBlockedRanges(): NetworkRange[] {
  return BUILT_IN_BLOCKED_NETWORKS.map(({ cidr, label }) => definedRange(cidr, label));
}

function defaultRanges(cidrs: readonly string[]): NetworkRange[] {
  return cidrs.map((cidr) => definedRange(cidr, cidr));
}

function definedRange(cidr: string, label: string): NetworkRange {
  const range = NetworkRange.parse(cidr, label);
  if (range === undefined) {
    throw new Error(`Built-in network ${cidr} does not parse`);
  }
  return range;
}
