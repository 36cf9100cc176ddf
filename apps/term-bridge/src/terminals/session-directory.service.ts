// The sessions the bridge can see and manage: listing (the model list), creation with validated
// or deterministic names, and killing by exact name.
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
import { NEW_SESSION_COMMAND } from './tmux.tokens';

/** Attempts at taking the lowest free `term-<n>` when another request takes it first. */
const NAME_ATTEMPTS = 5;

/** How long a new session may take to draw its first screen before the first input is typed. */
const FIRST_SCREEN_WAIT_MS = 2_000;
const FIRST_SCREEN_POLL_MS = 20;

@Injectable()
export class SessionDirectory {
  constructor(
    private readonly tmux: TmuxClient,
    private readonly monitors: SessionMonitors,
    private readonly taps: TapsService,
    @Inject(NEW_SESSION_COMMAND) private readonly newSessionCommand: string | undefined,
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

  /** Creates a session named `name`, or the lowest free `term-<n>` when no name is given. */
  async create(name?: string): Promise<string> {
    if (name !== undefined) {
      this.checkName(name);
      await withTmuxErrors(() => this.createNamed(name), name);
      return name;
    }
    for (let attempt = 1; ; attempt += 1) {
      const candidate = lowestFreeName((await this.list()).map((session) => session.name));
      try {
        await withTmuxErrors(() => this.createNamed(candidate), candidate);
        return candidate;
      } catch (error) {
        const taken = error instanceof DomainError && error.code === BridgeErrorCode.SessionExists;
        if (!taken || attempt >= NAME_ATTEMPTS) throw error;
      }
    }
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
      await this.firstScreen(name);
    } catch (error) {
      if (error instanceof TmuxSessionExistsError)
        this.taps.record('error', name, { code: 'session_exists' });
      throw error;
    }
  }
}
