// Public API of backend egress: how the gateway reaches network backends.
export { BackendHttpClient } from './backend-http.client';
export { BackendAddressError } from './backend-address.error';
export { BackendRedirectError } from './backend-redirect.error';
