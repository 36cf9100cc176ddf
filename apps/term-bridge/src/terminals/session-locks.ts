// One turn at a time per session: requests for the same session wait in arrival order, so
// keystrokes of two chats never interleave. A place in the queue is taken at once (when the
// request is accepted, before a stream starts) and only while fewer than the cap wait; a waiter
// whose client leaves gives up its place.

/** A place in a session's queue. */
export interface SessionTicket {
  /**
   * Resolves with the release function once every earlier holder has released; rejects (and
   * gives up the place) if `signal` aborts first.
   */
  wait(signal?: AbortSignal): Promise<() => void>;
  /** Gives up the place without waiting. Harmless after release. */
  cancel(): void;
}

export class SessionLocks {
  private readonly tails = new Map<string, Promise<void>>();
  /** Tickets per session not yet released: the holder and everyone waiting. */
  private readonly entries = new Map<string, number>();

  /**
   * Takes the next place in the session's queue, or returns `undefined` when `maxWaiting`
   * requests already wait behind the holder.
   */
  enqueue(session: string, maxWaiting: number): SessionTicket | undefined {
    const entries = this.entries.get(session) ?? 0;
    if (entries > maxWaiting) return undefined;
    this.entries.set(session, entries + 1);
    const previous = this.tails.get(session) ?? Promise.resolve();
    let resolveHeld!: () => void;
    const held = new Promise<void>((resolve) => (resolveHeld = resolve));
    const tail = previous.then(() => held);
    this.tails.set(session, tail);
    let done = false;
    const leave = (): void => {
      if (done) return;
      done = true;
      resolveHeld();
      if (this.tails.get(session) === tail) this.tails.delete(session);
      const left = (this.entries.get(session) ?? 1) - 1;
      if (left === 0) this.entries.delete(session);
      else this.entries.set(session, left);
    };
    return {
      wait: async (signal) => {
        try {
          signal?.throwIfAborted();
          await untilAborted(previous, signal);
        } catch (error) {
          leave();
          throw error;
        }
        return leave;
      },
      cancel: leave,
    };
  }

  /** Requests waiting for the session (not counting the holder). */
  queued(session: string): number {
    return Math.max(0, (this.entries.get(session) ?? 0) - 1);
  }

  isBusy(session: string): boolean {
    return this.tails.has(session);
  }
}

function untilAborted(promise: Promise<void>, signal: AbortSignal | undefined): Promise<void> {
  if (signal === undefined) return promise;
  return new Promise((resolve, reject) => {
    const onAbort = (): void => reject(signal.reason ?? new Error('aborted'));
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      () => {
        signal.removeEventListener('abort', onAbort);
        resolve();
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}
