// The hook through which a service adds its own fields to `/health` (for example the terminal
// bridge's tmux availability): provide HEALTH_DETAILS in any module. The kit's fields come last,
// so a service can add to the report but never change what `status` means.

/** Injection token of a service's HealthDetailsSource. */
export const HEALTH_DETAILS = Symbol('HEALTH_DETAILS');

export interface HealthDetailsSource {
  /** Extra fields for the body of `/health`; must be quick and must not contain secrets. */
  healthDetails(): Promise<Record<string, unknown>> | Record<string, unknown>;
}
