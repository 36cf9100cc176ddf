// Runs turns in sessions for every channel (chat and MCP): one at a time per session, audited
// before anything is typed, with taps for what was typed and how the output settled.
import { Inject, Injectable } from '@nestjs/common';
import {
  describeKey,
  type PaneState,
  runTurn,
  type SessionMonitor,
  type SettleTimings,
  TmuxClient,
  type TurnInput,
  type TurnResult,
  typeText,
} from '@platform/tmux';
import type { InjectionChannel } from '../audit/injection-audit.entity';
import { InjectionAuditService } from '../audit/injection-audit.service';
import type { Caller } from '../auth/api-key.verifier';
import { BridgeErrors } from '../errors/bridge-errors';
import { TapsService } from '../taps/taps.service';
import { assertInputSize } from './input-size';
import { SessionLocks, type SessionTicket } from './session-locks';
import { SessionMonitors } from './session-monitors.service';
import { withTmuxErrors } from './tmux-error.translator';
import { TURN_SETTINGS } from './tmux.tokens';

export interface TurnSettings {
  readonly timings: SettleTimings;
  readonly enterDelayMs: number;
  /** Largest text typed at once (UTF-8 bytes). */
  readonly maxInputBytes: number;
  /** Requests that may wait for a busy session; more are refused (429). */
  readonly maxQueuedPerSession: number;
}

/**
 * A place in a session's queue, taken when a request is accepted (before a stream starts, so a
 * full queue can still be a 429). Whoever takes one must run a turn with it or cancel it.
 */
export interface TurnPlace {
  readonly sessionName: string;
  readonly ticket: SessionTicket;
}

export interface TurnContext {
  readonly caller: Caller;
  readonly channel: InjectionChannel;
  readonly requestId?: string;
  /** Aborted when the client leaves: stops waiting and following (the program keeps running). */
  readonly signal?: AbortSignal;
  /**
   * A streamed reply follows the program until it is back at its prompt; a whole reply may end
   * at a pause (the rule: settle-timer.ts in @platform/tmux, decision 018).
   */
  readonly stream?: boolean;
  readonly onText?: (piece: string) => void;
}

/** What a decision about keys sees: the active pane and its visible screen. */
export interface ScreenView {
  readonly pane: PaneState;
  readonly lines: readonly string[];
}

@Injectable()
export class TerminalTurns {
  private readonly locks = new SessionLocks();

  constructor(
    private readonly tmux: TmuxClient,
    private readonly monitors: SessionMonitors,
    private readonly audit: InjectionAuditService,
    private readonly taps: TapsService,
    @Inject(TURN_SETTINGS) private readonly settings: TurnSettings,
  ) {}

  /** Refuses text larger than TERM_BRIDGE_MAX_INPUT_BYTES with the 400 domain error. */
  assertInputSize(text: string): void {
    assertInputSize(text, this.settings.maxInputBytes);
  }

  /**
   * Takes a place in the session's queue now, or refuses with the 429 domain error when
   * TERM_BRIDGE_MAX_QUEUED_PER_SESSION requests already wait there.
   */
  reserve(sessionName: string): TurnPlace {
    const ticket = this.locks.enqueue(sessionName, this.settings.maxQueuedPerSession);
    if (ticket === undefined) {
      this.taps.record('error', sessionName, { code: 'session_queue_full' });
      throw BridgeErrors.sessionQueueFull(sessionName, this.settings.maxQueuedPerSession);
    }
    const ahead = this.locks.queued(sessionName);
    // Another turn holds the session: this one waits its turn (diagnostics show the queue).
    if (ahead > 0) this.taps.record('session', sessionName, { event: 'queued', ahead });
    return { sessionName, ticket };
  }

  /** Types the input and follows the output until it settles, in a place taken now or earlier. */
  async run(target: TurnPlace | string, input: TurnInput, context: TurnContext): Promise<TurnResult> {
    const place = this.placeFor(target, () => {
      if (input.kind === 'text') this.assertInputSize(input.text);
    });
    return this.locked(place, context, (monitor) => this.typeAndFollow(monitor, input, context));
  }

