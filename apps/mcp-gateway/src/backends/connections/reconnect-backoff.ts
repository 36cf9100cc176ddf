// Reconnect delays: the spec's 5 s first, then doubling up to a cap, forever (the reference
// implementation gave up after two tries, leaving a server down until someone noticed).

export interface BackoffOptions {
  readonly baseMs: number;
  readonly maxMs: number;
}

export const DEFAULT_BACKOFF: BackoffOptions = { baseMs: 5_000, maxMs: 300_000 };

/** Delay before attempt number `attempt` (1 = the first retry). */
export function reconnectDelay(attempt: number, options: BackoffOptions = DEFAULT_BACKOFF): number {
  const exponent = Math.min(Math.max(attempt, 1) - 1, 30);
  return Math.min(options.baseMs * 2 ** exponent, options.maxMs);
}
