// The sessions the bridge can see and manage: listing (the model list), creation with validated
// or deterministic names under a cap on how many may exist, and killing by exact name. Creation is
// serialised inside the bridge, so concurrent requests neither overshoot the cap nor race each
// other for a name; a name taken by someone outside the bridge meanwhile is skipped. A created
// session is returned once its program is ready for input, so the first message is not typed
// before the shell has drawn its prompt.
import { Inject, Injectable } from '@nestjs/common';
import {
  describeSessionNameProblem,
  lowestFreeName,
  sessionNameProblem,
  TmuxClient,
  type SessionStartOptions,
  TmuxSessionExistsError,
  type TmuxSessionInfo,
  waitForSessionStart,
} from '@platform/tmux';
import { DomainError } from '@platform/service-kit';
import { BridgeErrorCode, BridgeErrors } from '../errors/bridge-errors';
import { TapsService } from '../taps/taps.service';
import { SessionMonitors } from './session-monitors.service';
import { withTmuxErrors } from './tmux-error.translator';
import { SESSION_SETTINGS } from './tmux.tokens';

export interface SessionSettings {
  /** TERM_BRIDGE_DEFAULT_COMMAND: the program of new sessions; unset means tmux's default shell. */
  readonly command?: string;
  /** TERM_BRIDGE_MAX_SESSIONS: sessions that may exist before creating another is refused. */
  readonly maxSessions: number;
  /** How long to wait for a new session's program to be ready (TERM_BRIDGE_SESSION_START_MS). */
  readonly start: SessionStartOptions;
}

/**
 * Attempts at taking the lowest free `term-<n>` when something outside the bridge takes it first
 * (requests inside the bridge never race: creation is serialised).
 */
const NAME_ATTEMPTS = 100;

@Injectable()
export class SessionDirectory {
  /** The creation in progress: each waits for the previous one. */
  private creating: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly tmux: TmuxClient,
    private readonly monitors: SessionMonitors,
    private readonly taps: TapsService,
    @Inject(SESSION_SETTINGS) private readonly settings: SessionSettings,
  ) {}

  list(): Promise<TmuxSessionInfo[]> {
    return withTmuxErrors(() => this.tmux.listSessions());
  }

  /**
   * Whether a session exists. An attached session exists (its control client would have ended
   * with it), which spares a `tmux list-sessions` per message.
   */
  async exists(name: string): Promise<boolean> {
    if (sessionNameProblem(name) !== undefined) return false;
    return this.monitors.isAttached(name) || (await this.find(name)) !== undefined;
  }

  async find(name: string): Promise<TmuxSessionInfo | undefined> {
    if (sessionNameProblem(name) !== undefined) return undefined;
    return (await this.list()).find((session) => session.name === name);
  }

  /** Validates a client-chosen name; throws the 400 domain error. */
  checkName(name: string): void {
    const problem = sessionNameProblem(name);
    if (problem !== undefined)
      throw BridgeErrors.invalidSessionName(describeSessionNameProblem(name, problem));
  }

  /**
   * Creates a session named `name`, or the lowest free `term-<n>` when no name is given; refuses
   * with the 429 domain error when TERM_BRIDGE_MAX_SESSIONS sessions exist. Resolves once the
   * session's program is ready for input (or TERM_BRIDGE_SESSION_START_MS has passed).
   */
  async create(name?: string): Promise<string> {
    if (name !== undefined) this.checkName(name);
    const created = await this.oneAtATime(() => this.createWithinCap(name));
    await this.untilReady(created);
    return created;
  }

  private async createWithinCap(name: string | undefined): Promise<string> {
    const skipped = new Set<string>();
    for (let attempt = 1; ; attempt += 1) {
      const existing = (await this.list()).map((session) => session.name);
      if (existing.length >= this.settings.maxSessions) {
        this.taps.record('error', name ?? null, { code: 'session_limit_reached', sessions: existing.length });
        throw BridgeErrors.sessionLimitReached(existing.length, this.settings.maxSessions);
      }
      const candidate = name ?? lowestFreeName([...existing, ...skipped]);
      try {
        await withTmuxErrors(() => this.createNamed(candidate), candidate);
        return candidate;
      } catch (error) {
        const taken = error instanceof DomainError && error.code === BridgeErrorCode.SessionExists;
        if (!taken || name !== undefined || attempt >= NAME_ATTEMPTS) throw error;
        skipped.add(candidate);
      }
    }
  }

  /** Runs creations one after another; a failed one does not stop the next. */
  private oneAtATime<T>(work: () => Promise<T>): Promise<T> {
    const result = this.creating.then(work, work);
    this.creating = result.catch(() => undefined);
    return result;
  }

  async kill(name: string): Promise<void> {
    this.checkName(name);
    await this.monitors.release(name);
    await withTmuxErrors(() => this.tmux.killSession(name), name);
    this.taps.record('session', name, { event: 'killed' });
  }

  /**
   * Waits until the new session's program is ready for input, through the control client its
   * turns will use (attached now rather than at the first turn). The rule is in
   * `session-start.ts` of @platform/tmux; how long it took and why it ended is a tap.
   */
  private async untilReady(name: string): Promise<void> {
    const outcome = await withTmuxErrors(
      async () => waitForSessionStart(await this.monitors.get(name), this.settings.start),
      name,
    );
    this.taps.record('session', name, {
      event: 'ready',
      reason: outcome.reason,
      elapsedMs: outcome.elapsedMs,
    });
    if (outcome.reason === 'ended') throw BridgeErrors.sessionEndedAtStart(name);
  }

  private async createNamed(name: string): Promise<void> {
    try {
      await this.tmux.createSession(
        name,
        this.settings.command === undefined ? {} : { command: this.settings.command },
      );
      this.taps.record('session', name, { event: 'created' });
    } catch (error) {
      if (error instanceof TmuxSessionExistsError)
        this.taps.record('error', name, { code: 'session_exists' });
      throw error;
    }
  }
}
