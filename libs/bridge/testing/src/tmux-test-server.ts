// A private tmux server for one test file: its own `-L` socket (never the user's default
// server), a predictable shell, helpers to read panes and to record exactly which bytes a
// program received, and teardown with `kill-server`.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A shell without rc files or history, so prompts and output are the same on every machine. */
export const TEST_SHELL_COMMAND = 'exec env HISTFILE=/dev/null bash --norc --noprofile';

export class TmuxTestServer {
  /** Structurally a `TmuxServerOptions` of `@platform/tmux` (not imported: that library's tests use this one). */
  readonly server: { readonly binary: string; readonly socketName: string };
  /** A scratch directory for marker and recording files, removed with the server. */
  readonly directory: string;

  private constructor(readonly socketName: string) {
    this.server = { binary: 'tmux', socketName };
    this.directory = mkdtempSync(join(tmpdir(), 'tb-test-'));
  }

  /** `label` names the test file, to tell sockets apart when something is left behind. */
  static create(label: string): TmuxTestServer {
    return new TmuxTestServer(`tb-${label}-${process.pid}-${randomBytes(3).toString('hex')}`);
  }

  /** Runs tmux on this server and returns stdout; rejects with tmux's message on failure. */
  tmux(...args: string[]): Promise<string> {
    return new Promise((resolve, reject) => {
      const environment = { ...process.env };
      delete environment['TMUX'];
      execFile(
        'tmux',
        ['-L', this.socketName, '-f', '/dev/null', ...args],
        { env: environment },
        (error, stdout, stderr) => {
          if (error) reject(new Error(`tmux ${args[0]}: ${stderr.trim() || error.message}`));
          else resolve(stdout);
        },
      );
    });
  }

  /** A detached 80x24 session running the test shell (or `command`). */
  async newSession(name: string, command = TEST_SHELL_COMMAND): Promise<void> {
    await this.tmux('new-session', '-d', '-s', name, '-x', '80', '-y', '24', command);
  }

  /** The visible text of a session's active pane. */
  async screen(name: string): Promise<string> {
    return this.tmux('capture-pane', '-p', '-J', '-t', `=${name}:`);
  }

  /** Waits until the pane shows something (for test set-up, not for assertions on timing). */
  async waitForScreen(
    name: string,
    predicate: (screen: string) => boolean,
    timeoutMs = 10_000,
  ): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const screen = await this.screen(name).catch(() => '');
      if (predicate(screen)) return screen;
      if (Date.now() > deadline) throw new Error(`pane of ${name} never matched; it shows:\n${screen}`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  /**
   * A session whose program records every byte it receives into a file, unchanged (raw mode,
   * no echo): the proof of exactly what was typed. With `bracketedPaste`, the program asks for
   * bracketed paste like an interactive TUI does.
   */
  async newRecorderSession(
    name: string,
    options: { bracketedPaste?: boolean; screen?: readonly string[] } = {},
  ): Promise<Recorder> {
    const file = join(this.directory, `${name}.bytes`);
    const ready = join(this.directory, `${name}.ready`);
    const paste = options.bracketedPaste ? "printf '\\033[?2004h'; " : '';
    // Lines shown before recording, e.g. a permission prompt of an AI coding CLI.
    const screen =
      options.screen === undefined ? '' : `printf '%s\\n' ${options.screen.map(shellQuote).join(' ')}; `;
    await this.newSession(name, `${screen}stty raw -echo; ${paste}touch ${ready}; exec cat > ${file}`);
    const deadline = Date.now() + 10_000;
    while (!existsSync(ready)) {
      if (Date.now() > deadline) throw new Error(`recorder ${name} did not start`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return new Recorder(file);
  }

  /** A path in the scratch directory, for marker files that must never appear. */
  path(name: string): string {
    return join(this.directory, name);
  }

  /** Stops the server and removes its socket file (tmux leaves it behind) and the scratch directory. */
  async kill(): Promise<void> {
    await this.tmux('kill-server').catch(() => undefined);
    // tmux's socket directory: $TMUX_TMPDIR (or /tmp) / tmux-<uid>.
    const socketDirectory = join(process.env['TMUX_TMPDIR'] || '/tmp', `tmux-${process.getuid?.() ?? 0}`);
    rmSync(join(socketDirectory, this.socketName), { force: true });
    rmSync(this.directory, { recursive: true, force: true });
  }
}

function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

export class Recorder {
  constructor(readonly file: string) {}

  bytes(): Buffer {
    return existsSync(this.file) ? readFileSync(this.file) : Buffer.alloc(0);
  }

  /** Waits until at least `length` bytes have arrived (cat writes each read at once). */
  async waitForBytes(length: number, timeoutMs = 10_000): Promise<Buffer> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const bytes = this.bytes();
      if (bytes.length >= length) return bytes;
      if (Date.now() > deadline)
        throw new Error(
          `recorder got ${bytes.length} of ${length} bytes: ${JSON.stringify(bytes.toString())}`,
        );
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}
