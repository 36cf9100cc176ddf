// How a prune judges a change (a PUT or a DELETE) whose answer it did not get, or that failed:
// by reading the instance again, at once and, when the answer was lost (timed out, dropped), after
// the same waits the season's unmonitor confirmation uses, since Sonarr and Radarr go on applying a
// change after the client gave up on it. Also how a failure is put in words safe to show.
import { MediaClientError } from '@platform/curation-media-clients';

/** A failure as a sentence safe to show: media client errors are scrubbed, anything else is not shown. */
export function describeFailure(error: unknown): string {
  if (error instanceof MediaClientError) return error.message;
  return 'an unexpected error (see the service log)';
}

export interface PruneRunOptions {
  /**
   * Waits before each re-read that settles a change whose answer was lost (a PUT or a DELETE that
   * timed out or dropped): Sonarr and Radarr go on applying it after the client gave up.
   */
  readonly confirmWaitsMs: readonly number[];
  readonly sleep?: (milliseconds: number) => Promise<void>;
}

export function sleeper(options: PruneRunOptions): (milliseconds: number) => Promise<void> {
  return options.sleep ?? ((milliseconds) => new Promise((resolve) => setTimeout(resolve, milliseconds)));
}

/** The change was sent but its answer never came (timed out, connection dropped): it may still land. */
export function answerLost(error: unknown): boolean {
  return error instanceof MediaClientError && (error.code === 'timeout' || error.code === 'unreachable');
}

/**
 * Reads at once and, when the change's answer was lost, again after each wait until `settled`;
 * the last read that succeeded (undefined when none did). A failed read is tried again at the next.
 */
export async function rereadUntil<T>(
  read: () => Promise<T>,
  settled: (value: T) => boolean,
  lost: boolean,
  options: PruneRunOptions,
): Promise<T | undefined> {
  const sleep = sleeper(options);
  let last: T | undefined;
  for (const wait of lost ? [0, ...options.confirmWaitsMs] : [0]) {
    if (wait > 0) await sleep(wait);
    try {
      last = await read();
      if (settled(last)) return last;
    } catch {
      // The next read, if any, tells; none succeeding leaves `last` as it was.
    }
  }
  return last;
}

/** Why a change whose effect was not seen failed, telling a lost answer from a refusal. */
export function unsettled(error: unknown, lost: boolean, state: string): string {
  return lost
    ? `the outcome is unknown: the answer was lost (${describeFailure(error)}) and ${state}; the delete may still complete`
    : `the delete failed (${describeFailure(error)}); ${state}`;
}
