// One tmux control-mode client attached to one session over pipes: event-driven pane output
// (about a millisecond after the pane writes, no polling) and a command channel whose answers
// are matched to requests in order. It only ever runs `attach-session -t =<name>`: a bare
// `tmux -C` would create a new session.
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { exactSessionTarget } from '../naming/session-name';
import {
  TmuxClientClosedError,
  TmuxCommandError,
  TmuxSessionNotFoundError,
  TmuxUnavailableError,
} from '../tmux/tmux-errors';
import { isNotFound } from '../tmux/tmux-runner';
import { tmuxProcessOptions } from '../tmux/tmux-process';
import { serverArguments, type TmuxServerOptions } from '../tmux/tmux-server';
import type { CommandBlock, ControlEvent, ControlNotification } from './control-events';
import { ControlLineParser } from './control-line-parser';

export interface ControlClientOptions {
  readonly server: TmuxServerOptions;
  readonly sessionName: string;
  /** How long to wait for the attach handshake and for each command's answer. */
  readonly timeoutMs?: number;
}

interface PendingCommand {
  /**
   * The commands' names (`send-keys ; display-message`): what errors and logs say. Never the
   * whole line, which holds the text being typed (a password typed at a prompt, say).
   */
  readonly names: string;
  readonly expectedBlocks: number;
  readonly blocks: CommandBlock[];
  readonly resolve: (result: CommandResult) => void;
  readonly reject: (error: Error) => void;
  readonly timer: NodeJS.Timeout;
}

export interface CommandResult {
  /** One entry per command sent on the line, in order. */
  readonly outputs: readonly (readonly string[])[];
  /** The client's block counter after the last block: notifications seen later carry a larger one. */
  readonly sequence: number;
}

export type NotificationListener = (notification: ControlNotification, sequence: number) => void;

const DEFAULT_TIMEOUT_MS = 5000;
const CLOSE_GRACE_MS = 1000;

/**
 * The argument vector of the control client: always an attach to one exact session. `-E`: tmux
 * does not copy the client's `update-environment` variables into the session, so attaching
 * leaves the environment of a user's session as it was.
 */
export function controlClientArguments(server: TmuxServerOptions, sessionName: string): string[] {
  return [
    ...serverArguments(server),
    '-C',
    'attach-session',
    '-E',
    '-r',
    '-f',
    'ignore-size',
    '-t',
    exactSessionTarget(sessionName),
  ];
}

export class ControlClient {
  private readonly parser = new ControlLineParser();
  private readonly pending: PendingCommand[] = [];
  private readonly listeners = new Set<NotificationListener>();
  private blockSequence = 0;
  private closedError: Error | undefined;
  private readonly exited: Promise<void>;

  private constructor(
    private readonly child: ChildProcessWithoutNullStreams,
    readonly sessionName: string,
    readonly sessionId: string,
    private readonly timeoutMs: number,
  ) {
    this.exited = new Promise((resolve) => child.once('close', () => resolve()));
  }

