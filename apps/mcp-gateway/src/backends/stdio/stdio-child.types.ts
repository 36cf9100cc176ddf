// The public shapes of a managed stdio backend process: its states (spec 3.1), start and
// exit outcomes, options and events.
import type { StdioPolicySettings } from './stdio-policy.settings';
import type { StdioPolicyViolation } from './stdio-policy.types';

/**
 * not-started → running (start) → exited (the process ended by itself or broke the protocol)
 * or stopped (stop()); not-started → failed (policy refusal, secret failure, spawn error).
 * start() is allowed again from exited, stopped and failed (lazy restart is the caller's call).
 */
export type StdioChildState = 'not-started' | 'running' | 'exited' | 'stopped' | 'failed';

/** The backend's secret, resolved by the caller (secret providers are another module). */
export type StdioSecret =
  | { readonly kind: 'none' }
  | { readonly kind: 'resolved'; readonly value: string }
  | { readonly kind: 'failed'; readonly reason: string };

export type StdioStartFailure =
  /** A security exception (spec 7): policy refusal or secret failure. Nothing was spawned. */
  | { readonly kind: 'security'; readonly violation: StdioPolicyViolation }
  /** The operating system could not start the executable (ENOENT, EACCES...). */
  | { readonly kind: 'spawn'; readonly code: string; readonly message: string };

export type StdioStartResult =
  { readonly ok: true; readonly pid: number } | { readonly ok: false; readonly failure: StdioStartFailure };

export type StdioExitReason = 'exited' | 'stopped' | 'line-too-long';

export interface StdioExit {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly reason: StdioExitReason;
  /** False when a member of the process group survived SIGKILL (e.g. it was stopped in the kernel). */
  readonly processGroupCleared: boolean;
}

export interface StdioChildOptions {
  readonly serverId: string;
  /** The server record's `url`: executable and arguments, parsed without a shell. */
  readonly commandLine: string;
  /** The server record's `secretItemKey` (default API_KEY). */
  readonly secretVariable?: string;
  /** stdin closed → forced kill of the process group (spec 8: 1000 ms). */
  readonly graceMs?: number;
  /** A stdout line longer than this is a protocol error: the process group is killed. */
  readonly maxLineBytes?: number;
  readonly stderrLineCapacity?: number;
  readonly stderrMaxLineBytes?: number;
  /** What the child's environment is built from (an allow-list of it); defaults to process.env. */
  readonly parentEnvironment?: Readonly<Record<string, string | undefined>>;
  readonly cwd?: string;
  /** The operator's allow-list of executables and extra inherited variables. */
  readonly settings?: StdioPolicySettings;
}

export const STDIO_CHILD_DEFAULTS = {
  graceMs: 1000,
  maxLineBytes: 16 * 1024 * 1024,
  stderrLineCapacity: 1000,
  stderrMaxLineBytes: 4096,
} as const;

export interface StdioChildEvents {
  /** One stdout line, without its newline (a last line without one is delivered at EOF). */
  line: [line: string];
  /** After every line of the run was delivered and the process group was killed. */
  exit: [exit: StdioExit];
}
