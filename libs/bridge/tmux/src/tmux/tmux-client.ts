// One-shot tmux commands, each a child process with an argument vector: listing, creating and
// killing sessions, reading panes, and typing. Every session is addressed as `=name` (exact
// match) and every pane by its id, so no prefix or pattern matching can retarget a command.
import { randomBytes } from 'node:crypto';
import type { KeySpec } from '../keys/key-names';
import { exactPaneTarget, exactSessionTarget, isValidSessionName } from '../naming/session-name';
import { hasControlCharacter } from './control-characters';
import { PANE_STATE_FORMAT, parsePaneState, type PaneState } from './pane-state';
import {
  isMissingTargetMessage,
  TmuxCommandError,
  TmuxSessionExistsError,
  TmuxSessionNotFoundError,
} from './tmux-errors';
import type { TmuxResult, TmuxRunner } from './tmux-runner';

export interface TmuxSessionInfo {
  readonly id: string;
  readonly name: string;
  /** Unix time in seconds. */
  readonly created: number;
  readonly windows: number;
  readonly attachedClients: number;
}

export interface CreateSessionOptions {
  /** Shell command line for the session's first pane (operator configuration, never user text). */
  readonly command?: string;
  readonly width?: number;
  readonly height?: number;
}

const SESSION_FORMAT =
  '#{session_id}\t#{session_created}\t#{session_windows}\t#{session_attached}\t#{session_name}';
const PANE_ID = /^%\d+$/;

export class TmuxClient {
  constructor(private readonly runner: TmuxRunner) {}

  /** `tmux -V`, e.g. `tmux 3.3a`. */
  async version(): Promise<string> {
    const result = await this.runner.run(['-V'], { timeoutMs: 3000 });
    if (result.exitCode !== 0) throw new TmuxCommandError('-V', result.stderr, result.exitCode);
    return result.stdout.trim();
  }

  /** Sessions whose names the bridge accepts; others (e.g. `my session`) are left out, never addressed. */
  async listSessions(): Promise<TmuxSessionInfo[]> {
    const result = await this.runner.run(['list-sessions', '-F', SESSION_FORMAT]);
    if (result.exitCode !== 0) {
      if (isMissingTargetMessage(result.stderr)) return [];
      throw new TmuxCommandError('list-sessions', result.stderr, result.exitCode);
    }
    return result.stdout
      .split('\n')
      .map(parseSessionLine)
      .filter((session): session is TmuxSessionInfo => session !== undefined);
  }

  async sessionExists(name: string): Promise<boolean> {
    const result = await this.runner.run(['has-session', '-t', exactSessionTarget(name)]);
    return result.exitCode === 0;
  }

  async createSession(
    name: string,
    options: CreateSessionOptions = {},
  ): Promise<{ sessionId: string; paneId: string }> {
    // The name has passed the allow-list, so tmux's format expansion of `-s` finds nothing to expand.
    exactSessionTarget(name);
    // `-E`: nothing of this client's environment is copied into the session (update-environment);
    // it gets the server's global environment, as every session of that server does.
    const args = ['new-session', '-d', '-E', '-s', name, '-P', '-F', '#{session_id} #{pane_id}'];
    if (options.width !== undefined) args.push('-x', String(options.width));
    if (options.height !== undefined) args.push('-y', String(options.height));
    if (options.command !== undefined) args.push(options.command);
    const result = await this.runner.run(args);
    if (result.exitCode !== 0) {
      if (/duplicate session/i.test(result.stderr)) throw new TmuxSessionExistsError(name);
      throw new TmuxCommandError('new-session', result.stderr, result.exitCode);
    }
    const [sessionId = '', paneId = ''] = result.stdout.trim().split(' ');
    return { sessionId, paneId };
  }

  async killSession(name: string): Promise<void> {
    const result = await this.runner.run(['kill-session', '-t', exactSessionTarget(name)]);
    this.expectSuccess('kill-session', result, name);
  }

