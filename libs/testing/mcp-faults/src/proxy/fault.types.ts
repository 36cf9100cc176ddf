// The faults a FaultProxy can inject, what they match, and the statistics it keeps.
// README.md describes, per transport, where each fault acts and what a client sees.

/**
 * Which traffic a fault applies to. Every given condition must hold; an absent or empty match
 * applies to all traffic.
 */
export interface FaultMatch {
  /**
   * JSON-RPC method(s). A client's request or notification matches by its own method, a
   * backend's response by the method of the request it answers, a backend's request or
   * notification (progress, logging, sampling) by its own method.
   */
  readonly method?: string | readonly string[];
  /** Tool name(s): matches `tools/call` requests with this `params.name`, and their responses. */
  readonly tool?: string | readonly string[];
  /**
   * HTTP method of the exchange the fault acts on: the client's request for `blackhole` and
   * `http-status`; the response that carries the message for the others (`GET` for a standalone
   * SSE stream, including the legacy transport's `/sse`, where every response arrives).
   */
  readonly httpMethod?: string;
}

interface ScopedFault {
  readonly match?: FaultMatch;
  /** How many times the fault applies before it retires; unlimited when absent. */
  readonly times?: number;
}

/** Holds each matching backend message (or notification acknowledgement) `ms` before relaying it. */
export interface DelayFault extends ScopedFault {
  readonly kind: 'delay';
  readonly ms: number;
}

/** Swallows a matching client request: never forwarded, never answered, the HTTP request left open. */
export interface BlackholeFault extends ScopedFault {
  readonly kind: 'blackhole';
}

/**
 * Forwards the matching request, then destroys the client connection that would carry the
 * answer (the JSON response, the POST's SSE stream, or the GET SSE stream) instead of relaying it.
 */
export interface DropConnectionFault extends ScopedFault {
  readonly kind: 'drop-connection';
}

/** Replaces the matching backend message's JSON with text that is not valid JSON, or not JSON-RPC. */
export interface MalformedFault extends ScopedFault {
  readonly kind: 'malformed';
  /** `invalid-json` (default): the first half of the original text. `not-json-rpc`: see README. */
  readonly variant?: MalformedVariant;
}

export type MalformedVariant = 'invalid-json' | 'not-json-rpc';

/** Answers a matching client request with this HTTP status, without forwarding it. */
export interface HttpStatusFault extends ScopedFault {
  readonly kind: 'http-status';
  readonly status: number;
  /** Response body; a small JSON object naming the injected status when absent. */
  readonly body?: string;
  readonly headers?: Readonly<Record<string, string>>;
}

/**
 * The backend is gone: the proxy stops listening (new connections are refused) and resets every
 * open connection. `FaultProxy.resume()` listens again on the same port.
 */
export interface RefuseFault {
  readonly kind: 'refuse';
}

export type Fault =
  DelayFault | BlackholeFault | DropConnectionFault | MalformedFault | HttpStatusFault | RefuseFault;

export type FaultKind = Fault['kind'];

/** Faults decided before a request is forwarded. */
export type RequestFault = BlackholeFault | HttpStatusFault;

/** Faults applied to what travels back to the client. */
export type AnswerFault = DelayFault | DropConnectionFault | MalformedFault;

/** Returned by `setFault`: removes that one fault. */
export interface FaultHandle {
  remove(): void;
}

/** One application of a fault, as recorded in the statistics. */
export interface AppliedFault {
  readonly kind: FaultKind;
  readonly httpMethod?: string;
  /** The JSON-RPC method the fault was applied for, when it concerned a message. */
  readonly method?: string;
  readonly tool?: string;
}

/** A snapshot: later traffic does not change it. */
export interface FaultProxyStats {
  /** HTTP requests the proxy accepted. */
  readonly httpRequests: number;
  /** Client requests and notifications seen in POST bodies, by JSON-RPC method. */
  readonly messagesByMethod: Readonly<Record<string, number>>;
  /** `tools/call` requests seen, by tool name. */
  readonly toolCallsByName: Readonly<Record<string, number>>;
  /** How many times each kind of fault was applied. */
  readonly faultsApplied: Readonly<Record<FaultKind, number>>;
  /** Every application, oldest first. */
  readonly appliedFaults: readonly AppliedFault[];
}

export interface FaultProxyOptions {
  /** The backend's origin, e.g. `http://127.0.0.1:3001`. Paths are forwarded unchanged. */
  readonly target: string;
  /** Port to listen on (127.0.0.1); a free one when absent. */
  readonly port?: number;
}
