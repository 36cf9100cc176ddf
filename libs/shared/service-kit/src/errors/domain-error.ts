// Errors raised by domain code. A domain error says what went wrong in the domain's terms
// (a kind and a stable code); the transport decides how to present it (REST maps the kind
// to an HTTP status once, in the problem-details filter). Domain code never throws HTTP
// exceptions.

/** The few kinds of failure every transport must be able to express. */
export type DomainErrorKind =
  | 'invalid-input'
  | 'unauthenticated'
  | 'forbidden'
  | 'not-found'
  /** Existed, and no longer does nor will again (an expired sign-in PIN): HTTP 410. */
  | 'gone'
  | 'conflict'
  | 'quota-exceeded'
  /** The caller already holds as many of something as it may at once (open sessions): HTTP 429. */
  | 'limit-reached'
  | 'unavailable'
  | 'upstream-failed'
  | 'timeout';

export class DomainError extends Error {
  /**
   * @param kind how the failure is classified, for transports
   * @param code a stable, dotted identifier such as `appkey.expired`, for clients and logs
   * @param message a sentence for people; it must not contain secrets
   * @param details extra machine-readable fields, returned to clients as-is
   */
  constructor(
    readonly kind: DomainErrorKind,
    readonly code: string,
    message: string,
    readonly details: Readonly<Record<string, unknown>> = {},
  ) {
    super(message);
    this.name = 'DomainError';
  }
}
