// What the network guard answers, for a whole backend URL or for one address at connect time.

export const BACKEND_URL_DENIAL_REASONS = [
  'unsupported-protocol',
  'blocked-hostname',
  'unresolvable',
  'not-an-ip-address',
  'outside-allowed-networks',
  'blocked-network',
] as const;

export type BackendUrlDenialReason = (typeof BACKEND_URL_DENIAL_REASONS)[number];

export interface BackendUrlDenial {
  readonly allowed: false;
  readonly reason: BackendUrlDenialReason;
  /** For operators: names the host, the address and the range or setting that denied it. */
  readonly message: string;
}

/** An address in the shape `dns.lookup` reports it, ready for pinning the connection. */
export interface ResolvedAddress {
  readonly address: string;
  readonly family: 4 | 6;
}

export type BackendAddressDecision =
  { readonly allowed: true; readonly address: ResolvedAddress } | BackendUrlDenial;

export type BackendUrlDecision =
  { readonly allowed: true; readonly addresses: readonly ResolvedAddress[] } | BackendUrlDenial;