  /**
   * Looks at the screen and, if `decide` returns keys, presses them, all under the session's
   * lock so no other turn changes the screen in between. `undefined` when nothing was pressed.
   */
  async runIf(
    target: TurnPlace | string,
    decide: (view: ScreenView) => TurnInput | undefined,
    context: TurnContext,
  ): Promise<TurnResult | undefined> {
    return this.locked(this.placeFor(target), context, async (monitor) => {
      const pane = await monitor.activePane();
      const screen = await monitor.screen(pane);
      await screen.flush();
      const input = decide({ pane, lines: screen.visibleLines() });
      return input === undefined ? undefined : this.typeAndFollow(monitor, input, context);
    });
  }

  /** Types text without pressing Enter and without following the output (MCP `send_text` with `enter: false`). */
  async typeOnly(sessionName: string, text: string, context: TurnContext): Promise<void> {
    const place = this.placeFor(sessionName, () => this.assertInputSize(text));
    return this.locked(place, context, async (monitor) => {
      await this.recordInjection(monitor.sessionName, { kind: 'text', text }, context);
      const pane = await monitor.activePane();
      await typeText(monitor.keyboard(this.tmux), pane.paneId, text, (step) =>
        this.taps.record('input', sessionName, {
          step,
          channel: context.channel,
          bytes: Buffer.byteLength(text),
        }),
      );
    });
  }

  /** The place to run in: checks first (a failed check gives a reserved place back), then reserves if needed. */
  private placeFor(target: TurnPlace | string, check: () => void = () => undefined): TurnPlace {
    try {
      check();
    } catch (error) {
      if (typeof target !== 'string') target.ticket.cancel();
      throw error;
    }
    return typeof target === 'string' ? this.reserve(target) : target;
  }

  private async locked<T>(
    place: TurnPlace,
    context: TurnContext,
    work: (monitor: SessionMonitor) => Promise<T>,
  ): Promise<T> {
    const { sessionName } = place;
    const release = await place.ticket.wait(context.signal);
    try {
      return await withTmuxErrors(async () => work(await this.monitors.get(sessionName)), sessionName);
    } catch (error) {
      const { code, message } = error as { code?: unknown; message?: unknown };
      this.taps.record('error', sessionName, {
        code: typeof code === 'string' ? code : 'internal',
        message: String(message),
      });
      throw error;
    } finally {
      release();
    }
  }

  private async typeAndFollow(
    monitor: SessionMonitor,
    input: TurnInput,
    context: TurnContext,
  ): Promise<TurnResult> {
    const sessionName = monitor.sessionName;
    // The audit row is written while the turn is set up, and must be written before anything is typed.
    const audited = this.recordInjection(sessionName, input, context);
    audited.catch(() => undefined);
    const typed = auditedText(input);
    const result = await runTurn(
      { monitor, keyboard: monitor.keyboard(this.tmux) },
      {
        input,
        beforeInput: async () => void (await audited),
        timings: this.settings.timings,
        ending: context.stream === true ? 'prompt' : 'quiet',
        enterDelayMs: this.settings.enterDelayMs,
        ...(context.signal === undefined ? {} : { signal: context.signal }),
        ...(context.onText === undefined ? {} : { onText: context.onText }),
        onInputStep: (step) =>
          this.taps.record('input', sessionName, {
            step,
            channel: context.channel,
            bytes: Buffer.byteLength(typed),
          }),
      },
    );
    this.taps.record('settle', sessionName, {
      reason: result.outcome.reason,
      elapsedMs: result.outcome.elapsedMs,
      firstChangeMs: result.outcome.firstChangeMs ?? null,
      mode: result.mode,
      ending: context.stream === true ? 'prompt' : 'quiet',
      outputChars: result.text.length,
      commandBefore: result.commandBefore,
      commandAfter: result.commandAfter ?? null,
    });
    return result;
  }

  /** Writes the audit row (before typing). */
  private async recordInjection(sessionName: string, input: TurnInput, context: TurnContext): Promise<void> {
    await this.audit.record({
      keyId: context.caller.keyId,
      channel: context.channel,
      sessionName,
      kind: input.kind,
      input: auditedText(input),
      ...(context.requestId === undefined ? {} : { requestId: context.requestId }),
    });
  }
}

/** The input as the audit records it: the text, or the key names separated by spaces. */
function auditedText(input: TurnInput): string {
  return input.kind === 'text' ? input.text : input.keys.map(describeKey).join(' ');
}
