// Hands one forwarded request to its backend's link. A Streamable HTTP backend that no longer
// knows the gateway's session (it restarted, or expired the session) refuses the request; the
// session is then renewed (one handshake, shared by every request that hit the same dead session)
// and the request sent once more. A second refusal ends the request, so a backend that keeps
// refusing cannot make the gateway loop. A send that fails because of the message itself ends
// only that request; only a failure of the link ends the link.
import type { UpstreamLink } from '../connections/backend-connection';

export type DeliveryOutcome =
  /** On a link that is still current: the answer will come through the proxy core's interceptor. */
  | { readonly kind: 'delivered' }
  /** The request ended meanwhile (answered, cancelled or timed out): nothing left to do. */
  | { readonly kind: 'ended' }
  /** No link could be had: the backend cannot be reached or started (-32001). */
  | { readonly kind: 'unreachable'; readonly error: unknown }
  /** The link failed or closed under the request (-32020). */
  | { readonly kind: 'link-lost'; readonly reason: string }
  /** The message itself could not be sent, or the backend refused it; the link stays (-32603). */
  | { readonly kind: 'refused'; readonly error: unknown }
  /** The backend refused the renewed session too. */
  | { readonly kind: 'session-refused'; readonly error: unknown };

export interface DeliveryAttempt {
  /** The backend's current link (connecting first if needed). */
  connect(): Promise<UpstreamLink>;
  send(link: UpstreamLink): Promise<void>;
  /** False once the request ended (answered, cancelled, timed out). */
  isPending(): boolean;
  /** The request now travels on `link` (where a cancellation must go). */
  onLink(link: UpstreamLink): void;
  /** Called synchronously once the message is on a current link: from now on a dropped link ends it. */
  onDelivered(): void;
}

export async function deliverUpstream(attempt: DeliveryAttempt): Promise<DeliveryOutcome> {
  let link: UpstreamLink;
  try {
    link = await attempt.connect();
  } catch (error) {
    return { kind: 'unreachable', error };
  }
  for (let renewed = false; ; renewed = true) {
    // The request may have been cancelled or timed out while the backend was starting.
    if (!attempt.isPending()) return { kind: 'ended' };
    attempt.onLink(link);
    let failure: { readonly error: unknown } | undefined;
    try {
      await attempt.send(link);
    } catch (error) {
      failure = { error };
    }
    if (!attempt.isPending()) return { kind: 'ended' };
    if (failure === undefined) {
      if (!link.isCurrent()) {
        // Handed to a connection that closed meanwhile: its answer can no longer arrive.
        return { kind: 'link-lost', reason: 'the backend connection closed while the request was sent' };
      }
      attempt.onDelivered();
      return { kind: 'delivered' };
    }
    if (!link.lostSession(failure.error)) {
      if (!link.isCurrent()) {
        // The link closed under the send: whatever the error says, that is why it failed.
        return { kind: 'link-lost', reason: describeError(failure.error) };
      }
      // One caller's message that cannot be sent must not end the link every caller shares.
      if (link.refusedMessage(failure.error)) return { kind: 'refused', error: failure.error };
      link.reportFailure(failure.error);
      return { kind: 'link-lost', reason: describeError(failure.error) };
    }
    if (renewed) return { kind: 'session-refused', error: failure.error };
    try {
      link = await link.renewSession();
    } catch (error) {
      return { kind: 'unreachable', error };
    }
  }
}

export function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  return error.cause instanceof Error ? `${error.message}: ${error.cause.message}` : error.message;
}
