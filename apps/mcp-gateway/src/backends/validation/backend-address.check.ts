// Decides whether one IP address may be connected to under a network policy. The URL check (backend-url.check.ts) uses
// it for every resolved address; transports call it again on the address they actually connect
// to, so a DNS answer that changes between check and connect (rebinding) is caught.
import type { NetworkPolicy } from './backend-network.policy';
import { BACKEND_ALLOWED_NETWORKS_ENV } from './backend-network.policy';
import type {
  BackendAddressDecision,
  BackendUrlDenial,
  BackendUrlDenialReason,
  ResolvedAddress,
} from './backend-url.decision';
import { readIpAddress } from './ip-address';
import type { IpAddress } from './ip-address';
import type { NetworkRange } from './network-range';

/**
 * Allowed when an allowed network contains the address and, for every blocked range containing
 * it, one of those allowed networks lies inside that blocked range: a more specific allow beats a
 * block, so `169.254.169.254/32` unblocks the metadata address but `0.0.0.0/0` unblocks nothing.
 */
export function checkResolvedAddress(address: string, policy: NetworkPolicy): BackendAddressDecision {
  const verdict = explainAddress(address, policy);
  return verdict.allowed ? verdict : deny(verdict.reason, `${verdict.subject} ${verdict.finding}`);
}

/** The denial split in two, so callers can say "name resolves to <subject>, which <finding>". */
export type AddressVerdict =
  | { readonly allowed: true; readonly address: ResolvedAddress }
  | {
      readonly allowed: false;
      readonly reason: BackendUrlDenialReason;
      readonly subject: string;
      readonly finding: string;
    };

export function explainAddress(address: string, policy: NetworkPolicy): AddressVerdict {
  const ip = readIpAddress(address);
  if (ip === undefined) {
    return {
      allowed: false,
      reason: 'not-an-ip-address',
      subject: JSON.stringify(address.slice(0, 60)),
      finding: 'is not an IP address',
    };
  }
  const written = ip.text === address.toLowerCase() ? ip.text : `${ip.text} (written ${address})`;
  let verdict = findingFor(ip, written, policy);
  // The IPv4 address a transition mechanism carries must be allowed too: it is where a translator
  // or relay sends the connection.
  for (const embedded of ip.embeddedIpv4 ?? []) {
    const subject = `${embedded.text} (embedded in ${ip.text} as ${embedded.mechanism})`;
    verdict ??= findingFor({ text: embedded.text, family: 'ipv4' }, subject, policy);
  }
  return verdict ?? { allowed: true, address: { address: ip.text, family: ip.family === 'ipv4' ? 4 : 6 } };
}

function findingFor(ip: IpAddress, subject: string, policy: NetworkPolicy): AddressVerdict | undefined {
  const allowing = policy.allowedNetworks.filter((network) => network.contains(ip));
  if (allowing.length === 0) {
    const where = policy.allowedNetworksConfigured ? BACKEND_ALLOWED_NETWORKS_ENV : 'the allowed networks';
    return { allowed: false, reason: 'outside-allowed-networks', subject, finding: `is outside ${where}` };
  }
  let blocking: NetworkRange | undefined;
  for (const blocked of policy.blockedNetworks) {
    const excepted = allowing.some((network) => network.isWithin(blocked));
    if (blocked.contains(ip) && !excepted && (blocking === undefined || blocked.prefix > blocking.prefix)) {
      blocking = blocked;
    }
  }
  if (blocking === undefined) {
    return undefined;
  }
  const finding = `is in a blocked network: ${blocking.label} (${blocking.cidr})`;
  return { allowed: false, reason: 'blocked-network', subject, finding };
}

function deny(reason: BackendUrlDenialReason, message: string): BackendUrlDenial {
  return { allowed: false, reason, message };
}
