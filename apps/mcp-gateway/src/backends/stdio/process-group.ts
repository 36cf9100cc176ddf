// Signals and watches a stdio backend's whole process group. Backends start `detached`, so
// the child leads its own group and wrappers' children (npx → node, uvx → python) are in it:
// killing only the direct child would orphan the real server (typescript-sdk#2023).
import { readdir, readFile } from 'node:fs/promises';
import { setTimeout as delay } from 'node:timers/promises';

export type GroupSignalOutcome = 'signalled' | 'gone' | 'not-permitted';

/** Sends `signal` (0: only test for existence) to every process of the group. */
export function signalProcessGroup(groupId: number, signal: NodeJS.Signals | 0): GroupSignalOutcome {
  try {
    process.kill(-groupId, signal);
    return 'signalled';
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ESRCH') return 'gone';
    if (code === 'EPERM') return 'not-permitted';
    throw error;
  }
}

/**
 * Whether any member of the group still runs. Zombies (dead, waiting for their new parent to
 * reap them) do not count; on Linux they are told apart through /proc.
 */
export async function isProcessGroupRunning(groupId: number): Promise<boolean> {
  if (signalProcessGroup(groupId, 0) === 'gone') return false;
  let entries: string[];
  try {
    entries = await readdir('/proc');
  } catch {
    return true; // No /proc: the group exists, and without /proc its members cannot be inspected.
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    // Fields after the command name, which may itself contain spaces and parentheses.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(fields[2]) === groupId && fields[0] !== 'Z' && fields[0] !== 'X') return true;
  }
  return false;
}

/** Polls until no member of the group runs; false if some still run after `timeoutMs`. */
export async function waitForProcessGroupExit(
  groupId: number,
  timeoutMs: number,
  pollMs = 20,
): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (!(await isProcessGroupRunning(groupId))) return true;
    if (Date.now() >= deadline) return false;
    await delay(pollMs);
  }
}
