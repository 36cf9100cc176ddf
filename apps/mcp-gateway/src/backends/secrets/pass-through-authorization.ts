// Pass-through auth (spec 4.1): when a backend allows it, the caller's `X-Target-Auth` header
// becomes the `Authorization` sent to that backend, replacing the static secret. The caller's own
// gateway credential (AppKey, OAuth token, SSO proof) is never forwarded: transports strip the
// gateway's auth headers before proxying, and this function refuses an X-Target-Auth that carries it.
import { APP_KEY_SCAN_PATTERN } from '@platform/appkey';
import type { BackendServerDefinition } from '../backend-server';
import { headerValueProblem } from './http-field-syntax';

export const PASS_THROUGH_HEADER = 'X-Target-Auth';

export type PassThroughDecision =
  /** Use the backend's static secret (pass-through not allowed, or no X-Target-Auth sent). */
  | { readonly kind: 'static' }
  /** Send this as `Authorization` and no static secret in any shape. */
  | { readonly kind: 'pass-through'; readonly authorization: string }
  /** Refuse the request (HTTP 400 / JSON-RPC invalid params); the message never quotes the value. */
  | { readonly kind: 'invalid'; readonly message: string };

export interface PassThroughOptions {
  /** The credentials this caller authenticated to the gateway with; an X-Target-Auth containing one is refused. */
  readonly callerCredentials?: readonly string[];
}

/** Not global, unlike the scan pattern, so `test` keeps no state between calls. */
const APP_KEY_SHAPE = new RegExp(APP_KEY_SCAN_PATTERN.source, 'i');

/**
 * `headerValue` is `request.headers['x-target-auth']`. The value is forwarded as it is, after
 * trimming: the caller sends the whole Authorization value, scheme included (`Bearer abc`).
 */
export function passThroughAuthorization(
  headerValue: string | readonly string[] | undefined,
  server: Pick<BackendServerDefinition, 'id' | 'allowPassThroughAuth'>,
  options: PassThroughOptions = {},
): PassThroughDecision {
  if (!server.allowPassThroughAuth) return { kind: 'static' };
  const values = typeof headerValue === 'string' ? [headerValue] : (headerValue ?? []);
  if (values.length > 1) return invalid(`${PASS_THROUGH_HEADER} was sent more than once`);
  const value = values[0]?.trim() ?? '';
  if (value === '') return { kind: 'static' };
  const problem = headerValueProblem(value);
  if (problem !== undefined) return invalid(`${PASS_THROUGH_HEADER} ${problem}`);
  const carriesCallerCredential = (options.callerCredentials ?? []).some(
    (credential) => credential.length > 0 && value.includes(credential),
  );
  if (carriesCallerCredential || APP_KEY_SHAPE.test(value)) {
    return invalid(
      `${PASS_THROUGH_HEADER} carries a gateway credential, which is never forwarded to backend '${server.id}'`,
    );
  }
  return { kind: 'pass-through', authorization: value };
}

function invalid(message: string): PassThroughDecision {
  return { kind: 'invalid', message };
}
