// Errors of the stdio backend feature as domain errors, so each transport maps them once:
// a stdio child that is offline is JSON-RPC -32001 "Server Disconnected / Not Running" (spec 7).
import { DomainError } from '@platform/service-kit';
import type { StdioStartFailure } from './stdio-child.types';

export const StdioErrorCodes = {
  notRunning: 'stdio.not-running',
  invalidLine: 'stdio.invalid-line',
  stdinClosed: 'stdio.stdin-closed',
  spawnFailed: 'stdio.spawn-failed',
  /** Followed by `.<rule>`: a security exception, the server is shown as failed. */
  securityPrefix: 'stdio.security',
} as const;

export function stdioNotRunning(serverId: string): DomainError {
  return new DomainError(
    'unavailable',
    StdioErrorCodes.notRunning,
    `stdio backend '${serverId}' is not running`,
  );
}

export function stdioStdinClosed(serverId: string): DomainError {
  return new DomainError(
    'unavailable',
    StdioErrorCodes.stdinClosed,
    `stdio backend '${serverId}' closed its input`,
  );
}

export function stdioInvalidLine(serverId: string): DomainError {
  return new DomainError(
    'invalid-input',
    StdioErrorCodes.invalidLine,
    `a message for stdio backend '${serverId}' must be one line (no line feed or carriage return)`,
  );
}

/** The domain error for a failed start(); messages are already free of the secret. */
export function stdioStartError(serverId: string, failure: StdioStartFailure): DomainError {
  switch (failure.kind) {
    case 'security':
      return new DomainError(
        'unavailable',
        `${StdioErrorCodes.securityPrefix}.${failure.violation.rule}`,
        `stdio backend '${serverId}' refused: ${failure.violation.message}`,
        { serverId, rule: failure.violation.rule, token: failure.violation.token },
      );
    case 'spawn':
      return new DomainError(
        'upstream-failed',
        StdioErrorCodes.spawnFailed,
        `stdio backend '${serverId}' could not be started: ${failure.message}`,
        { serverId, code: failure.code },
      );
  }
}