  /** Attaches to `=sessionName`; resolves once tmux has confirmed the session (handshake done). */
  static attach(options: ControlClientOptions): Promise<ControlClient> {
    const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const child = spawn(options.server.binary, controlClientArguments(options.server, options.sessionName), {
      ...tmuxProcessOptions(),
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    return new Promise<ControlClient>((resolve, reject) => {
      const parser = new ControlLineParser();
      let handshakeDone = false;
      let failure: string | undefined;
      const buffered: ControlEvent[] = [];
      const fail = (error: Error): void => {
        clearTimeout(timer);
        child.stdout.off('data', onData);
        child.kill('SIGKILL');
        reject(error);
      };
      const timer = setTimeout(
        () => fail(new Error(`tmux did not confirm the attach within ${timeoutMs} ms`)),
        timeoutMs,
      );
      const onData = (chunk: Buffer): void => {
        for (const event of parser.push(chunk)) {
          if (!handshakeDone && event.type === 'block') {
            handshakeDone = true;
            if (!event.ok) failure = event.lines.join(' ');
          } else if (handshakeDone && event.type === 'session-changed' && failure === undefined) {
            clearTimeout(timer);
            child.stdout.off('data', onData);
            const client = new ControlClient(child, options.sessionName, event.sessionId, timeoutMs);
            client.adopt(parser, buffered);
            resolve(client);
            return;
          } else buffered.push(event);
        }
      };
      child.stdout.on('data', onData);
      child.stdin.on('error', () => undefined);
      child.once('error', (error: NodeJS.ErrnoException) =>
        fail(isNotFound(error) ? new TmuxUnavailableError(options.server.binary) : error),
      );
      child.once('close', () => {
        clearTimeout(timer);
        reject(
          failure !== undefined && /can't find session|no server running|error connecting/i.test(failure)
            ? new TmuxSessionNotFoundError(options.sessionName)
            : new TmuxClientClosedError(options.sessionName),
        );
      });
    });
  }

  get isClosed(): boolean {
    return this.closedError !== undefined;
  }

  /** Receives every notification in stream order (pane output included). Returns an unsubscribe. */
  onNotification(listener: NotificationListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Runs one tmux command (fixed text with ids only; never user input). */
  async command(command: string): Promise<string[]> {
    const result = await this.commands([command]);
    return [...(result.outputs[0] ?? [])];
  }

  /**
   * Runs several commands on one line; tmux executes them back to back, so no pane output is
   * processed between them, and answers each with its own block.
   */
  commands(commands: readonly string[]): Promise<CommandResult> {
    if (commands.some((command) => /[\r\n]/.test(command))) {
      return Promise.reject(new TypeError('control-mode commands must be single lines'));
    }
    if (this.closedError !== undefined) return Promise.reject(this.closedError);
    const line = commands.join(' ; ');
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => this.abandon(entry), this.timeoutMs);
      const entry: PendingCommand = {
        names: commands.map((command) => command.trimStart().split(' ', 1)[0]).join(' ; '),
        expectedBlocks: commands.length,
        blocks: [],
        resolve,
        reject,
        timer,
      };
      this.pending.push(entry);
      this.child.stdin.write(`${line}\n`);
    });
  }

  /** Detaches: closing stdin makes tmux send `%exit` and end the client; killed if it lingers. */
  async close(): Promise<void> {
    if (this.child.exitCode === null && this.child.signalCode === null) {
      this.child.stdin.end();
      const grace = setTimeout(() => this.child.kill('SIGTERM'), CLOSE_GRACE_MS);
      await this.exited;
      clearTimeout(grace);
    }
    this.shutDown(new TmuxClientClosedError(this.sessionName));
  }

  /** Resolves when the client has ended, for whatever reason. */
  whenClosed(): Promise<void> {
    return this.exited;
  }

  private adopt(parser: ControlLineParser, earlier: ControlEvent[]): void {
    for (const event of earlier) this.dispatch(event);
    this.child.stdout.on('data', (chunk: Buffer) => {
      for (const event of parser.push(chunk)) this.dispatch(event);
    });
    this.child.once('close', () => this.shutDown(new TmuxClientClosedError(this.sessionName)));
  }

  private dispatch(event: ControlEvent): void {
    if (event.type === 'block') {
      this.blockSequence += 1;
      this.settleBlock(event);
      return;
    }
    // A client switched to another session (detach-on-destroy off) would stream the wrong panes.
    if (event.type === 'session-changed' && event.sessionId !== this.sessionId) {
      void this.close();
    }
    for (const listener of this.listeners) listener(event, this.blockSequence);
  }

  private settleBlock(block: CommandBlock): void {
    const entry = this.pending[0];
    if (entry === undefined) return;
    entry.blocks.push(block);
    if (entry.blocks.length < entry.expectedBlocks) return;
    this.pending.shift();
    clearTimeout(entry.timer);
    const failed = entry.blocks.find((candidate) => !candidate.ok);
    if (failed !== undefined) entry.reject(new TmuxCommandError(entry.names, failed.lines.join('\n'), 1));
    else
      entry.resolve({
        outputs: entry.blocks.map((candidate) => candidate.lines),
        sequence: this.blockSequence,
      });
  }

  private abandon(entry: PendingCommand): void {
    // tmux answers in order; a lost answer would shift every later one, so the client is unusable.
    entry.reject(new Error(`tmux did not answer "${entry.names}" within ${this.timeoutMs} ms`));
    void this.close();
  }

  private shutDown(error: Error): void {
    if (this.closedError !== undefined) return;
    this.closedError = error;
    for (const entry of this.pending.splice(0)) {
      clearTimeout(entry.timer);
      entry.reject(error);
    }
    for (const listener of this.listeners) listener({ type: 'exit', reason: 'closed' }, this.blockSequence);
    this.listeners.clear();
  }
}
