// Runs one tmux command as a child process with an argument vector (never a shell string), so
// no text the bridge passes is ever interpreted by a shell. The interface is what unit tests fake.
import { spawn } from 'node:child_process';
import { TmuxUnavailableError } from './tmux-errors';
import { tmuxProcessOptions } from './tmux-process';
import { serverArguments, type TmuxServerOptions } from './tmux-server';

export interface TmuxResult {
  readonly stdout: string;
  readonly stderr: string;
  readonly exitCode: number;
}

export interface TmuxRunOptions {
  /** Bytes for the command's standard input (e.g. `load-buffer -`). */
  readonly input?: string;
  readonly timeoutMs?: number;
}

export interface TmuxRunner {
  /** Runs `tmux <server args> <args>`; resolves with the exit code, rejects only if tmux cannot run. */
  run(args: readonly string[], options?: TmuxRunOptions): Promise<TmuxResult>;
}

const DEFAULT_TIMEOUT_MS = 10_000;

export class ProcessTmuxRunner implements TmuxRunner {
  constructor(readonly server: TmuxServerOptions) {}

  run(args: readonly string[], options: TmuxRunOptions = {}): Promise<TmuxResult> {
    return new Promise((resolve, reject) => {
      const child = spawn(this.server.binary, [...serverArguments(this.server), ...args], {
        ...tmuxProcessOptions(),
        stdio: ['pipe', 'pipe', 'pipe'],
      });
      const stdout: Buffer[] = [];
      const stderr: Buffer[] = [];
      const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
      child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
      child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
      child.once('error', (error: NodeJS.ErrnoException) => {
        clearTimeout(timer);
        reject(isNotFound(error) ? new TmuxUnavailableError(this.server.binary) : error);
      });
      child.once('close', (code, signal) => {
        clearTimeout(timer);
        resolve({
          stdout: Buffer.concat(stdout).toString('utf8'),
          stderr: Buffer.concat(stderr).toString('utf8') + (signal === null ? '' : `killed by ${signal}`),
          exitCode: code ?? 1,
        });
      });
      // A command that does not read stdin may close it early; that is not an error.
      child.stdin.on('error', () => undefined);
      child.stdin.end(options.input ?? '');
    });
  }
}

export function isNotFound(error: NodeJS.ErrnoException): boolean {
  return error.code === 'ENOENT' || error.code === 'EACCES';
}
