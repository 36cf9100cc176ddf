// The proxy core's bookkeeping (spec 3.1 "Pending backend request", 4.1 "Request id
// handling"): every request sent to a backend gets a fresh 32-hex upstream id; the table maps
// it back to the client session and the client's original id, whose JSON type is restored
// exactly ("1" stays a string, 1 a number, null null). A client reusing an id that is still
// pending is refused; cancellation, timeouts and a dropped backend end entries at once.
import type { JsonRpcId } from '@platform/jsonrpc';
import { randomHex128 } from './random-hex';

export const DUPLICATE_REQUEST_ID_MESSAGE = 'Duplicate request ID detected';

export interface PendingRequest {
  readonly upstreamId: string;
  readonly sessionId: string;
  readonly originalId: JsonRpcId;
  readonly backendId: string;
  readonly method: string;
  readonly startedAt: number;
  /** Aborted when the request is cancelled, times out or its backend drops. */
  readonly signal: AbortSignal;
}

export type PendingEndReason = 'completed' | 'cancelled' | 'timed-out' | 'connection-closed';

export interface RegisterRequest {
  readonly sessionId: string;
  readonly originalId: JsonRpcId;
  readonly backendId: string;
  readonly method: string;
  readonly timeoutMs: number;
  /** Called once if no reply arrives in time; the entry is already gone. */
  readonly onTimeout: (request: PendingRequest) => void;
}

interface Entry {
  readonly request: PendingRequest;
  readonly controller: AbortController;
  readonly timer: NodeJS.Timeout;
}

export class PendingRequestTable {
  private readonly byUpstreamId = new Map<string, Entry>();
  /** `<session>\u0000<typed id>` → upstream id, for duplicate detection and cancellation. */
  private readonly byClientId = new Map<string, string>();

  constructor(
    private readonly newUpstreamId: () => string = randomHex128,
    private readonly now: () => number = Date.now,
  ) {}

  get size(): number {
    return this.byUpstreamId.size;
  }

  /** The new pending request, or `duplicate` when this session already waits on that id. */
  register(input: RegisterRequest): PendingRequest | 'duplicate' {
    const clientKey = keyOf(input.sessionId, input.originalId);
    if (this.byClientId.has(clientKey)) return 'duplicate';
    let upstreamId = this.newUpstreamId();
    while (this.byUpstreamId.has(upstreamId)) upstreamId = this.newUpstreamId();
    const controller = new AbortController();
    const request: PendingRequest = {
      upstreamId,
      sessionId: input.sessionId,
      originalId: input.originalId,
      backendId: input.backendId,
      method: input.method,
      startedAt: this.now(),
      signal: controller.signal,
    };
    const timer = setTimeout(() => {
      if (this.end(upstreamId, 'timed-out') !== undefined) input.onTimeout(request);
    }, input.timeoutMs);
    timer.unref();
    this.byUpstreamId.set(upstreamId, { request, controller, timer });
    this.byClientId.set(clientKey, upstreamId);
    return request;
  }

  /** A backend replied: the entry ends and tells whose it was and which id to restore. */
  complete(upstreamId: string): PendingRequest | undefined {
    return this.end(upstreamId, 'completed');
  }

  /** `notifications/cancelled` from the client: ends the entry named by the client's own id. */
  cancel(sessionId: string, originalId: JsonRpcId): PendingRequest | undefined {
    const upstreamId = this.byClientId.get(keyOf(sessionId, originalId));
    return upstreamId === undefined ? undefined : this.end(upstreamId, 'cancelled');
  }

  /**
   * A backend's connection dropped: every request waiting on it ends now, except those `spare`
   * keeps (requests not yet handed to the dropped connection, which their sender still owns).
   */
  failBackend(
    backendId: string,
    spare: (request: PendingRequest) => boolean = () => false,
  ): PendingRequest[] {
    return this.endWhere(
      (request) => request.backendId === backendId && !spare(request),
      'connection-closed',
    );
  }

  /** A client session ended: its requests are cancelled. */
  cancelSession(sessionId: string): PendingRequest[] {
    return this.endWhere((request) => request.sessionId === sessionId, 'cancelled');
  }

  private endWhere(
    predicate: (request: PendingRequest) => boolean,
    reason: PendingEndReason,
  ): PendingRequest[] {
    const ended: PendingRequest[] = [];
    for (const [upstreamId, entry] of [...this.byUpstreamId]) {
      if (predicate(entry.request)) {
        const request = this.end(upstreamId, reason);
        if (request !== undefined) ended.push(request);
      }
    }
    return ended;
  }

  private end(upstreamId: string, reason: PendingEndReason): PendingRequest | undefined {
    const entry = this.byUpstreamId.get(upstreamId);
    if (entry === undefined) return undefined;
    clearTimeout(entry.timer);
    this.byUpstreamId.delete(upstreamId);
    this.byClientId.delete(keyOf(entry.request.sessionId, entry.request.originalId));
    if (reason !== 'completed') entry.controller.abort(reason);
    return entry.request;
  }
}

/** Ids of different JSON types never collide: "1" and 1 are two requests. */
function keyOf(sessionId: string, id: JsonRpcId): string {
  return `${sessionId}\u0000${id === null ? 'null' : `${typeof id}:${String(id)}`}`;
}
