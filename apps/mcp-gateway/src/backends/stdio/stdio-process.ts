// One spawned stdio backend process: its stdout as lines, its stderr into a log, writes with
// backpressure, and the end of the run (stdin EOF, grace period, SIGKILL of the whole group).
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { setTimeout as delay } from 'node:timers/promises';
import { LineSplitter } from './line-splitter';
import { signalProcessGroup, waitForProcessGroupExit } from './process-group';
import { maskLogLine } from './secret-masking';
import { stdioInvalidLine, stdioNotRunning, stdioStdinClosed } from './stdio-child.errors';
import type { StdioExit } from './stdio-child.types';
import type { StdioCommand } from './stdio-policy.types';

export interface StdioProcessSettings {
  readonly serverId: string;
  readonly graceMs: number;
  readonly maxLineBytes: number;
  readonly stderrMaxLineBytes: number;
  readonly secret: string | undefined;
  readonly onLine: (line: string) => void;
  readonly onStderrLine: (maskedLine: string) => void;
}

export type StdioSpawnOutcome =
  | { readonly ok: true; readonly process: StdioProcess }
  | { readonly ok: false; readonly code: string; readonly message: string };

/** Spawns without a shell, as the leader of a new process group; resolves once spawned or failed. */
export async function spawnStdioProcess(
  command: StdioCommand,
  environment: Record<string, string>,
  cwd: string | undefined,
  settings: StdioProcessSettings,
): Promise<StdioSpawnOutcome> {
  let child: ChildProcessWithoutNullStreams;
  try {
    child = spawn(command.executable, [...command.args], {
      shell: false,
      detached: true,
      env: environment,
      cwd,
      windowsHide: true,
    });
  } catch (error) {
    return {
      ok: false,
      code: (error as NodeJS.ErrnoException).code ?? 'ERR_SPAWN',
      message: (error as Error).message,
    };
  }
  const pid = child.pid;
  if (pid === undefined) {
    const error = await new Promise<NodeJS.ErrnoException>((resolve) => child.once('error', resolve));
    child.stdin.destroy();
    child.stdout.destroy();
    child.stderr.destroy();
    return { ok: false, code: error.code ?? 'ERR_SPAWN', message: error.message };
  }
  return { ok: true, process: new StdioProcess(child, pid, settings) };
}

export class StdioProcess {
  /** Resolves (never rejects) once the run is over: every stdout line delivered, the group killed. */
  readonly exited: Promise<StdioExit>;
  private stopRequested = false;
  private lineTooLong = false;
  private exitSeen = false;
  private drain?: Promise<void>;
  private stopping?: Promise<StdioExit>;

  constructor(
    private readonly child: ChildProcessWithoutNullStreams,
    readonly pid: number,
    private readonly settings: StdioProcessSettings,
  ) {
    const stdoutLines = new LineSplitter(settings.maxLineBytes, 'fail', (line) => settings.onLine(line.text));
    const stderrLines = new LineSplitter(settings.stderrMaxLineBytes, 'truncate', (line) =>
      settings.onStderrLine(maskLogLine(line.text, settings.secret, line.truncated)),
    );
    child.stdout.on('data', (chunk: Buffer) => {
      if (!stdoutLines.push(chunk)) this.breakProtocol();
    });
    child.stdout.on('end', () => stdoutLines.end());
    child.stderr.on('data', (chunk: Buffer) => stderrLines.push(chunk));
    child.stderr.on('end', () => stderrLines.end());
    // EPIPE after the child stopped reading: pending and later sends fail through 'close'.
    child.stdin.on('error', (error) => settings.onStderrLine(`[gateway] stdin: ${error.message}`));
    child.on('error', (error) => settings.onStderrLine(`[gateway] ${error.message}`));
    const streamsClosed = Promise.all([closed(child.stdout), closed(child.stderr)]);
    this.exited = new Promise((resolve) => {
      child.once('exit', (code, signal) => resolve(this.finish(code, signal, streamsClosed)));
    });
  }

  get acceptsInput(): boolean {
    return !this.stopRequested && !this.exitSeen && this.child.stdin.writable;
  }

  /** Writes one message line; resolves once the pipe accepted it (waits for 'drain' when full). */
  async send(line: string): Promise<void> {
    if (/[\r\n]/.test(line)) throw stdioInvalidLine(this.settings.serverId);
    if (!this.acceptsInput) throw stdioNotRunning(this.settings.serverId);
    if (this.child.stdin.write(`${line}\n`)) return;
    this.drain ??= new Promise<void>((resolve, reject) => {
      const stdin = this.child.stdin;
      const settle = (error?: Error): void => {
        stdin.off('drain', onDrain);
        stdin.off('close', onClose);
        this.drain = undefined;
        if (error === undefined) resolve();
        else reject(error);
      };
      const onDrain = (): void => settle();
      const onClose = (): void => settle(stdioStdinClosed(this.settings.serverId));
      stdin.on('drain', onDrain);
      stdin.on('close', onClose);
    });
    return this.drain;
  }

  /** Closes stdin (EOF), waits the grace period, then kills the whole process group. */
  stop(): Promise<StdioExit> {
    this.stopping ??= this.terminate();
    return this.stopping;
  }

  private async terminate(): Promise<StdioExit> {
    this.stopRequested = true;
    const stdin = this.child.stdin;
    if (!stdin.destroyed && !stdin.writableEnded) stdin.end();
    if (!(await settlesWithin(this.exited, this.settings.graceMs))) this.killGroup();
    return this.exited;
  }

  private breakProtocol(): void {
    this.lineTooLong = true;
    this.settings.onStderrLine(
      `[gateway] stdout line longer than ${this.settings.maxLineBytes} bytes: process killed`,
    );
    this.child.stdout.destroy();
    this.killGroup();
  }

  private killGroup(): void {
    const outcome = signalProcessGroup(this.pid, 'SIGKILL');
    if (outcome === 'not-permitted') {
      this.settings.onStderrLine('[gateway] not permitted to kill the process group');
    }
    // A leader that moved to a group of its own (setsid) is still our child until it is reaped.
    if (!this.exitSeen) this.child.kill('SIGKILL');
  }

  private async finish(
    code: number | null,
    signal: NodeJS.Signals | null,
    streamsClosed: Promise<unknown>,
  ): Promise<StdioExit> {
    this.exitSeen = true;
    // Whatever the leader left behind in its group is an orphan now.
    this.killGroup();
    if (!(await settlesWithin(streamsClosed, this.settings.graceMs))) {
      // A process that left the group still holds the pipes: stop waiting for it.
      this.child.stdout.destroy();
      this.child.stderr.destroy();
    }
    const processGroupCleared = await waitForProcessGroupExit(this.pid, this.settings.graceMs);
    const reason = this.lineTooLong ? 'line-too-long' : this.stopRequested ? 'stopped' : 'exited';
    return { code, signal, reason, processGroupCleared };
  }
}

function closed(stream: NodeJS.EventEmitter): Promise<void> {
  return new Promise((resolve) => stream.once('close', () => resolve()));
}

async function settlesWithin(promise: Promise<unknown>, timeoutMs: number): Promise<boolean> {
  const timer = new AbortController();
  const timedOut = delay(timeoutMs, false, { signal: timer.signal }).catch(() => false);
  try {
    return await Promise.race([promise.then(() => true), timedOut]);
  } finally {
    timer.abort();
  }
}
