// One turn at a time per session: requests for the same session wait in arrival order, so
// keystrokes of two chats never interleave. A waiter whose client leaves gives up its place.

export class SessionLocks {
  private readonly tails = new Map<string, Promise<void>>();
  private readonly waiting = new Map<string, number>();

  /** Resolves with the release function once every earlier holder has released. */
  async acquire(session: string, signal?: AbortSignal): Promise<() => void> {
    signal?.throwIfAborted();
    const previous = this.tails.get(session) ?? Promise.resolve();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const tail = previous.then(() => held);
    this.tails.set(session, tail);
    this.waiting.set(session, (this.waiting.get(session) ?? 0) + 1);
    const done = (): void => {
      release();
      if (this.tails.get(session) === tail) this.tails.delete(session);
    };
    try {
      await untilAborted(previous, signal);
    } catch (error) {
      done();
      throw error;
    } finally {
      const left = (this.waiting.get(session) ?? 1) - 1;
      if (left === 0) this.waiting.delete(session);
      else this.waiting.set(session, left);
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      done();
    };
  }

  /** Requests waiting for the session (not counting the holder). */
  queued(session: string): number {
    return this.waiting.get(session) ?? 0;
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