  /** The active pane of a session's current window. */
  async paneStateOf(name: string): Promise<PaneState> {
    const result = await this.runner.run([
      'display-message',
      '-p',
      '-t',
      exactPaneTarget(name),
      PANE_STATE_FORMAT,
    ]);
    this.expectSuccess('display-message', result, name);
    return parsePaneState(result.stdout.replace(/\n$/, ''));
  }

  /** The last `lines` lines of a session's active pane (history included), as tmux renders them. */
  async capturePane(name: string, lines: number): Promise<string[]> {
    const start = String(-Math.max(1, Math.floor(lines)));
    const result = await this.runner.run([
      'capture-pane',
      '-p',
      '-J',
      '-t',
      exactPaneTarget(name),
      '-S',
      start,
    ]);
    this.expectSuccess('capture-pane', result, name);
    const captured = result.stdout.replace(/\n$/, '').split('\n');
    while (captured.length > 0 && captured[captured.length - 1]?.trim() === '') captured.pop();
    return captured.slice(-lines);
  }

  /** Types text exactly: `-l` so words like `Enter` stay text, `--` so a leading `-` is not an option. */
  async sendLiteral(paneId: string, text: string): Promise<void> {
    if (hasControlCharacter(text) || text.endsWith(';')) {
      throw new TypeError('control characters and a trailing ";" must be pasted, not sent with send-keys');
    }
    const result = await this.runner.run(['send-keys', '-t', checkedPaneId(paneId), '-l', '--', text]);
    this.expectSuccess('send-keys', result, paneId);
  }

  /** Presses keys from the allow-list; literal characters go through the literal path. */
  async sendKeys(paneId: string, keys: readonly KeySpec[]): Promise<void> {
    for (const key of keys) {
      if (key.kind === 'literal') {
        if (key.text === ';') await this.paste(paneId, key.text);
        else await this.sendLiteral(paneId, key.text);
        continue;
      }
      const result = await this.runner.run(['send-keys', '-t', checkedPaneId(paneId), key.name]);
      this.expectSuccess('send-keys', result, paneId);
    }
  }

  /**
   * Pastes text through a private, single-use buffer. `-p` makes it a bracketed paste when the
   * program enabled bracketed paste, so multi-line text is inserted rather than run line by line.
   */
  async paste(paneId: string, text: string): Promise<void> {
    const buffer = `term-bridge-${randomBytes(6).toString('hex')}`;
    const loaded = await this.runner.run(['load-buffer', '-b', buffer, '-'], { input: text });
    this.expectSuccess('load-buffer', loaded, paneId);
    const pasted = await this.runner.run([
      'paste-buffer',
      '-d',
      '-p',
      '-b',
      buffer,
      '-t',
      checkedPaneId(paneId),
    ]);
    if (pasted.exitCode !== 0) await this.runner.run(['delete-buffer', '-b', buffer]);
    this.expectSuccess('paste-buffer', pasted, paneId);
  }

  private expectSuccess(command: string, result: TmuxResult, target: string): void {
    if (result.exitCode === 0) return;
    if (isMissingTargetMessage(result.stderr)) throw new TmuxSessionNotFoundError(target);
    throw new TmuxCommandError(command, result.stderr, result.exitCode);
  }
}

function checkedPaneId(paneId: string): string {
  if (!PANE_ID.test(paneId)) throw new TypeError('pane targets must be resolved pane ids (%N)');
  return paneId;
}

function parseSessionLine(line: string): TmuxSessionInfo | undefined {
  const [id, created, windows, attached, ...nameParts] = line.split('\t');
  const name = nameParts.join('\t');
  if (id === undefined || !/^\$\d+$/.test(id) || !isValidSessionName(name)) return undefined;
  return {
    id,
    name,
    created: Number(created) || 0,
    windows: Number(windows) || 0,
    attachedClients: Number(attached) || 0,
  };
}
