// The one rule for when a turn ends (decision 018), from events only: the turn feeds in what it
// sees (visible changes, prompts, the shell coming back) and this class decides.
//
// | what happened (timers run from the Enter)                  | whole reply (`quiet`) | streamed reply (`prompt`)     |
// |------------------------------------------------------------|-----------------------|-------------------------------|
// | the starting prompt is back at the cursor; OSC 133 `D`      | ends                  | ends                          |
// | at a pause, the shell is back in the foreground and has     | (ended by the pause)  | ends                          |
// |   drawn something at the cursor (its prompt)               |                       |                               |
// | a prompt-like cursor row, or the window renamed back to a   | ends after 100 ms     | ends after 100 ms             |
// |   shell (automatic-rename), unchanged for the grace period  |                       |                               |
// | no visible change for quietMs after output (quiescence)     | ends (`quiet`)        | asks whether the shell is back|
// | no visible change at all for firstOutputMs                  | ends (`no-output`)    | asks whether the shell is back|
// | maxMs since the Enter                                       | ends (`max-time`)     | no limit of its own           |
// | the session ended; the client left (or its stream stopped)  | ends                  | ends                          |
//
// A streamed reply thus follows a command through its pauses until the shell's prompt returns;
// the stream itself ends it after TERM_BRIDGE_STREAM_IDLE_MS without output (spec 8: 30 s) by
// aborting the turn. Quiescence alone ends only whole replies, which cannot show output as it
// comes. Changes before the Enter (the echo of typed text) never count.

export type SettleReason = 'prompt' | 'quiet' | 'no-output' | 'max-time' | 'ended' | 'cancelled';

/** `quiet`: the turn may end at a pause (whole replies); `prompt`: only when the program is back at its prompt (streams). */
export type TurnEnding = 'quiet' | 'prompt';

export interface SettleTimings {
  /** Settled after this long without a change (the spec's quiescence; default 800 ms). */
  readonly quietMs: number;
  /** Settled when nothing changes this long after the input (default 3 s). */
  readonly firstOutputMs: number;
  /** The hard cap for one whole reply. */
  readonly maxMs: number;
}

export interface SettleOutcome {
  readonly reason: SettleReason;
  /** From the end of the input to the settle. */
  readonly elapsedMs: number;
  /** From the end of the input to the first change, when there was one. */
  readonly firstChangeMs?: number;
}

export interface SettleOptions {
  readonly ending: TurnEnding;
  /**
   * With the `prompt` ending, called at each pause (quiescence, or no output at all) so the turn
   * can check whether the shell is back (`shellReturned`) without anyone polling.
   */
  readonly onPause?: () => void;
  readonly now?: () => number;
}

/** A prompt matched by its shape (not exactly the starting one) must stay unchanged this long. */
export const PROMPT_PATTERN_GRACE_MS = 100;

export class SettleTimer {
  readonly settled: Promise<SettleOutcome>;
  private resolveSettled!: (outcome: SettleOutcome) => void;
  private readonly now: () => number;
  private startedAt: number | undefined;
  private firstChangeAt: number | undefined;
  private done = false;
  private quietTimer: NodeJS.Timeout | undefined;
  private firstOutputTimer: NodeJS.Timeout | undefined;
  private maxTimer: NodeJS.Timeout | undefined;
  private promptTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly timings: SettleTimings,
    private readonly options: SettleOptions = { ending: 'quiet' },
  ) {
    this.now = options.now ?? (() => performance.now());
    this.settled = new Promise((resolve) => (this.resolveSettled = resolve));
  }

  get isSettled(): boolean {
    return this.done;
  }

  /** The input is complete: from now on changes count and the clocks run. */
  start(): void {
    if (this.done || this.startedAt !== undefined) return;
    this.startedAt = this.now();
    this.firstOutputTimer = setTimeout(() => this.paused('no-output'), this.timings.firstOutputMs);
    if (this.options.ending === 'quiet') {
      this.maxTimer = setTimeout(() => this.finish('max-time'), this.timings.maxMs);
    }
  }

  /** The visible output changed. */
  change(): void {
    if (this.done || this.startedAt === undefined) return;
    this.firstChangeAt ??= this.now();
    clearTimeout(this.firstOutputTimer);
    clearTimeout(this.promptTimer);
    this.promptTimer = undefined;
    clearTimeout(this.quietTimer);
    this.quietTimer = setTimeout(() => this.paused('quiet'), this.timings.quietMs);
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

  /** The shell is the pane's foreground program again and has drawn its prompt: the command is over. */
  shellReturned(): void {
    if (this.done || this.startedAt === undefined) return;
    this.finish('prompt');
  }

  /** The pane or session went away, or the client left. */
  end(reason: 'ended' | 'cancelled'): void {
    this.finish(reason);
  }

  private paused(reason: 'quiet' | 'no-output'): void {
    if (this.options.ending === 'quiet') this.finish(reason);
    else this.options.onPause?.();
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
