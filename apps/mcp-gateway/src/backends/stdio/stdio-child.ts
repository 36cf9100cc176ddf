// Manages one stdio backend server (spec 3.1): starts it on demand after the policy and the
// secret allow it, exposes its stdout as 'line' events and its stderr as a masked log, and
// stops it by closing stdin, waiting the grace period, then killing its whole process group.
import { EventEmitter } from 'node:events';
import { buildChildEnvironment, DEFAULT_SECRET_VARIABLE } from './child-environment';
import { LineRingBuffer } from './line-ring-buffer';
import { maskSecret } from './secret-masking';
import { stdioNotRunning } from './stdio-child.errors';
import {
  STDIO_CHILD_DEFAULTS,
  type StdioChildEvents,
  type StdioChildOptions,
  type StdioChildState,
  type StdioExit,
  type StdioSecret,
  type StdioStartFailure,
  type StdioStartResult,
} from './stdio-child.types';
import { checkStdioLaunch } from './stdio-launch.policy';
import { DEFAULT_STDIO_POLICY_SETTINGS } from './stdio-policy.settings';
import { policyViolation, type StdioPolicyResult, type StdioPolicyViolation } from './stdio-policy.types';
import { spawnStdioProcess, type StdioProcess } from './stdio-process';

/** One spawned process and the promise that resolves once its exit was recorded and announced. */
interface StdioRun {
  readonly process: StdioProcess;
  readonly recorded: Promise<StdioExit>;
}

export class StdioChild extends EventEmitter<StdioChildEvents> {
  private currentState: StdioChildState = 'not-started';
  private current?: StdioRun;
  private starting?: Promise<StdioStartResult>;
  private previousExit?: StdioExit;
  private previousFailure?: StdioStartFailure;
  private readonly stderr: LineRingBuffer;
  private readonly secretVariable: string;

  constructor(private readonly options: StdioChildOptions) {
    super();
    this.stderr = new LineRingBuffer(options.stderrLineCapacity ?? STDIO_CHILD_DEFAULTS.stderrLineCapacity);
    this.secretVariable = options.secretVariable ?? DEFAULT_SECRET_VARIABLE;
  }

  get serverId(): string {
    return this.options.serverId;
  }

  get state(): StdioChildState {
    return this.currentState;
  }

  get pid(): number | undefined {
    return this.current?.process.pid;
  }

  get lastExit(): StdioExit | undefined {
    return this.previousExit;
  }

  get lastFailure(): StdioStartFailure | undefined {
    return this.previousFailure;
  }

  /** The last stderr lines of this server (kept across restarts), oldest first, secret masked. */
  recentStderr(): string[] {
    return this.stderr.lines();
  }

  get stderrDroppedCount(): number {
    return this.stderr.droppedCount;
  }

  /**
   * Starts the process unless it runs already. Resolves once spawned, or with the reason it
   * was not (policy refusal, secret failure, spawn error: the state is then `failed`).
   */
  start(secret: StdioSecret): Promise<StdioStartResult> {
    const run = this.current;
    if (this.starting === undefined && run !== undefined && run.process.acceptsInput) {
      return Promise.resolve({ ok: true, pid: run.process.pid });
    }
    this.starting ??= this.launch(secret).finally(() => {
      this.starting = undefined;
    });
    return this.starting;
  }

  /** Writes one JSON-RPC message line to stdin; rejects with a DomainError when not running. */
  async send(line: string): Promise<void> {
    if (this.current === undefined || this.currentState !== 'running') throw stdioNotRunning(this.serverId);
    return this.current.process.send(line);
  }

  /** Stops the current run (see StdioProcess.stop); resolves once it is over, undefined if none. */
  async stop(): Promise<StdioExit | undefined> {
    if (this.starting !== undefined) await this.starting;
    const run = this.current;
    if (run === undefined) return undefined;
    await run.process.stop();
    return run.recorded;
  }

  private async launch(secret: StdioSecret): Promise<StdioStartResult> {
    // A run that is stopping or exiting (or closed its stdin) is finished first.
    const previous = this.current;
    if (previous !== undefined) {
      await previous.process.stop();
      await previous.recorded;
    }
    const allowed = this.checkStart(secret);
    if (!allowed.ok)
      return this.fail({ kind: 'security', violation: this.masked(allowed.violation, secret) });
    const secretValue = secret.kind === 'resolved' ? secret.value : undefined;
    const environment = buildChildEnvironment(
      this.options.parentEnvironment ?? process.env,
      secretValue,
      this.secretVariable,
      (this.options.settings ?? DEFAULT_STDIO_POLICY_SETTINGS).inheritedVariables,
    );
    const spawned = await spawnStdioProcess(allowed.command, environment, this.options.cwd, {
      serverId: this.serverId,
      graceMs: this.options.graceMs ?? STDIO_CHILD_DEFAULTS.graceMs,
      maxLineBytes: this.options.maxLineBytes ?? STDIO_CHILD_DEFAULTS.maxLineBytes,
      stderrMaxLineBytes: this.options.stderrMaxLineBytes ?? STDIO_CHILD_DEFAULTS.stderrMaxLineBytes,
      secret: secretValue,
      onLine: (line) => this.emit('line', line),
      onStderrLine: (line) => this.stderr.push(line),
    });
    if (!spawned.ok) {
      const message = maskSecret(spawned.message, secretValue);
      return this.fail({ kind: 'spawn', code: spawned.code, message });
    }
    const started = spawned.process;
    const recorded = started.exited.then((exit) => this.recordExit(started, exit));
    this.current = { process: started, recorded };
    this.currentState = 'running';
    this.previousFailure = undefined;
    return { ok: true, pid: started.pid };
  }

  private checkStart(secret: StdioSecret): StdioPolicyResult {
    const refuse = (violation: StdioPolicyViolation): StdioPolicyResult => ({ ok: false, violation });
    if (secret.kind === 'failed') {
      const reason = `the secret could not be resolved (${secret.reason})`;
      return refuse(policyViolation('secret-unavailable', this.secretVariable, reason));
    }
    const { commandLine, settings, parentEnvironment, cwd } = this.options;
    return checkStdioLaunch({
      commandLine,
      secretVariable: this.secretVariable,
      settings,
      parentEnvironment,
      cwd,
    });
  }

  private masked(violation: StdioPolicyViolation, secret: StdioSecret): StdioPolicyViolation {
    const value = secret.kind === 'resolved' ? secret.value : undefined;
    return {
      ...violation,
      token: maskSecret(violation.token, value),
      message: maskSecret(violation.message, value),
    };
  }

  private fail(failure: StdioStartFailure): StdioStartResult {
    this.currentState = 'failed';
    this.previousFailure = failure;
    return { ok: false, failure };
  }

  private recordExit(finished: StdioProcess, exit: StdioExit): StdioExit {
    if (this.current?.process === finished) {
      this.current = undefined;
      this.previousExit = exit;
      this.currentState = exit.reason === 'stopped' ? 'stopped' : 'exited';
      this.emit('exit', exit);
    }
    return exit;
  }
}
