// Public API of backend server validation: the record validator and the network (SSRF) guard.
export { validateServerInput } from './server-input.validator';
export type { ServerInputOptions, ServerInputValidation } from './server-input.types';
export { SERVER_INPUT_FIELD_NAMES } from './server-input-fields';
export { RESERVED_SERVER_IDS, isReservedServerId } from './reserved-server-ids.constants';
export { DEFAULT_MAX_REQUEST_TIMEOUT_SECONDS, DEFAULT_REQUEST_TIMEOUT_SECONDS } from './scalar-field.readers';
export {
  BACKEND_ALLOWED_NETWORKS_ENV,
  BACKEND_NETWORK_POLICY,
  BACKEND_BLOCKED_NETWORKS_ENV,
  BLOCKED_HOSTNAMES,
  BUILT_IN_BLOCKED_NETWORKS,
  DEFAULT_ALLOWED_NETWORKS,
  DEFAULT_BACKEND_NETWORK_POLICY,
  parseBackendNetworkPolicy,
} from './backend-network.policy';
export type { NetworkPolicy, NetworkPolicyParse } from './backend-network.policy';
export { checkBackendHost, checkBackendUrl, resolveAllAddresses } from './backend-url.check';
export type { BackendHostResolver } from './backend-url.check';
export { checkResolvedAddress } from './backend-address.check';
export { BACKEND_URL_DENIAL_REASONS } from './backend-url.decision';
export type {
  BackendAddressDecision,
  BackendUrlDecision,
  BackendUrlDenial,
  BackendUrlDenialReason,
  ResolvedAddress,
} from './backend-url.decision';
export type { NetworkRange } from './network-range';
