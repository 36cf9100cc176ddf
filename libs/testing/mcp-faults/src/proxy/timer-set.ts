// The proxy's pending delays, so that closing or refusing can cancel all of them at once.

export class TimerSet {
  private readonly timers = new Set<NodeJS.Timeout>();

  /** Resolves after `ms`; never resolves if the set is cleared first (its exchange is gone). */
  wait(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        resolve();
      }, ms);
      this.timers.add(timer);
    });
  }

  clear(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }
}
