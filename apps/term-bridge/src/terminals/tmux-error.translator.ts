// The one place where the tmux adapter's errors become the bridge's domain errors.
import { DomainError } from '@platform/service-kit';
import {
  TmuxClientClosedError,
  TmuxCommandError,
  TmuxSessionExistsError,
  TmuxSessionNotFoundError,
  TmuxUnavailableError,
} from '@platform/tmux';
import { BridgeErrors } from '../errors/bridge-errors';

export function translateTmuxError(error: unknown, sessionName?: string): unknown {
  if (error instanceof DomainError) return error;
  if (error instanceof TmuxUnavailableError) return BridgeErrors.tmuxNotFound(error.message);
  if (error instanceof TmuxSessionNotFoundError || error instanceof TmuxClientClosedError) {
    return BridgeErrors.sessionNotFound(sessionName ?? error.sessionName);
  }
  if (error instanceof TmuxSessionExistsError) return BridgeErrors.sessionExists(error.sessionName);
  if (error instanceof TmuxCommandError) return BridgeErrors.tmuxFailed(error.message);
  return error;
}

/** Runs `work`, translating tmux errors. */
export async function withTmuxErrors<T>(work: () => Promise<T>, sessionName?: string): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw translateTmuxError(error, sessionName);
  }
}
