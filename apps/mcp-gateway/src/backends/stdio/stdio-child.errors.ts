// Errors of the stdio backend feature as domain errors, so each transport maps them once:
// a stdio child that is offline is JSON-RPC -32001 "Server Disconnected / Not Running" (spec 7).
// None reaches a client by its code: the proxy answers -32001 with the message, and a refused
// start shows as the server's last error.
import { DomainError, type DomainErrorKind } from '@platform/service-kit';
import type { StdioStartFailure } from './stdio-child.types';
import type { StdioPolicyRule } from './stdio-policy.types';

export const StdioErrorCodes = {
  notRunning: 'stdio.not-running',
  invalidLine: 'stdio.invalid-line',
  stdinClosed: 'stdio.stdin-closed',
  spawnFailed: 'stdio.spawn-failed',
  /** Followed by `.<rule>`: a security exception, the server is shown as failed. */
  securityPrefix: 'stdio.security',
} as const;

/** A security exception: the stdio policy refused the command line (`stdio.security.<rule>`). */
export type StdioSecurityCode = `${typeof StdioErrorCodes.securityPrefix}.${StdioPolicyRule}`;

export type StdioErrorCode =
  | Exclude<(typeof StdioErrorCodes)[keyof typeof StdioErrorCodes], typeof StdioErrorCodes.securityPrefix>
  | StdioSecurityCode;

export function stdioErrorKind(code: StdioErrorCode): DomainErrorKind {
  switch (code) {
    case 'stdio.not-running':
    case 'stdio.stdin-closed':
    case 'stdio.security.empty-command':
    case 'stdio.security.command-too-long':
    case 'stdio.security.unbalanced-quote':
    case 'stdio.security.forbidden-character':
    case 'stdio.security.control-character':
    case 'stdio.security.remote-executable':
    case 'stdio.security.pseudo-file-executable':
    case 'stdio.security.loader-executable':
    case 'stdio.security.shell-executable':
    case 'stdio.security.command-runner':
    case 'stdio.security.interpreter-code':
    case 'stdio.security.command-not-allowed':
    case 'stdio.security.invalid-secret-variable':
    case 'stdio.security.secret-unavailable':
      return 'unavailable';
    case 'stdio.invalid-line':
      return 'invalid-input';
    case 'stdio.spawn-failed':
      return 'upstream-failed';
    default:
      return unknownCode(code);
  }
}

function stdioError(
  code: StdioErrorCode,
  message: string,
  details: Record<string, unknown> = {},
): DomainError {
  return new DomainError(stdioErrorKind(code), code, message, details);
}

function unknownCode(code: never): never {
  throw new Error(`No kind for the stdio error code ${String(code)}`);
}

export function stdioNotRunning(serverId: string): DomainError {
  return stdioError(StdioErrorCodes.notRunning, `stdio backend '${serverId}' is not running`);
}

export function stdioStdinClosed(serverId: string): DomainError {
  return stdioError(StdioErrorCodes.stdinClosed, `stdio backend '${serverId}' closed its input`);
}

export function stdioInvalidLine(serverId: string): DomainError {
  return stdioError(
    StdioErrorCodes.invalidLine,
    `a message for stdio backend '${serverId}' must be one line (no line feed or carriage return)`,
  );
}

/** The domain error for a failed start(); messages are already free of the secret. */
export function stdioStartError(serverId: string, failure: StdioStartFailure): DomainError {
  switch (failure.kind) {
    case 'security':
      return stdioError(
        `stdio.security.${failure.violation.rule}`,
        `stdio backend '${serverId}' refused: ${failure.violation.message}`,
        { serverId, rule: failure.violation.rule, token: failure.violation.token },
      );
    case 'spawn':
      return stdioError(
        StdioErrorCodes.spawnFailed,
        `stdio backend '${serverId}' could not be started: ${failure.message}`,
        { serverId, code: failure.code },
      );
  }
}
