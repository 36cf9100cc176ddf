// The sessions the bridge can see and manage: listing (the model list), creation with validated
// or deterministic names under a cap on how many may exist, and killing by exact name. Creation is
// serialised inside the bridge, so concurrent requests neither overshoot the cap nor race each
// other for a name; a name taken by someone outside the bridge meanwhile is skipped.
import { Inject, Injectable } from '@nestjs/common';
import {
  describeSessionNameProblem,
  lowestFreeName,
  sessionNameProblem,
  TmuxClient,
  TmuxSessionExistsError,
  type TmuxSessionInfo,
} from '@platform/tmux';
import { DomainError } from '@platform/service-kit';
import { BridgeErrorCode, BridgeErrors } from '../errors/bridge-errors';
import { TapsService } from '../taps/taps.service';
import { SessionMonitors } from './session-monitors.service';
import { withTmuxErrors } from './tmux-error.translator';
import { MAX_SESSIONS, NEW_SESSION_COMMAND } from './tmux.tokens';

/**
 * Attempts at taking the lowest free `term-<n>` when something outside the bridge takes it first
 * (requests inside the bridge never race: creation is serialised).
 */
const NAME_ATTEMPTS = 100;

/** How long a new session may take to draw its first screen before the first input is typed. */
const FIRST_SCREEN_WAIT_MS = 2_000;
const FIRST_SCREEN_POLL_MS = 20;

@Injectable()
export class SessionDirectory {
  /** The creation in progress: each waits for the previous one. */
  private creating: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly tmux: TmuxClient,
    private readonly monitors: SessionMonitors,
    private readonly taps: TapsService,
    @Inject(NEW_SESSION_COMMAND) private readonly newSessionCommand: string | undefined,
    @Inject(MAX_SESSIONS) private readonly maxSessions: number,
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
   * with the 429 domain error when TERM_BRIDGE_MAX_SESSIONS sessions exist.
   */
  async create(name?: string): Promise<string> {
    if (name !== undefined) this.checkName(name);
    const created = await this.oneAtATime(() => this.createWithinCap(name));
    await this.firstScreen(created);
    return created;
  }

  private async createWithinCap(name: string | undefined): Promise<string> {
    const skipped = new Set<string>();
    for (let attempt = 1; ; attempt += 1) {
      const existing = (await this.list()).map((session) => session.name);
      if (existing.length >= this.maxSessions) {
        this.taps.record('error', name ?? null, { code: 'session_limit_reached', sessions: existing.length });
        throw BridgeErrors.sessionLimitReached(existing.length, this.maxSessions);
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
   * Waits (briefly) until the new pane shows something, normally the shell's prompt: input typed
   * before the prompt is drawn is echoed on a line the first turn cannot tell from output. A
   * program that draws nothing at start costs at most FIRST_SCREEN_WAIT_MS.
   */
  private async firstScreen(name: string): Promise<void> {
    const deadline = Date.now() + FIRST_SCREEN_WAIT_MS;
    while (Date.now() < deadline) {
      if ((await this.tmux.capturePane(name, 5)).length > 0) return;
      await new Promise((resolve) => setTimeout(resolve, FIRST_SCREEN_POLL_MS));
    }
  }

  private async createNamed(name: string): Promise<void> {
    try {
      await this.tmux.createSession(
        name,
        this.newSessionCommand === undefined ? {} : { command: this.newSessionCommand },
      );
      this.taps.record('session', name, { event: 'created' });
    } catch (error) {
      if (error instanceof TmuxSessionExistsError)
        this.taps.record('error', name, { code: 'session_exists' });
      throw error;
    }
  }
}
