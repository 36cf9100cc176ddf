// Decides when a turn's output has settled, from events only (no polling): a quiet period after
// the last change, a wait for the first change, a hard cap, and an early finish when the program
// is back at a prompt. Timers start when the input is complete (after Enter), because the echo of
// typed text is not output.

export type SettleReason = 'prompt' | 'quiet' | 'no-output' | 'max-time' | 'ended' | 'cancelled';

export interface SettleTimings {
  /** Settled after this long without a change (the spec's quiescence; default 800 ms). */
  readonly quietMs: number;
  /** Settled when nothing changes this long after the input (default 3 s). */
  readonly firstOutputMs: number;
  /** The hard cap for one turn. */
  readonly maxMs: number;
}

export interface SettleOutcome {
  readonly reason: SettleReason;
  /** From the end of the input to the settle. */
  readonly elapsedMs: number;
  /** From the end of the input to the first change, when there was one. */
  readonly firstChangeMs?: number;
}

/** A prompt matched by its shape (not exactly the starting one) must stay unchanged this long. */
export const PROMPT_PATTERN_GRACE_MS = 100;

export class SettleTimer {
  readonly settled: Promise<SettleOutcome>;
  private resolveSettled!: (outcome: SettleOutcome) => void;
  private startedAt: number | undefined;
  private firstChangeAt: number | undefined;
  private done = false;
  private quietTimer: NodeJS.Timeout | undefined;
  private firstOutputTimer: NodeJS.Timeout | undefined;
  private maxTimer: NodeJS.Timeout | undefined;
  private promptTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly timings: SettleTimings,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.settled = new Promise((resolve) => (this.resolveSettled = resolve));
  }

  get isSettled(): boolean {
    return this.done;
  }

  /** The input is complete: from now on changes count and the clocks run. */
  start(): void {
    if (this.done || this.startedAt !== undefined) return;
    this.startedAt = this.now();
    this.firstOutputTimer = setTimeout(() => this.finish('no-output'), this.timings.firstOutputMs);
    this.maxTimer = setTimeout(() => this.finish('max-time'), this.timings.maxMs);
  }

  /** The visible output changed. */
  change(): void {
    if (this.done || this.startedAt === undefined) return;
    this.firstChangeAt ??= this.now();
    clearTimeout(this.firstOutputTimer);
    clearTimeout(this.promptTimer);
    this.promptTimer = undefined;
    clearTimeout(this.quietTimer);
    this.quietTimer = setTimeout(() => this.finish('quiet'), this.timings.quietMs);
  }

  /** The program waits for input: `exact` (the starting prompt is back) finishes at once. */
  prompt(match: 'exact' | 'pattern'): void {
    if (this.done || this.startedAt === undefined) return;
    if (match === 'exact') {
      this.finish('prompt');
      return;
    }
    if (this.promptTimer !== undefined) return;
    const grace = Math.min(this.timings.quietMs, PROMPT_PATTERN_GRACE_MS);
    this.promptTimer = setTimeout(() => this.finish('prompt'), grace);
  }

  /** The pane or session went away, or the client left. */
  end(reason: 'ended' | 'cancelled'): void {
    this.finish(reason);
  }

  private finish(reason: SettleReason): void {
    if (this.done) return;
    this.done = true;
    for (const timer of [this.quietTimer, this.firstOutputTimer, this.maxTimer, this.promptTimer])
      clearTimeout(timer);
    const startedAt = this.startedAt ?? this.now();
    const outcome: SettleOutcome = {
      reason,
      elapsedMs: Math.round(this.now() - startedAt),
      ...(this.firstChangeAt === undefined
        ? {}
        : { firstChangeMs: Math.round(this.firstChangeAt - startedAt) }),
    };
    this.resolveSettled(outcome);
  }
}
