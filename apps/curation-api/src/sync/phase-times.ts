// How long each phase of one sync took, for its log line (and so the benchmark can say where a
// sync's time goes). Only logged, never decided on, so it reads the system's monotonic time.
export class PhaseTimes {
  private readonly times: [phase: string, milliseconds: number][] = [];

  async time<T>(phase: string, work: () => Promise<T>): Promise<T> {
    const started = performance.now();
    try {
      return await work();
    } finally {
      this.times.push([phase, performance.now() - started]);
    }
  }

  timeSync<T>(phase: string, work: () => T): T {
    const started = performance.now();
    try {
      return work();
    } finally {
      this.times.push([phase, performance.now() - started]);
    }
  }

  /** `fetch 12.3 s, build 1.2 s, …` */
  toString(): string {
    return this.times
      .map(([phase, milliseconds]) => `${phase} ${(milliseconds / 1000).toFixed(1)} s`)
      .join(', ');
  }
}
